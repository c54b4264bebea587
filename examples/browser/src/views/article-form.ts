import { isValidationError } from '@halyard/sdk'
import type { ArticleInput } from '@halyard/sdk/blog'
import { type Child, h, uniqueId } from '../dom.js'
import { explain } from '../errors.js'
import { accessToken, TOKEN_HINT } from '../token.js'

type FieldName = 'title' | 'content' | 'token'

/** A labelled control with its hint and its error, tied together by `aria-describedby`. */
interface Field {
  readonly row: HTMLElement
  readonly control: HTMLInputElement | HTMLTextAreaElement
  setError(message: string | undefined): void
}

function field(label: string, control: Field['control'], hint?: string): Field {
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

/** A JSON Pointer of a 422 (`/title`) to the field it names, if the form has it. */
const fieldOf = (pointer: string): FieldName | undefined => {
  const name = pointer.split('/')[1]
  return name === 'title' || name === 'content' ? name : undefined
}

export interface ArticleFormOptions {
  readonly values: ArticleInput
  readonly submitLabel: string
  /** Saves the input. A rejection the form does not handle itself goes to `onError` first. */
  readonly save: (input: ArticleInput) => Promise<void>
  /** Handles an error of `save` the form should not explain itself; true when it did. */
  readonly onError?: (error: unknown) => boolean
  readonly apiUrl: string
}

/** An article form, and what its view can do with it. */
export interface ArticleForm {
  readonly element: HTMLFormElement
  /** Fills the title and content (after loading the latest version, say). */
  setValues(values: ArticleInput): void
  /** Shows a message above the fields, announced at once (`role="alert"`); none removes it. */
  alert(...content: Child[]): HTMLElement | undefined
  /** Moves focus to the title field. */
  focus(): void
}

/**
 * The form to create or edit an article: title, content and an access token. On a 422 each
 * message appears beside the field its pointer names (`aria-invalid`, `aria-describedby`) and
 * focus moves to the first; a 401 or 403 is explained beside the token.
 */
export function articleForm(options: ArticleFormOptions): ArticleForm {
  const title = field('Title', h('input', { name: 'title', required: true, autocomplete: 'off' }))
  const content = field('Content', h('textarea', { name: 'content', rows: 8 }))
  const token = field(
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
  const fields: Record<FieldName, Field> = { title, content, token }
  const submit = h('button', { type: 'submit', class: 'primary' }, options.submitLabel)
  const alertSlot = h('div', {})
  // The server validates: the browser's own checks would hide its 422 answers.
  const element = h(
    'form',
    { novalidate: true, class: 'article-form' },
    alertSlot,
    title.row,
    content.row,
    token.row,
    h('div', { class: 'actions' }, submit),
  )

  const form: ArticleForm = {
    element,
    setValues(values) {
      title.control.value = values.title
      content.control.value = values.content ?? ''
    },
    alert(...children) {
      alertSlot.replaceChildren()
      if (!children.length) return undefined
      const box = h('div', { role: 'alert', class: 'alert', tabindex: -1 }, ...children)
      alertSlot.append(box)
      return box
    },
    focus: () => title.control.focus(),
  }
  form.setValues(options.values)

  const clearErrors = () => {
    for (const each of Object.values(fields)) each.setError(undefined)
    form.alert()
  }

  const showError = (error: unknown) => {
    if (isValidationError(error)) {
      const elsewhere: string[] = []
      for (const { pointer, detail } of error.errors) {
        const name = fieldOf(pointer)
        if (name) fields[name].setError(detail)
        else elsewhere.push(`${pointer || 'The article'}: ${detail}`)
      }
      form.alert(
        h('p', {}, 'The article was not saved: please correct the fields marked below.'),
        elsewhere.length > 0 && h('ul', {}, ...elsewhere.map((text) => h('li', {}, text))),
      )
      const first = Object.values(fields).find(
        (each) => each.control.getAttribute('aria-invalid') === 'true',
      )
      first?.control.focus()
      return
    }
    if (options.onError?.(error)) return
    const { message, field: name } = explain(error, options.apiUrl)
    if (name) {
      fields[name].setError(message)
      form.alert(h('p', {}, 'The article was not saved: the API refused the access token.'))
      fields[name].control.focus()
    } else {
      form.alert(h('p', {}, `The article was not saved. ${message}`))?.focus()
    }
  }

  element.addEventListener('submit', async (event) => {
    event.preventDefault()
    clearErrors()
    accessToken.set(token.control.value)
    const input: ArticleInput = content.control.value
      ? { title: title.control.value, content: content.control.value }
      : { title: title.control.value }
    submit.disabled = true
    element.setAttribute('aria-busy', 'true')
    try {
      await options.save(input)
    } catch (error) {
      showError(error)
    } finally {
      submit.disabled = false
      element.removeAttribute('aria-busy')
    }
  })
  return form
}
