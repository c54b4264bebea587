import type { FieldError } from './errors.js'
import { isRecord } from './is-record.js'

/** One choice of a field with inline `options`. */
export interface FieldOption {
  prompt: string
  value: string
}

/**
 * One property of a HAL-FORMS template: what a value must be, and how to ask for it. Members the
 * template leaves out are absent (`type` defaults to `text`).
 */
export interface Field<N extends string = string> {
  name: N
  /** An HTML input type: `text`, `textarea`, `number`, `email`… */
  type: string
  required: boolean
  readOnly: boolean
  /** The label to show. */
  prompt?: string
  placeholder?: string
  /** The value to start from. */
  value?: unknown
  /** A pattern the whole value must match, as HTML's `pattern`. */
  regex?: string
  min?: number
  max?: number
  step?: number
  /** In characters (Unicode code points), as JSON Schema counts them. */
  minLength?: number
  maxLength?: number
  /** The allowed values, when the template lists them inline. */
  options?: { inline: readonly FieldOption[]; minItems?: number; maxItems?: number }
}

/** A HAL-FORMS template, as {@link halFormsAdapter} reads it. */
export interface Template {
  name: string
  title?: string
  /** Upper case. */
  method: string
  /** Default `application/json`. */
  contentType: string
  /** As written; absent for the document itself. */
  target?: string
  fields: readonly Field[]
}

/** The members of `source` of type `type` among `keys`. */
const pick = (source: Record<string, unknown>, keys: string, type: string) =>
  Object.fromEntries(
    keys.split(' ').flatMap((key) => (typeof source[key] === type ? [[key, source[key]]] : [])),
  )

function readField(raw: unknown): Field[] {
  if (!isRecord(raw) || typeof raw.name !== 'string') return []
  const {
    inline,
    promptField = 'prompt',
    valueField = 'value',
  } = isRecord(raw.options) ? raw.options : {}
  // An inline option is a string, or an object whose prompt and value live under the named keys.
  const choice = (entry: unknown): FieldOption =>
    isRecord(entry)
      ? { prompt: String(entry[String(promptField)]), value: String(entry[String(valueField)]) }
      : { prompt: String(entry), value: String(entry) }
  return [
    {
      type: 'text',
      ...pick(raw, 'type prompt placeholder regex', 'string'),
      ...pick(raw, 'min max step minLength maxLength', 'number'),
      name: raw.name,
      required: raw.required === true,
      readOnly: raw.readOnly === true,
      ...('value' in raw && { value: raw.value }),
      ...(Array.isArray(inline) && {
        options: {
          inline: inline.map(choice),
          ...pick(raw.options as object as Record<string, unknown>, 'minItems maxItems', 'number'),
        },
      }),
    } as Field,
  ]
}

/** The templates of a HAL-FORMS `_templates` member; malformed ones are skipped. */
export function readTemplates(raw: unknown): Template[] {
  return Object.entries(isRecord(raw) ? raw : {}).flatMap(([name, template]) =>
    isRecord(template)
      ? [
          {
            contentType: 'application/json',
            ...pick(template, 'title contentType target', 'string'),
            name,
            method: (typeof template.method === 'string' ? template.method : 'GET').toUpperCase(),
            fields: Array.isArray(template.properties)
              ? template.properties.flatMap(readField)
              : [],
          } as Template,
        ]
      : [],
  )
}

/**
 * What is wrong with `values` for `fields`, as a 422 would say it: a JSON Pointer and a detail per
 * fault; empty when they are valid.
 */
export function validate(fields: readonly Field[], values: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = []
  for (const { name, type, required, options, regex, ...field } of fields) {
    const value = values[name]
    const fail = (detail: string) =>
      errors.push({
        pointer: `/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`,
        detail: `${name} ${detail}`,
      })
    // What JSON type the input type asks for; none for the types whose values vary.
    const kind = /^(number|range)$/.test(type)
      ? 'number'
      : /^(text|textarea|email|password|search|tel|url)$/.test(type) && 'string'
    // Characters as Unicode code points, as JSON Schema counts them.
    const size = typeof value === 'string' ? [...value].length : value
    const allowed = options?.inline.map((option) => option.value)
    if (value === undefined || value === null || value === '') {
      if (required) fail('is required')
    } else if (kind && typeof value !== kind) fail(`must be a ${kind}`)
    else {
      const unit = typeof value === 'string' ? ' characters' : ''
      const least = unit ? field.minLength : field.min
      const most = unit ? field.maxLength : field.max
      if (typeof size === 'number' && size < (least ?? -Infinity))
        fail(`must be at least ${least}${unit}`)
      if (typeof size === 'number' && size > (most ?? Infinity))
        fail(`must be at most ${most}${unit}`)
      try {
        // Anchored, as HTML's `pattern`.
        if (regex && !new RegExp(`^(?:${regex})$`, 'u').test(String(value)))
          fail(`must match ${regex}`)
      } catch {} // a pattern this engine cannot read is left to the server
      if (allowed && [value].flat().some((each) => !allowed.includes(String(each))))
        fail(`must be one of ${allowed.join(', ')}`)
    }
  }
  return errors
}
