import type { Field } from '@halyard/sdk'
import type { FormEvent } from 'react'

/**
 * A form drawn from a HAL-FORMS template's fields: labels, types, required and lengths come from
 * the server, not from this app.
 */
export function TemplateForm({
  fields,
  values = {},
  submit,
  label,
  busy,
}: {
  fields: readonly Field[]
  values?: Record<string, unknown>
  submit: (values: Record<string, string>) => void
  label: string
  busy: boolean
}) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const entered: Record<string, string> = {}
    for (const field of fields) {
      const value = data.get(field.name)
      // An empty optional field is left out: the template's constraints apply to what is sent.
      if (typeof value === 'string' && (value !== '' || field.required)) entered[field.name] = value
    }
    submit(entered)
  }
  return (
    <form onSubmit={onSubmit}>
      {fields
        .filter((field) => !field.readOnly)
        .map((field) => {
          const common = {
            id: `field-${field.name}`,
            name: field.name,
            required: field.required,
            defaultValue: String(values[field.name] ?? field.value ?? ''),
            ...(field.maxLength !== undefined && { maxLength: field.maxLength }),
          }
          return (
            <p key={field.name}>
              <label htmlFor={common.id}>{field.prompt ?? field.name}</label>{' '}
              {field.type === 'textarea' ? (
                <textarea {...common} rows={6} />
              ) : (
                <input {...common} type={field.type} />
              )}
            </p>
          )
        })}
      <button type="submit" disabled={busy}>
        {label}
      </button>
    </form>
  )
}
