/**
 * `@halyard/sdk/forms`: HAL-FORMS (`application/prs.hal-forms+json`). A client built with
 * {@link halFormsAdapter} asks for HAL-FORMS, and its states offer the documents' templates as
 * actions, validated before they are sent. A client without it carries none of this code.
 *
 * @packageDocumentation
 */
import { Action } from './action.js'
import { type HalAdapterOptions, type RepresentationAdapter, readHal } from './adapter.js'
import { type Field, readTemplates } from './forms.js'
import { isRecord } from './is-record.js'
import { deepFreeze } from './state.js'

export { Action } from './action.js'
export type { Field, FieldOption, FieldOptionsLink, Template } from './forms.js'
export type { StateAction } from './state.js'

/**
 * A field whose options are behind a link, that link resolved against the document when it can be
 * (in place: the templates are read afresh for each state).
 */
const resolveOptionsLink = (uri: string) => (field: Field) => {
  const link = field.options?.link
  if (link && !link.templated && URL.canParse(link.href, uri))
    link.href = new URL(link.href, uri).href
  return field
}

/**
 * The HAL-FORMS adapter (`application/prs.hal-forms+json`): HAL as `halAdapter` reads it, plus
 * the `_templates` that `state.actions()` offers. Its `Accept` asks for HAL-FORMS first and takes
 * HAL or JSON from servers that have no forms.
 *
 * @example
 * ```ts
 * import { createClient } from '@halyard/sdk'
 * import { halFormsAdapter } from '@halyard/sdk/forms'
 *
 * const client = createClient({ baseUrl, adapter: halFormsAdapter() })
 * await (await client.go('articles/1').get()).action().submit({ title: 'Edited' })
 * ```
 */
export function halFormsAdapter(options: HalAdapterOptions = {}): RepresentationAdapter {
  // `_templates` is no data: left out in the same pass, the data is copied once.
  const read = readHal(options, '_templates')
  return {
    accept: 'application/prs.hal-forms+json, application/hal+json;q=0.9, application/json;q=0.8',
    read(body) {
      const representation = read(body)
      if (!isRecord(body)) return representation
      const raw = body._templates
      // Parsed on use (the state reads it once, if ever): most states are never asked for actions.
      return {
        ...representation,
        get templates() {
          return readTemplates(raw)
        },
      }
    },
    // A target resolves against the document; without one, an action acts on the state itself.
    actions: (representation, state, uri, go) =>
      (representation.templates ?? []).flatMap((template) => {
        let target: string
        try {
          target = new URL(template.target ?? state.uri, uri).href
        } catch {
          return [] // a template whose target is no URL is skipped, as such a link is
        }
        const fields = template.fields.map(resolveOptionsLink(uri))
        return [new Action(state, deepFreeze({ ...template, target, fields }), go)]
      }),
  }
}
