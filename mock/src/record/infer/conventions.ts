import { expandTemplate, halAdapter, Links } from '@halyard/sdk'
import type { Exchange } from '../crawl.js'
import {
  isObject,
  PAGE_RELS,
  type PageLink,
  type PageMember,
  type PageRel,
  type PagingModel,
} from '../model.js'

// A collection's page convention, read from its recorded pages: the parameters, the first index,
// the default size and the page document, as a template of roles (`index`, `total`, links…).

const adapter = halAdapter()

const numberParams = (url: string): Map<string, number> => {
  const out = new Map<string, number>()
  // A templated page link (`?page=1&size=5{&sort}`) counts by its expansion without variables.
  for (const [name, value] of new URL(expandTemplate(url, {})).searchParams) {
    if (/^\d+$/.test(value)) out.set(name, Number(value))
  }
  return out
}

/** The records a page document embeds, or links as `_links.item`. */
const items = (body: unknown) => {
  const raw = isObject(body) ? body._embedded : undefined
  return Array.isArray(raw)
    ? raw.length
    : isObject(raw)
      ? (Object.values(raw).find(Array.isArray)?.length ?? 0)
      : linksItems(body)
        ? ((body as { _links: { item: unknown[] } })._links.item.length ?? 0)
        : 0
}

/** Whether a page links its records as `_links.item` (an array) and embeds nothing. */
const linksItems = (body: unknown): boolean =>
  isObject(body) &&
  body._embedded === undefined &&
  isObject(body._links) &&
  Array.isArray(body._links.item)

/**
 * `pageItems: 'linked'` when every page read links its records as `_links.item` and embeds none
 * (RFC 6573's `item`, as many HAL servers list theirs).
 *
 * @example
 * linkedItemsOf(pages) // { pageItems: 'linked' }
 */
export function linkedItemsOf(pages: readonly Exchange[]): { pageItems?: 'linked' } {
  return pages.length > 0 && pages.every((p) => linksItems(p.body)) ? { pageItems: 'linked' } : {}
}

/** A page without the `item` links it lists its records by: the core writes those itself. */
function withoutItemLinks(body: unknown): Record<string, unknown> {
  if (!linksItems(body)) return body as Record<string, unknown>
  const { item: _, ...links } = (body as { _links: Record<string, unknown> })._links
  return { ...(body as Record<string, unknown>), _links: links }
}

/**
 * A linked page's document as the core writes it before it links the records: the records
 * embedded after its `_links` (where the core takes them from).
 */
function embeddingItems(document: readonly PageMember[]): PageMember[] {
  return document.flatMap((m): PageMember[] =>
    m.role === 'links' && m.name === '_links'
      ? [m, { name: '_embedded', role: 'items', key: 'item', curies: false }]
      : [m],
  )
}

/** The page convention seen in a collection's pages (parameter names, first index, document). */
export function inferPaging(
  pages: readonly Exchange[],
  total: number,
  variables: readonly string[] = [],
): PagingModel | undefined {
  const docs = pages
    .map((p) => ({ url: p.url, body: p.body, links: new Links(p.url, adapter.read(p.body).links) }))
    .filter((d) => isObject(d.body))
  const withNext = docs.find((d) => d.links.get('next') && d.links.get('self'))
  const first = docs.find((d) => !new URL(d.url).search) ?? docs[0]
  if (!first) return undefined
  // The template of the document: the page with the most links (a middle one has prev and next).
  const linkCount = (d: (typeof docs)[number]) =>
    Object.values(d.body as Record<string, unknown>)
      .filter(isObject)
      .reduce((n, v) => n + Object.keys(v).length, 0)
  const model = docs.reduce((best, d) => (linkCount(d) > linkCount(best) ? d : best), first)
  let page = 'page'
  let size = 'size'
  if (withNext) {
    const a = numberParams((withNext.links.get('self') as { href: string }).href)
    const b = numberParams((withNext.links.get('next') as { href: string }).href)
    for (const [name, value] of b) {
      if (a.get(name) === value - 1 || (!a.has(name) && /page|index|number/i.test(name)))
        page = name
    }
    // The size: the other number of `next` (a `self` may not repeat it).
    size =
      [...b.keys()].find((name) => name !== page) ??
      variables.find((n) => n !== page && /size|limit|per/i.test(n)) ??
      size
  } else {
    const params = [
      ...numberParams(first.links.get('self')?.href ?? first.url).keys(),
      ...variables,
    ]
    size = params.find((n) => /size|limit|per/i.test(n)) ?? size
    // A name of its own (`p`): the other number the page's links carry.
    page =
      params.find((n) => n !== size && /page|offset|index/i.test(n)) ??
      params.find((n) => n !== size) ??
      page
  }
  // Counted from the index of the `first` page, wherever one is linked.
  const firstLink = docs.map((d) => d.links.get('first')?.href).find((href) => href !== undefined)
  const firstIndex = numberParams(firstLink ?? first.url).get(page) === 1 ? 1 : 0
  // The default size: what a page asked without a size holds when more follow, or says it holds.
  const unsized = docs.filter((d) => !new URL(d.url).searchParams.has(size))
  // A page with `next` and no items says nothing of the size (and a size of 0 is none).
  const full = unsized.find((d) => d.links.get('next') && items(d.body) > 0)
  // Said by its `self`, else by its `first` when it was asked without a size (halacious's).
  const stated =
    numberParams(first.links.get('self')?.href ?? first.url).get(size) ||
    (new URL(first.url).searchParams.has(size)
      ? undefined
      : numberParams(first.links.get('first')?.href ?? first.url).get(size)) ||
    undefined
  const defaultSize = full ? items(full.body) : (stated ?? Math.max(20, items(first.body)))
  const index = numberParams(model.links.get('self')?.href ?? model.url).get(page) ?? firstIndex
  const numbers = { index, size: defaultSize, total, totalPages: Math.ceil(total / defaultSize) }
  return {
    page,
    size,
    firstIndex,
    defaultSize,
    document: (linksItems(model.body) ? embeddingItems : (d: PageMember[]) => d)(
      pageDocument(
        withoutItemLinks(model.body),
        model.links,
        numbers,
        model.url,
        docs.map((d) => withoutItemLinks(d.body)),
      ),
    ),
  }
}

