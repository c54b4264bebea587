import { isValidationError, type Field as TemplateField } from '@halyard/sdk'
import { type Child, h, uniqueId } from '../dom.js'
import { explain } from '../errors.js'
import { accessToken, TOKEN_HINT } from '../token.js'

/** Text the template allows to be longer than this many characters gets a textarea, not a line. */
const LONG_TEXT = 500

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/** A labelled control with its hint and its error, tied together by `aria-describedby`. */
interface FormField {
  readonly row: HTMLElement
  readonly control: Control
  setError(message: string | undefined): void
}

function formField(label: string, control: Control, hint?: string): FormField {
  control.id = uniqueId('field')
  const hintId = hint ? `${control.id}-hint` : undefined
  const errorId = `${control.id}-error`
  const error = h('p', { id: errorId, class: 'field-error', hidden: true })
  const describe = (withError: boolean) => {
    const ids = [hintId, withError ? errorId : undefined].filter(Boolean).join(' ')
    if (ids) control.setAttribute('aria-describedby', ids)
    else control.removeAttribute('aria-describedby')
  }
  describe(false)
  return {
    row: h(
      'div',
      { class: 'field' },
      h('label', { for: control.id }, label),
      hint && h('p', { id: hintId, class: 'hint' }, hint),
      control,
      error,
    ),
    control,
    setError(message) {
      error.textContent = message ?? ''
      error.hidden = message === undefined
      if (message === undefined) control.removeAttribute('aria-invalid')
      else control.setAttribute('aria-invalid', 'true')
      describe(message !== undefined)
    },
  }
}

/**
 * The control a template property asks for, with its constraints as HTML attributes: a `select`
 * for inline options, a `textarea` for long text, else an `input` of the property's type.
 */
function controlFor(field: TemplateField): Control {
  const common = {
    name: field.name,
    required: field.required,
    placeholder: field.placeholder,
    autocomplete: 'off',
  }
  if (field.options) {
    const { inline } = field.options
    // An optional choice can be left unmade.
    const none = field.required ? [] : [h('option', { value: '' }, '—')]
    return h(
      'select',
      { ...common, disabled: field.readOnly },
      ...none,
      ...inline.map((option) => h('option', { value: option.value }, option.prompt)),
    )
  }
  const lengths = {
    readonly: field.readOnly,
    minlength: field.minLength,
    maxlength: field.maxLength,
  }
  if (field.type === 'textarea' || (field.maxLength ?? Number.POSITIVE_INFINITY) > LONG_TEXT) {
    return h('textarea', { ...common, ...lengths, rows: 8 })
  }
  return h('input', {
    ...common,
    ...lengths,
    type: field.type,
    pattern: field.regex,
    min: field.min,
    max: field.max,
    step: field.step,
  })
}

/** The property a 422's JSON Pointer (`/title`) names: its first segment, unescaped. */
const nameOf = (pointer: string): string =>
  (pointer.split('/')[1] ?? '').replace(/~1/g, '/').replace(/~0/g, '~')

/** What a form holds: a property's name to its value. */
export type FormValues = Record<string, unknown>

export interface TemplateFormOptions {
  /** The properties to ask for, from the action's template (`action.fields`), in its order. */
  readonly fields: readonly TemplateField[]
  /** The values to start from; a property left out starts from the template's `value`. */
  readonly values: FormValues
  readonly submitLabel: string
  /** Names the form for assistive technology, when no heading does. */
  readonly label?: string
  /** Buttons beside the submit button (e.g. Cancel). */
  readonly buttons?: readonly HTMLElement[]
  /**
   * Saves the values (empty fields left out), typically through `action.submit()`. A rejection
   * the form does not handle itself goes to `onError` first.
   */
  readonly save: (values: FormValues) => Promise<void>
  /** Handles an error of `save` the form should not explain itself; true when it did. */
  readonly onError?: (error: unknown) => boolean
  readonly apiUrl: string
}

/** A template's form, and what its view can do with it. */
export interface TemplateForm {
  readonly element: HTMLFormElement
  /** Fills the fields (after loading the latest version, say). */
  setValues(values: FormValues): void
  /** Shows a message above the fields, announced at once (`role="alert"`); none removes it. */
  alert(...content: Child[]): HTMLElement | undefined
  /** Moves focus to the first field. */
  focus(): void
}

