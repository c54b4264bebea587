import type { HalLink } from 'hal-types'
import { InvalidResponseError } from './errors.js'
import type { Variables } from './types.js'
import { expandTemplate } from './uri-template.js'

/** A link of a document: HAL's link object plus the rel it was found under. */
export interface Link extends HalLink {
  /** The rel as the document writes it (`doc:articles`, `self`, or a URI). */
  rel: string
  /**
   * The target. Absolute when the link is not templated; the template as written when it is (see
   * {@link linkTarget}).
   */
  href: string
  /** The URI of the document that holds the link: relative hrefs resolve against it. */
  context: string
}

/** Selects one of several links of a rel. */
export interface LinkSelector {
  name?: string | undefined
  title?: string | undefined
}

type RawLinks = Record<string, HalLink | HalLink[] | undefined>

const isLinkObject = (value: unknown): value is HalLink =>
  typeof value === 'object' && value !== null && typeof (value as HalLink).href === 'string'

/**
 * `href` resolved against `base`, the URL that `method` was sent to; an `InvalidResponseError`
 * when it is no URL (a link, a `Location`).
 */
export const resolveUrl = (method: string, base: string, href: string): string => {
  try {
    return new URL(href, base).href
  } catch {
    throw new InvalidResponseError(method, base, `an invalid URL '${href}'`)
  }
}

/**
 * The URL a link leads to: its template expanded with `variables` (when templated), resolved
 * against the document that holds it.
 *
 * @example
 * ```ts
 * linkTarget(state.links.get('doc:articles')!, { pageSize: 20 })
 * ```
 */
export const linkTarget = (link: Link, variables?: Variables): string =>
  link.templated ? resolveUrl('GET', link.context, expandTemplate(link.href, variables)) : link.href

/** A document's links, each resolved against `context`; a link whose href is no URL is skipped. */
const readLinks = (context: string, raw: RawLinks): Link[] =>
  Object.entries(raw).flatMap(([rel, value]) =>
    (Array.isArray(value) ? value : [value]).flatMap((link) => {
      if (!isLinkObject(link)) return []
      try {
        const href = link.templated ? link.href : new URL(link.href, context).href
        return [Object.freeze({ ...link, rel, href, context })]
      } catch {
        return [] // the rest of the document still reads
      }
    }),
  )

/**
 * The links of one document, found by rel: its full name, a CURIE (`doc:articles`) or the URI the
 * CURIE expands to, whichever form the document and the caller use.
 */
export class Links<R extends string = string> {
  /** The links, read on first use rather than per document: most states are never searched. */
  readonly #links: () => readonly Link[]
  readonly #inherited: readonly Link[]
  #curies: readonly Link[] | undefined
  #keys: readonly string[] | undefined

  /**
   * @param inheritedCuries the CURIEs of the container, for an embedded document: its own
   * CURIEs come first, and it can use the container's.
   */
  constructor(context: string, raw: RawLinks = {}, inheritedCuries: readonly Link[] = []) {
    let links: readonly Link[] | undefined
    this.#links = () => (links ??= readLinks(context, raw))
    this.#inherited = inheritedCuries
  }

  /**
   * The CURIEs in scope: the document's own, then those it inherits from its container.
   *
   * @example
   * ```ts
   * page.embedded('item')[0]?.links.curies.map((curie) => curie.name) // the page's, e.g. ['doc']
   * ```
   */
  get curies(): readonly Link[] {
    this.#curies ??= [
      ...this.#links().filter((link) => link.rel === 'curies' && link.name),
      ...this.#inherited,
    ]
    return this.#curies
  }

  /**
   * A rel as an absolute URI when it is a CURIE this document defines; otherwise unchanged.
   *
   * @example
   * ```ts
   * state.links.expandRel('doc:articles') // 'http://127.0.0.1:4010/api/v1.2/docs/rels/articles'
   * ```
   */
  expandRel(rel: string): string {
    const colon = rel.indexOf(':')
    if (colon < 1 || rel.startsWith('//', colon + 1)) return rel
    const curie = this.curies.find((link) => link.name === rel.slice(0, colon))
    try {
      return curie ? linkTarget(curie, { rel: rel.slice(colon + 1) }) : rel
    } catch {
      return rel // a broken CURIE still leaves the rel usable by its written name
    }
  }

  /**
   * Every link of `rel` that matches `select` (by `name` and/or `title`), in document order.
   *
   * @example
   * ```ts
   * state.links.getAll('item').map((link) => link.href)
   * ```
   */
  getAll(rel: R, { name, title }: LinkSelector = {}): Link[] {
    const key = this.expandRel(rel)
    const links = this.#links()
    this.#keys ??= links.map((link) => this.expandRel(link.rel))
    return links.filter(
      (link, i) =>
        (link.rel === rel || this.#keys?.[i] === key) &&
        (name === undefined || link.name === name) &&
        (title === undefined || link.title === title),
    )
  }

  /**
   * The first link of `rel` that matches `select`.
   *
   * @example
   * ```ts
   * state.links.get('doc:articles')?.href
   * ```
   */
  get(rel: R, select?: LinkSelector): Link | undefined {
    return this.getAll(rel, select)[0]
  }

  /** Whether the document holds a link of `rel`. */
  has(rel: R): boolean {
    return this.getAll(rel).length > 0
  }

  /** The rels the document holds, as it writes them. */
  rels(): string[] {
    return [...new Set(this.#links().map((link) => link.rel))]
  }
}