function pageDocument(
  body: Record<string, unknown>,
  links: Links,
  numbers: { index: number; size: number; total: number; totalPages: number },
  url: string,
  others: readonly unknown[] = [],
): PageMember[] {
  const origin = new URL(url).origin
  const standard = new Map<string, PageRel>()
  for (const rel of PAGE_RELS) {
    const href = links.get(rel)?.href
    if (href) standard.set(href, rel)
  }
  // A number that is each page's own count of records, on a page that has a next one too (where
  // a total would be more): the records on the page (`count` beside `total`). A page size is
  // that too while every page is full: by its name then, or by a last page holding fewer.
  const counts = (path: readonly string[]) => {
    const seen = others.flatMap((doc) => {
      const value = path.reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), doc)
      const next = isObject(doc) && isObject(doc._links) && doc._links.next !== undefined
      return typeof value === 'number' ? [{ value, items: items(doc), next }] : []
    })
    return (
      seen.every((s) => s.value === s.items) &&
      seen.some((s) => s.next && s.items > 0) &&
      (new Set(seen.map((s) => s.value)).size > 1 || !/size|limit|per/i.test(path.at(-1) ?? ''))
    )
  }
  const role = (
    name: string,
    value: number,
    path: readonly string[],
  ): PageMember['name'] extends string
    ? 'index' | 'size' | 'total' | 'totalPages' | 'count' | undefined
    : never => {
    if (counts(path)) return 'count'
    if (/total.*pages?$|pages?count|^pages$/i.test(name)) return 'totalPages'
    if (/total|count|elements/i.test(name)) return 'total'
    if (/size|limit|per/i.test(name)) return 'size'
    if (/index|number|^page$|current/i.test(name)) return 'index'
    const found = (Object.entries(numbers) as [keyof typeof numbers, number][]).find(
      ([, v]) => v === value,
    )
    return found?.[0]
  }
  const members = (object: Record<string, unknown>, at: readonly string[] = []): PageMember[] =>
    Object.entries(object).map(([name, value]): PageMember => {
      if (name === '_embedded') {
        const list = Array.isArray(value) ? value : Object.values(value as object)[0]
        const first = Array.isArray(list) ? list[0] : undefined
        const hasCuries = (item: unknown) =>
          isObject(item) && isObject(item._links) && 'curies' in item._links
        // Any page's items: the template's page may hold none.
        const curies =
          hasCuries(first) ||
          others.some((doc) => {
            const raw = isObject(doc) ? doc._embedded : undefined
            const all = Array.isArray(raw) ? raw : isObject(raw) ? Object.values(raw)[0] : undefined
            return Array.isArray(all) && all.some(hasCuries)
          })
        return Array.isArray(value)
          ? { name, role: 'items', curies }
          : { name, role: 'items', key: Object.keys(value as object)[0] as string, curies }
      }
      const isLink = (l: unknown) => isObject(l) && typeof l.href === 'string'
      if (
        isObject(value) &&
        Object.values(value).every((l) => isLink(l) || (Array.isArray(l) && l.every(isLink)))
      ) {
        return {
          name,
          role: 'links',
          links: withNeighbours(
            mergedLinks(name, value, others).map(([rel, found]) =>
              pageLink(rel, found, standard, url, origin),
            ),
          ),
        }
      }
      if (isObject(value))
        return { name, role: 'object', members: countBesideTotal(members(value, [...at, name])) }
      if (typeof value === 'number') {
        const r = role(name, value, [...at, name])
        if (r) return { name, role: r }
      }
      return { name, role: 'constant', value }
    })
  return countBesideTotal(members(body))
}

