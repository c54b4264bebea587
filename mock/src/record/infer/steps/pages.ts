import { Links } from '@halyard/sdk'
import { type Crawl, type Exchange, listOf } from '../../crawl.js'
import {
  type CollectionModel,
  isObject,
  type PageMember,
  type PagingModel,
  type PartialModel,
} from '../../model.js'
import { pageArrays } from './items.js'
import { adapter, type Page, type Scope } from './scope.js'

/** Pages: documents embedding an array of one collection's items (an empty one by its rel or address). */
export function pagesOf(
  scope: Scope,
  names: ReadonlyMap<string, string>,
  collectionOf: (url: string) => { name: string; id: number } | undefined,
): Page[] {
  const { hal, under, patternOf } = scope
  const pages: Page[] = []
  for (const exchange of hal) {
    const body = exchange.body
    if (!isObject(body)) continue
    for (const [key, value] of pageArrays(body)) {
      if (!Array.isArray(value)) continue
      const { links } = adapter.read(body)
      const selves = value.map(
        (v) => new Links(exchange.url, adapter.read(v).links).get('self')?.href,
      )
      const owners = new Set(selves.map((s) => (s ? collectionOf(s)?.name : undefined)))
      const self = new Links(exchange.url, links).get('self')
      const list = listOf(self && !self.templated ? self.href : exchange.url)
      if (owners.size === 1 && !owners.has(undefined)) {
        pages.push({ exchange, collection: [...owners][0] as string, key, list })
      } else if (value.length === 0) {
        // An empty page: its collection by the rel it embeds under, or by its address.
        const at = under(list)
        const named =
          [...names.values()].find((n) => n === key) ??
          (at === undefined ? undefined : names.get(`${patternOf(at)}/{}`))
        if (named) pages.push({ exchange, collection: named, key, list })
      }
    }
  }
  return pages
}

/**
 * Whether a bound cut a collection's list (its pages past `--pages`, its records past
 * `--records`, or the whole crawl stopped), and the total its pages stated when it has one list.
 */
export function partialOf(
  collection: CollectionModel,
  crawl: Crawl,
  under: (url: string) => string | undefined,
  patternOf: (path: string) => string,
  pages: readonly { exchange: Exchange; list: string }[],
  paging: PagingModel | undefined,
): PartialModel | undefined {
  const listPattern = collection.pattern.replace(/\/\{\}$/, '')
  const at = (url: string) => patternOf(under(listOf(url)) ?? '')
  const cut = crawl.unreached.find(
    (u) =>
      (u.reason.startsWith('past --pages ') && at(u.url) === listPattern) ||
      (u.reason.startsWith('past --records ') && at(u.url) === collection.pattern) ||
      /^past --max-(time|requests|bytes) /.test(u.reason),
  )
  if (!cut) return undefined
  const reason = cut.reason.replace(/^past /, 'by ').replace(/ of .*$/, '')
  const lists = new Set(pages.map((p) => p.list))
  const first = pages[0]?.exchange.body
  const total = lists.size === 1 && paging ? statedTotal(paging.document, first) : undefined
  return { reason, ...(total === undefined ? {} : { total }) }
}

/** The number a page document holds in the member whose role is the total. */
function statedTotal(members: readonly PageMember[], body: unknown): number | undefined {
  for (const m of members) {
    const value = isObject(body) ? body[m.name] : undefined
    if (m.role === 'total' && typeof value === 'number') return value
    if (m.role === 'object') {
      const inner = statedTotal(m.members, value)
      if (inner !== undefined) return inner
    }
  }
  return undefined
}

/**
 * The pages a collection's paging is read from: its own list's, or, when it has none read (its
 * records flat, its lists nested under another's records), those of its lists under them.
 */
export function pagesForPaging(
  own: readonly { exchange: Exchange }[],
  all: readonly { exchange: Exchange; collection: string }[],
  name: string,
): Exchange[] {
  const pages = own.length > 0 ? own : all.filter((p) => p.collection === name)
  return pages.map((p) => p.exchange)
}