/**
 * A form built from a HAL-FORMS template: a control per property, labelled by its `prompt`, with
 * its constraints (`required`, `minlength`, `maxlength`, `pattern`, `min`, `max`, options as a
 * `select`), and an access token. Errors of `action.submit()` (checked against the template, no
 * request sent) and of the server's 422 alike appear beside the field their pointer names
 * (`aria-invalid`, `aria-describedby`) and focus moves to the first; a 401 or 403 is explained
 * beside the token.
 *
 * @example
 * templateForm({ fields: action.fields, values: {}, submitLabel: 'Create', apiUrl,
 *   save: async (values) => { await action.submit(values as ArticleInput) } })
 */
export function templateForm(options: TemplateFormOptions): TemplateForm {
  const fields = new Map(
    options.fields.map((field) => [
      field.name,
      { field, ...formField(field.prompt ?? field.name, controlFor(field)) },
    ]),
  )
  const token = formField(
    'Access token',
    h('input', {
      name: 'token',
      type: 'password',
      autocomplete: 'off',
      spellcheck: 'false',
      value: accessToken.get(),
    }),
    TOKEN_HINT,
  )
  const every = [...fields.values(), token]
  const submit = h('button', { type: 'submit', class: 'primary' }, options.submitLabel)
  const alertSlot = h('div', {})
  // The template is checked by submit() and the server: the browser's own checks would hide both.
  const element = h(
    'form',
    { novalidate: true, class: 'template-form', 'aria-label': options.label },
    alertSlot,
    ...every.map((each) => each.row),
    h('div', { class: 'actions' }, submit, ...(options.buttons ?? [])),
  )

  const form: TemplateForm = {
    element,
    setValues(values) {
      for (const [name, { field, control }] of fields) {
        const value = values[name] ?? field.value
        if (isCheckbox(field, control)) control.checked = value === true || value === 'true'
        else control.value = value === undefined || value === null ? '' : String(value)
      }
    },
    alert(...children) {
      alertSlot.replaceChildren()
      if (!children.length) return undefined
      const box = h('div', { role: 'alert', class: 'alert', tabindex: -1 }, ...children)
      alertSlot.append(box)
      return box
    },
    focus: () => every[0]?.control.focus(),
  }
  form.setValues(options.values)

  const read = (): FormValues => {
    const values: FormValues = {}
    for (const [name, { field, control }] of fields) {
      // A checkbox is a boolean either way; an empty text field is left out.
      if (isCheckbox(field, control)) values[name] = control.checked
      if (isCheckbox(field, control) || control.value === '') continue
      values[name] = /^(number|range)$/.test(field.type) ? Number(control.value) : control.value
    }
    return values
  }

  const showError = (error: unknown) => {
    if (isValidationError(error)) {
      const elsewhere: string[] = []
      for (const { pointer, detail } of error.errors) {
        const named = fields.get(nameOf(pointer))
        if (named) named.setError(detail)
        else elsewhere.push(`${pointer || 'The article'}: ${detail}`)
      }
      form.alert(
        h('p', {}, 'The article was not saved: please correct the fields marked below.'),
        elsewhere.length > 0 && h('ul', {}, ...elsewhere.map((text) => h('li', {}, text))),
      )
      every.find((each) => each.control.getAttribute('aria-invalid') === 'true')?.control.focus()
      return
    }
    if (options.onError?.(error)) return
    const { message, field: name } = explain(error, options.apiUrl)
    if (name === 'token') {
      token.setError(message)
      form.alert(h('p', {}, 'The article was not saved: the API refused the access token.'))
      token.control.focus()
    } else {
      form.alert(h('p', {}, `The article was not saved. ${message}`))?.focus()
    }
  }

  element.addEventListener('submit', async (event) => {
    event.preventDefault()
    for (const each of every) each.setError(undefined)
    form.alert()
    accessToken.set(token.control.value)
    submit.disabled = true
    element.setAttribute('aria-busy', 'true')
    try {
      await options.save(read())
    } catch (error) {
      showError(error)
    } finally {
      submit.disabled = false
      element.removeAttribute('aria-busy')
    }
  })
  return form
}

/** A HAL-FORMS `checkbox` property, shown as a checkbox: its value is `checked`, a boolean. */
const isCheckbox = (field: TemplateField, control: Control): control is HTMLInputElement =>
  field.type === 'checkbox' && control instanceof HTMLInputElement
