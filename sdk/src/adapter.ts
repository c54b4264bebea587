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
   * Default `['_links', '_link']`.
   */
  linkKeys?: readonly string[]
  /** The rel given to an `_embedded` that is an array rather than HAL's object. Default `item`. */
  arrayEmbeddedRel?: string
}

/**
 * The HAL adapter. Besides HAL as specified (`_links`, `_embedded` keyed by rel), it reads the
 * variants met in the wild, the Blog API's among them: links under `_link`, and `_embedded` as a
 * plain array of items.
 *
 * @example
 * ```ts
 * createClient({ baseUrl, adapter: halAdapter({ arrayEmbeddedRel: 'items' }) })
 * ```
 */
export function halAdapter(options: HalAdapterOptions = {}): RepresentationAdapter {
  const linkKeys = options.linkKeys ?? ['_links', '_link']
  const arrayRel = options.arrayEmbeddedRel ?? 'item'
  const reserved = new Set([...linkKeys, '_embedded'])
  return {
    accept: 'application/hal+json, application/json;q=0.9',
    read(body) {
      if (!isRecord(body)) return { data: body, links: {}, embedded: {} }
      // fromEntries defines each member, so a `__proto__` member stays plain data.
      const data = Object.fromEntries(Object.entries(body).filter(([key]) => !reserved.has(key)))
      // Merged: the Blog API's pages carry `_link` and, beside it, standard `_links`. Spread defines
      // members too, so a `__proto__` rel stays plain data.
      let links: Record<string, unknown> = {}
      for (const key of linkKeys) {
        const found = body[key]
        if (isRecord(found)) links = { ...found, ...links }
      }
      const raw = body._embedded
      const embedded: Record<string, unknown[]> = Array.isArray(raw)
        ? { [arrayRel]: raw }
        : Object.fromEntries(
            Object.entries(isRecord(raw) ? raw : {}).map(([rel, value]) => [
              rel,
              Array.isArray(value) ? value : [value],
            ]),
          )
      return { data, links: links as Representation['links'], embedded }
    },
  }
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
  const hal = halAdapter(options)
  return {
    accept: 'application/prs.hal-forms+json, application/hal+json;q=0.9, application/json;q=0.8',
    read(body) {
      const representation = hal.read(body)
      if (!isRecord(body)) return representation
      const { _templates, ...data } = representation.data as Record<string, unknown>
      // Parsed on use (the state reads it once, if ever): most states are never asked for actions.
      return {
        ...representation,
        data,
        get templates() {
          return readTemplates(_templates)
        },
      }
    },
  }
}
