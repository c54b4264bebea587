// A kept document's links and embedded documents, walked for the reads they add to a crawl's
// queue: pages by `next`, templated links expanded, items by their `self`.

import { expandTemplate, halAdapter, type Link, Links } from '@halyard/sdk'
import { beforeTemplate, templateExpressions, templateVariables } from '../remote/templates.js'

/** A page link's role by its rel: IANA's `next`, or an API's own `nextPage`, `previousPage`… */
const pageRel = (rel: string): 'next' | 'other' | undefined =>
  /^next(Page)?$/i.test(rel)
    ? 'next'
    : /^(prev|previous|first|last)(Page)?$/i.test(rel)
      ? 'other'
      : undefined
const adapter = halAdapter()
const SKIPPED_CURIES = 'CURIE links: they name documentation of rels, no resource of the API'
const SKIPPED_PAGES =
  'first, prev and last links of pages: pages of lists the walk by next reads (or a bound cut)'

/** A URL without its query and fragment. */
export const listOf = (url: string): string => url.replace(/[?#].*$/, '')

/** Whether a `self` is a record's: its address ends in an id (a list's, a root's does not). */
export const isRecord = (url: string): boolean => /\/\d+$/.test(listOf(url))

/** A URL's shape: its path with numeric segments as `{}` (one per kind of document). */
export const shapeKey = (url: string): string =>
  listOf(url)
    .split('/')
    .map((segment) => (/^\d+$/.test(segment) ? '{}' : segment))
    .join('/')

/** What a crawl shares with its walk of links: its bounds, what it has asked and counted. */
export interface WalkState {
  readonly limits: { readonly pages: number; readonly records: number; readonly expansions: number }
  /** Values given for variables of templated links, by name. */
  readonly variables: Readonly<Record<string, readonly string[]>> | undefined
  /** The jobs queued so far, by `accept url`. */
  readonly seen: ReadonlySet<string>
  readonly unreached: Map<string, string>
  readonly records: Set<string>
  /** Queues a HAL read; `list` for a page walked by `next` (at the depth of the page before it). */
  enqueue(url: string, depth: number, list?: string): void
  skip(reason: string): void
}

/**
 * The walk of a crawl's documents by their links: it keeps the values met (for templated links),
 * the templates expanded and the pages read per list.
 *
 * @example
 * new LinkWalk(state).visit(body, 'http://127.0.0.1:4010/api', 0, 'http://127.0.0.1:4010/api')
 */
export class LinkWalk {
  readonly #state: WalkState
  readonly #pagesPerList = new Map<string, number>()
  // Values of members by name, for templated links' variables.
  readonly #values = new Map<string, Set<string>>()
  readonly #expanded = new Set<string>()
  readonly #probed = new Set<string>()

  constructor(state: WalkState) {
    this.#state = state
  }

  // Walks a document's links and its embedded documents' (their `self`s are the items to read),
  // in document order with a stack of its own: an API's `_embedded` may nest as deep as it likes.
  visit(body: unknown, context: string, depth: number, list: string): void {
    const stack: { body: unknown; inherited: readonly Link[]; item: boolean }[] = [
      { body, inherited: [], item: false },
    ]
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      if (next.item) {
        const self = new Links(context, adapter.read(next.body).links, next.inherited).get('self')
        if (self && !self.templated && isRecord(self.href)) {
          if (
            !this.#state.records.has(self.href) &&
            this.#state.records.size >= this.#state.limits.records
          ) {
            this.#state.unreached.set(self.href, `past --records ${this.#state.limits.records}`)
            continue
          }
          this.#state.records.add(self.href)
        }
      }
      const { data, links: raw, embedded } = adapter.read(next.body)
      const links = new Links(context, raw, next.inherited)
      const rels = links.rels()
      // A page: it links a neighbour page, or its first and last, or embeds. A root's lone `first`
      // (Traverson's) is a link to read.
      const roles = new Set(
        rels.map((rel) => pageRel(rel) && rel.replace(/Page$/i, '').toLowerCase()),
      )
      const inPage =
        roles.has('next') ||
        roles.has('prev') ||
        roles.has('previous') ||
        (roles.has('first') && roles.has('last')) ||
        Object.keys(embedded).length > 0
      if (!inPage || !Array.isArray(Object.values(embedded)[0])) this.#remember(data)
      for (const rel of rels)
        for (const link of links.getAll(rel)) this.#follow(link, depth, inPage, list)
      const items = Object.values(embedded).flat()
      for (let i = items.length - 1; i >= 0; i--) {
        stack.push({ body: items[i], inherited: links.curies, item: true })
      }
    }
  }

  #remember(data: unknown): void {
    if (typeof data !== 'object' || data === null) return
    for (const [name, value] of Object.entries(data)) {
      if (typeof value !== 'string' && typeof value !== 'number') continue
      const set = this.#values.get(name) ?? new Set()
      if (set.size < 100) set.add(String(value))
      this.#values.set(name, set)
    }
  }

  // `list` is the list the document being read belongs to: a `next` link counts against it, so a
  // chain of pages at ever new paths (`/p1`, `/p2`…) still stops at `--pages`.
  #follow(link: Link, depth: number, inPage: boolean, list: string): void {
    // CURIEs name documentation (often HTML), no resource of the API.
    if (link.rel === 'curies') return void this.#state.skip(SKIPPED_CURIES)
    if (link.templated) return void this.#expand(link, depth, inPage, list)
    const paging = inPage ? pageRel(link.rel) : undefined
    // A page's `first`, `prev` and `last` are pages of its list, which the walk by `next` reads
    // (under another spelling of their query, which would cost a request per list for nothing).
    if (paging === 'other') return void this.#state.skip(SKIPPED_PAGES)
    if (paging === 'next') {
      if (this.#state.seen.has(`hal ${link.href}`)) return
      const count = this.#pagesPerList.get(list) ?? 1
      if (count >= this.#state.limits.pages) {
        this.#state.unreached.set(link.href, `past --pages ${this.#state.limits.pages} of ${list}`)
        return
      }
      this.#pagesPerList.set(list, count + 1)
      this.#state.enqueue(link.href, depth, list)
    } else if (link.rel === 'profile' || link.rel.endsWith(':profile')) {
      this.#state.enqueue(link.href, depth + 1)
    } else this.#state.enqueue(link.href, depth + 1)
  }

  /** A templated link: expanded without variables (when only the query has some) and with values. */
  #expand(link: Link, depth: number, inPage: boolean, list: string): void {
    if (this.#expanded.has(link.href)) return
    this.#expanded.add(link.href)
    // A templated page link (Spring Data REST's `?page=1&size=5{&sort}`): the page, as it is.
    const paging = inPage ? pageRel(link.rel) : undefined
    if (paging === 'other') return void this.#state.skip(SKIPPED_PAGES)
    if (paging === 'next') {
      try {
        const href = new URL(expandTemplate(link.href, {}), link.context).href
        this.#follow({ ...link, href, templated: false }, depth, inPage, list)
      } catch (error) {
        this.#state.unreached.set(
          link.href,
          `a template that does not expand: ${(error as Error).message}`,
        )
      }
      return
    }
    const { names, inPath } = templateVariables(link.href)
    const tries: Record<string, string>[] = inPath ? [] : [{}]
    for (const name of names) {
      const given = this.#state.variables?.[name] ?? []
      const seenValues = [...(this.#values.get(name) ?? [])].sort()
      const fallback =
        seenValues.length === 0 && given.length === 0 && /(^|_)id$|Id$/.test(name) ? ['1'] : []
      const expansions = seenValues.slice(0, this.#state.limits.expansions)
      const known = [...new Set([...given, ...expansions, ...fallback])]
      for (const value of known) tries.push({ [name]: value })
    }
    // A paged list asked for page 1 too: its links then say how the API counts pages.
    const pageVariable = names.find((n) => /^_?(page|pageIndex|pageNumber)$/i.test(n))
    // Once per kind of list: the 1 000 lists of comments of 1 000 articles count the same way.
    const probe = `${shapeKey(beforeTemplate(link.href))} ${pageVariable}`
    const query = templateExpressions(link.href).some((e) => e.startsWith('?'))
    if (query && !inPath && pageVariable && !this.#probed.has(probe)) {
      this.#probed.add(probe)
      tries.push({ [pageVariable]: '1' })
    }
    if (tries.length === 0) {
      this.#state.unreached.set(
        link.href,
        `a template whose variables (${names.join(', ')}) no data names`,
      )
    }
    for (const variables of tries) {
      try {
        const url = new URL(expandTemplate(link.href, variables), link.context).href
        this.#state.enqueue(url, depth + 1)
      } catch (error) {
        this.#state.unreached.set(
          link.href,
          `a template that does not expand: ${(error as Error).message}`,
        )
      }
    }
  }
}
