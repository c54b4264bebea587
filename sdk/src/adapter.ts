import type { HalLink } from 'hal-types'
import { readTemplates, type Template } from './forms.js'
import { isRecord } from './is-record.js'

/** A document split into its parts, whatever the media type's spelling of them. */
export interface Representation {
  /** The resource's own properties. */
  data: unknown
  /** Links by rel, HAL-style. */
  links: Record<string, HalLink | HalLink[]>
  /** Embedded documents by rel, each still in its media type's form. */
  embedded: Record<string, unknown[]>
  /**
   * The actions the document offers (HAL-FORMS `_templates`). Read only when a state's actions
   * are asked for, so an adapter may define it as a getter that parses on first use.
   */
  templates?: readonly Template[]
}

/**
 * Reads one media type into a {@link Representation}, so the client's core never looks at a
 * media type's keys itself.
 */
export interface RepresentationAdapter {
  /** The `Accept` header sent with reads. */
  readonly accept: string
  /** Splits a parsed body. */
  read(body: unknown): Representation
}

/** Options of {@link halAdapter}. */
export interface HalAdapterOptions {
  /**
   * Keys that hold links, merged, the first key's link winning a rel found under several.
   * Default `['_links']`, as HAL specifies; `@halyard/sdk/blog` adds the Blog API's `_link`.
   */
  linkKeys?: readonly string[]
  /** The rel given to an `_embedded` that is an array rather than HAL's object. Default `item`. */
  arrayEmbeddedRel?: string
}

/**
 * Splits HAL documents (see {@link halAdapter}) in one pass each: every member but the link keys,
 * `_embedded` and `reserved` is data.
 */
function readHal(options: HalAdapterOptions, reserved?: string): (body: unknown) => Representation {
  const linkKeys = options.linkKeys ?? ['_links']
  const arrayEmbeddedRel = options.arrayEmbeddedRel ?? 'item'
  const skipped = new Set([...linkKeys, '_embedded', reserved])
  return (body) => {
    if (!isRecord(body)) return { data: body, links: {}, embedded: {} }
    let data: Record<string, unknown> = {}
    for (const key of Object.keys(body))
      if (skipped.has(key)) continue
      // A literal defines its members, so that a `__proto__` member stays plain data.
      else if (key === '__proto__') data = { ...data, [key]: body[key] }
      else data[key] = body[key]
    // Merged, for APIs that spell links several ways (the Blog API's `_link` beside `_links`).
    // Spread defines members too, so a `__proto__` rel stays plain data.
    let links: Record<string, unknown> = {}
    for (const key of linkKeys) {
      const found = body[key]
      if (isRecord(found)) links = { ...found, ...links }
    }
    const raw = body._embedded
    const embedded: Record<string, unknown[]> = Array.isArray(raw)
      ? { [arrayEmbeddedRel]: raw }
      : Object.fromEntries(
          Object.entries(isRecord(raw) ? raw : {}).map(([rel, value]) => [
            rel,
            Array.isArray(value) ? value : [value],
          ]),
        )
    return { data, links: links as Representation['links'], embedded }
  }
}

/**
 * The HAL adapter: HAL as specified (`_links`, `_embedded` keyed by rel), and an `_embedded` that
 * is a plain array, as some servers write it, as items. Links under other keys (the Blog API's
 * `_link`) are read when `linkKeys` names them.
 *
 * @example
 * ```ts
 * createClient({ baseUrl, adapter: halAdapter({ arrayEmbeddedRel: 'items' }) })
 * ```
 */
export function halAdapter(options: HalAdapterOptions = {}): RepresentationAdapter {
  return { accept: 'application/hal+json, application/json;q=0.9', read: readHal(options) }
}

/**
 * The HAL-FORMS adapter (`application/prs.hal-forms+json`), the default: HAL as {@link halAdapter}
 * reads it, plus the `_templates` that `state.actions()` offers. Its `Accept` asks for HAL-FORMS
 * first and takes HAL or JSON from servers that have no forms.
 *
 * @example
 * ```ts
 * createClient({ baseUrl, adapter: halFormsAdapter({ arrayEmbeddedRel: 'items' }) })
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
  }
}