/**
 * One link of a page's links member: the CURIEs, a page link (by its rel or its href, with the
 * template it adds), or any other as written (on the replay's origin when on the API's).
 */
function pageLink(
  rel: string,
  found: unknown,
  standard: ReadonlyMap<string, PageRel>,
  url: string,
  origin: string,
): PageLink {
  // The CURIEs: the API's, which the replay writes on its own origin.
  if (rel === 'curies') return { rel, curies: true }
  const link = Array.isArray(found) ? found[0] : found
  const href = new URL((link as { href: string }).href, url).href
  const page = standard.get(href) ?? (PAGE_RELS as readonly string[]).find((r) => r === rel)
  const byName = /prev/i.test(rel)
    ? 'prev'
    : /next/i.test(rel)
      ? 'next'
      : /first/i.test(rel)
        ? 'first'
        : /last/i.test(rel)
          ? 'last'
          : rel === 'self'
            ? 'self'
            : undefined
  const known = (byName ?? page) as PageRel | undefined
  const written = link as { href: string; templated?: boolean }
  const open = written.templated === true ? written.href.indexOf('{') : -1
  // Before the template, the page's URL; or the list's alone (Spring Data REST's self,
  // `/persons{&sort,page,size}`).
  const bare = open >= 0 && !written.href.slice(0, open).includes('?')
  if (known && open >= 0)
    return {
      rel,
      page: known,
      suffix: written.href.slice(open),
      ...(bare ? { bare: true as const } : {}),
    }
  if (known) return { rel, page: known }
  const raw = (link as { href: string; templated?: boolean }).href
  return {
    rel,
    href: raw.startsWith(origin) ? raw.slice(origin.length) : raw,
    ...((link as { templated?: boolean }).templated ? { templated: true } : {}),
  }
}

/**
 * Two totals side by side (`count` and `total` of a list recorded on one page, where they are
 * equal): the one not named a total counts the page's records.
 */
function countBesideTotal(members: PageMember[]): PageMember[] {
  const totals = members.filter((m) => m.role === 'total')
  if (totals.length < 2 || !totals.some((m) => /total/i.test(m.name))) return members
  return members.map((m) =>
    m.role === 'total' && !/total/i.test(m.name) ? { name: m.name, role: 'count' } : m,
  )
}

/**
 * Page links with `prev` and `next` both, each when its page exists: a list recorded on one page
 * (no `next` seen) still links its second page once it holds more.
 */
function withNeighbours(links: PageLink[]): PageLink[] {
  const has = (page: PageRel) => links.some((l) => 'page' in l && l.page === page)
  if (!has('first') && !has('last') && !has('prev') && !has('next')) return links
  const out = [...links]
  const at = (page: PageRel) => out.findIndex((l) => 'page' in l && l.page === page)
  if (!has('prev'))
    out.splice(Math.max(at('first'), at('self')) + 1, 0, { rel: 'prev', page: 'prev' })
  if (!has('next')) out.splice(at('prev') + 1, 0, { rel: 'next', page: 'next' })
  return out
}

/**
 * The links of a page document's member in the order the pages write them, with the rels of other
 * pages put in (a first page has no `prev`; the template must): each after the rel it follows.
 */
function mergedLinks(
  member: string,
  own: Record<string, unknown>,
  others: readonly unknown[],
): [string, unknown][] {
  const merged: [string, unknown][] = Object.entries(own)
  for (const other of others) {
    const links = isObject(other) ? other[member] : undefined
    if (!isObject(links)) continue
    let after = -1
    for (const [rel, link] of Object.entries(links)) {
      const at = merged.findIndex(([r]) => r === rel)
      if (at >= 0) {
        after = at
        continue
      }
      merged.splice(after + 1, 0, [rel, link])
      after++
    }
  }
  return merged
}

/** Whether a convention is the core's own: `page`/`size` from 0, Spring Data REST's document. */
export function isDefaultPaging(paging: PagingModel): boolean {
  const names = paging.document.map((m) => m.name).join()
  const links = paging.document.find((m) => m.role === 'links')
  const page = paging.document.find((m) => m.name === 'page')
  return (
    paging.page === 'page' &&
    paging.size === 'size' &&
    paging.firstIndex === 0 &&
    names === '_links,_embedded,page' &&
    links?.role === 'links' &&
    // A templated page link (`{&sort}`) is no link of the core's own.
    links.links.every((l) => 'page' in l && l.rel === l.page && l.suffix === undefined) &&
    page?.role === 'object' &&
    page.members.map((m) => `${m.name}:${m.role}`).join() ===
      'size:size,totalElements:total,totalPages:totalPages,number:index'
  )
}
