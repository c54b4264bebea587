import type { HalLink } from 'hal-types'
import type { Action } from './action.js'
import type { Template } from './forms.js'
import { isRecord } from './is-record.js'
import type { Go, State } from './state.js'

/** A document split into its parts, whatever the media type's spelling of them. */
export interface Representation {
  /** The resource's own properties. */
  data: unknown
  /** Links by rel, HAL-style. */
  links: Record<string, HalLink | HalLink[]>
  /** Embedded documents by rel, each still in its media type's form. */
  embedded: Record<string, unknown[]>
  /**
   * The actions the document offers (HAL-FORMS `_templates`), for the adapter's own `actions`.
   * Read only when a state's actions are asked for, so an adapter may define it as a getter that
   * parses on first use.
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
  /**
   * The actions of `state`, read from `representation` (hrefs resolved against `uri`, the
   * document fetched); asked for once, on the state's first use of its actions. An adapter without
   * it (such as {@link halAdapter}) offers none, and a read-only client carries no forms code:
   * `halFormsAdapter` from `@halyard/sdk/forms` has it.
   */
  actions?(representation: Representation, state: State, uri: string, go?: Go): readonly Action[]
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
 * @internal Splits HAL documents (see {@link halAdapter}) in one pass each: every member but the
 * link keys, `_embedded` and `reserved` is data. The HAL-FORMS adapter reads with it too.
 */
export function readHal(
  options: HalAdapterOptions,
  reserved?: string,
): (body: unknown) => Representation {
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
 * The HAL adapter, the default: HAL as specified (`_links`, `_embedded` keyed by rel), and an
 * `_embedded` that is a plain array, as some servers write it, as items. Links under other keys (the Blog API's
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
