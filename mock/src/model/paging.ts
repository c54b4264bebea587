import type { HalApiDefinition } from '../definition/api.js'
import type {
  CollectionDefinition,
  PageLink,
  PageLinks,
  PageView,
  PagingConvention,
} from '../definition/definition.js'
import { Problem } from '../http/problem.js'

/**
 * Where a page document keeps what its paging convention says, as JSON Pointers (`/page/number`),
 * found by rendering the convention's page once with marked values. A member the convention does
 * not write is `undefined`; a link it writes twice (the Blog's `_link` and `_links`) has two.
 *
 * @example
 * compileApi(definition).collection('orders').paging.layout.total // '/page/totalElements'
 */
export interface PageLayout {
  /** The array of the page's records, e.g. `/_embedded/orders`. */
  readonly items: string | undefined
  readonly total: string | undefined
  readonly totalPages: string | undefined
  readonly index: string | undefined
  readonly size: string | undefined
  /** Each navigation link's pointers (to the link object): `self`, `first`, `prev`, `next`, `last`. */
  readonly links: Readonly<Record<'self' | 'first' | 'prev' | 'next' | 'last', readonly string[]>>
}

/**
 * A collection's paging convention with its defaults, and where its page document keeps things.
 *
 * @example
 * const { page, size, firstIndex } = compileApi(definition).collection('orders').paging // 'page', 'size', 0
 */
export interface PagingModel {
  /** The query parameters of the page's index and size. */
  readonly page: string
  readonly size: string
  readonly firstIndex: 0 | 1
  readonly defaultSize: number
  readonly maxSize: number
  /** A page past the last: a 200 with no items, or a 404. */
  readonly pastEnd: 'empty' | 'not-found'
  /** Whether the page document is the core's own (Spring Data REST's `page`). */
  readonly standard: boolean
  /** The URI template suffix of a list link, e.g. `{?page,size}`. */
  readonly template: string
  /** Whether links to the list (nested lists, back links) carry `template`, templated. */
  readonly linkTemplated: boolean
  /** Whether a page's `self` is the URL it was asked at (`self: 'asked'`). */
  readonly selfAsked: boolean
  readonly layout: PageLayout
  /** The convention's page document, as the core renders it. */
  readonly render: (page: PageView) => Record<string, unknown>
  /** Whether a page links its records as `_links.item` and embeds none (`pageItems: 'linked'`). */
  readonly linkedItems: boolean
}

/**
 * A collection's paging: its own convention over the API's, over the core's defaults (Spring Data
 * REST's `page` from 0 and `size`); the collection's older `pageSize` sets the sizes too. Its
 * layout is found by rendering one page of marked values through the convention's `render`.
 *
 * @example
 * pagingOf(api, api.collections.orders, 'orders').template // '{?page,size}'
 */
export function pagingOf(
  api: HalApiDefinition,
  collection: CollectionDefinition,
  name: string,
): PagingModel {
  const own: PagingConvention = {
    ...api.paging,
    ...(collection.pageSize?.default === undefined
      ? {}
      : { defaultSize: collection.pageSize.default }),
    ...(collection.pageSize?.max === undefined ? {} : { maxSize: collection.pageSize.max }),
    ...collection.paging,
  }
  const page = own.page ?? 'page'
  const size = own.size ?? 'size'
  const document = own.render ?? standardPage
  const rendered = layoutOf(document, name, collection.rel ?? name)
  const linkedItems = collection.pageItems === 'linked'
  const render = linkedItems ? linkingItems(document, rendered.items) : document
  return {
    page,
    size,
    firstIndex: own.firstIndex ?? 0,
    defaultSize: own.defaultSize ?? 20,
    maxSize: own.maxSize ?? 100,
    pastEnd: own.pastEnd ?? 'empty',
    render,
    standard: own.render === undefined,
    template: `{?${page},${size}}`,
    linkTemplated: own.linkTemplated ?? true,
    selfAsked: own.self === 'asked',
    layout: linkedItems ? { ...rendered, items: '/_links/item' } : rendered,
    linkedItems,
  }
}

/**
 * A page document that links its records as `_links.item` (each one's `self`) in place of the
 * array `render` puts at `items` (dropped, with an `_embedded` it leaves empty).
 */
function linkingItems(
  render: PagingModel['render'],
  items: string | undefined,
): PagingModel['render'] {
  return (page) => {
    const body: Record<string, unknown> = { ...render(page) }
    const path = items?.split('/').slice(1).map(unpointer) ?? []
    const last = path.pop()
    // Copied along the way down, so that nothing `render` returns (or shares) is changed.
    let at: Record<string, unknown> | undefined = body
    const chain: [Record<string, unknown>, string][] = []
    for (const key of path) {
      const next: unknown = at?.[key]
      if (typeof next !== 'object' || next === null || Array.isArray(next)) {
        at = undefined
        break
      }
      const copy = { ...(next as Record<string, unknown>) }
      at[key] = copy
      chain.push([at, key])
      at = copy
    }
    if (at && last !== undefined) {
      delete at[last]
      // An `_embedded` (or any holder) left empty goes too.
      for (let i = chain.length - 1; i >= 0; i--) {
        const [holder, key] = chain[i] as [Record<string, unknown>, string]
        if (Object.keys(holder[key] as object).length > 0) break
        delete holder[key]
      }
    }
    const links = body._links
    body._links = {
      ...(typeof links === 'object' && links !== null ? links : {}),
      item: page.items.map((item) => ({ href: selfOf(item) })),
    }
    return body
  }
}

/** A record representation's `self` href. */
const selfOf = (item: Record<string, unknown>): string => {
  const self = (item._links as { self?: { href?: unknown } } | undefined)?.self?.href
  return typeof self === 'string' ? self : ''
}

/** A JSON Pointer segment as a member name (RFC 6901). */
const unpointer = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~')

/**
 * The paging parameters a request wrote, in its order, as a query (`?page=1`; `''` for none): a
 * page's `self` under `self: 'asked'`.
 *
 * @example
 * askedQuery(new URL('http://x/orders?sort=id&page=1'), paging) // '?page=1'
 */
export function askedQuery(url: URL, paging: Pick<PagingModel, 'page' | 'size'>): string {
  if (!url.search) return ''
  const kept = new URLSearchParams()
  for (const [name, value] of url.searchParams)
    if (name === paging.page || name === paging.size) kept.append(name, value)
  const query = kept.toString()
  return query ? `?${query}` : ''
}

/**
 * A link to the list at `href`: with the paging variables, templated, or plain as the convention
 * says (`linkTemplated`).
 *
 * @example
 * listLink('http://x/orders', paging) // { href: 'http://x/orders{?page,size}', templated: true }
 */
export function listLink(
  href: string,
  paging: Pick<PagingModel, 'template' | 'linkTemplated'>,
): { href: string; templated?: true } {
  return paging.linkTemplated ? { href: `${href}${paging.template}`, templated: true } : { href }
}

/**
 * The page index and size a request names (its defaults when absent): 400 naming the parameter
 * for anything but one whole number in range.
 *
 * @example
 * pageRequest(new URL('http://x/orders?page=2'), paging) // { index: 2, size: 20 }
 */
export function pageRequest(url: URL, paging: PagingModel): { index: number; size: number } {
  return {
    index: integerParam(url, paging.page, paging.firstIndex, paging.firstIndex, MAX_INDEX),
    size: integerParam(url, paging.size, paging.defaultSize, 1, paging.maxSize),
  }
}

const MAX_INDEX = Number.MAX_SAFE_INTEGER

function integerParam(url: URL, name: string, fallback: number, min: number, max: number): number {
  // Most requests name no page at all: no list to make.
  if (!url.search) return fallback
  const values = url.searchParams.getAll(name)
  if (values.length === 0) return fallback
  const [raw = ''] = values
  const value = /^\d{1,16}$/.test(raw) ? Number(raw) : Number.NaN
  if (values.length > 1 || !(value >= min && value <= max)) {
    throw new Problem(
      400,
      `${name} must be one integer from ${min} to ${max}, not "${values.join('", "')}".`,
    )
  }
  return value
}

/**
 * The navigation links of a page at `href` (its URL without query): `prev` of a page past the end
 * is the last page, `last` of an empty list the first.
 *
 * @example
 * pageLinks('http://x/orders', paging, 0, 20, 3).next // { href: 'http://x/orders?page=1&size=20' }
 */
export function pageLinks(
  href: string,
  paging: PagingModel,
  index: number,
  size: number,
  totalPages: number,
): PageLinks {
  const first = paging.firstIndex
  const lastIndex = first + Math.max(totalPages - 1, 0)
  const at = (n: number) => pageLink(href, paging, n, size)
  return {
    self: at(index),
    first: at(first),
    ...(index > first ? { prev: at(Math.min(index - 1, lastIndex)) } : {}),
    ...(index < lastIndex ? { next: at(index + 1) } : {}),
    last: at(lastIndex),
  }
}

/**
 * The link to page `index` of the list at `href` (its URL without query), `size` items a page.
 *
 * @example
 * pageLink('http://x/orders', paging, 2, 20) // { href: 'http://x/orders?page=2&size=20' }
 */
export function pageLink(href: string, paging: PagingModel, index: number, size: number): PageLink {
  return { href: `${href}?${paging.page}=${index}&${paging.size}=${size}` }
}

/** The core's page document: Spring Data REST's, in standard HAL. */
function standardPage(page: PageView): Record<string, unknown> {
  const links: Record<string, unknown> = { ...page.links }
  if (page.curies.length > 0) links.curies = page.curies
  return {
    _links: links,
    _embedded: { [page.rel]: page.items },
    page: {
      size: page.size,
      totalElements: page.total,
      totalPages: page.totalPages,
      number: page.index,
    },
  }
}

/** Marked values a probe page is rendered with: distinct, so each is found where it lands. */
const PROBE = { index: 4, size: 3, total: 17, totalPages: 6 } as const

/** Where a convention's page document keeps its parts, by rendering one page of marked values. */
function layoutOf(render: PagingModel['render'], name: string, rel: string): PageLayout {
  const item = { '~probe': true }
  const href = (role: string) => ({ href: `urn:halyard-probe:${role}` })
  const view: PageView = {
    collection: name,
    rel,
    items: [item],
    ...PROBE,
    links: {
      self: href('self'),
      first: href('first'),
      prev: href('prev'),
      next: href('next'),
      last: href('last'),
    },
    curies: [],
    page: (n) => href(`page-${n}`),
  }
  const found: Record<string, string[]> = {}
  const note = (key: string, at: string) => {
    const list = found[key] ?? []
    list.push(at)
    found[key] = list
  }
  const walk = (node: unknown, at: string): void => {
    if (Array.isArray(node)) {
      // By its mark: a render may copy the items it is given (`p.items.map(withoutCuries)`).
      if (node.some((x) => typeof x === 'object' && x !== null && '~probe' in x)) note('items', at)
      else for (const [i, child] of node.entries()) walk(child, `${at}/${i}`)
      return
    }
    if (typeof node === 'number') {
      for (const [key, value] of Object.entries(PROBE)) if (node === value) note(key, at)
      return
    }
    if (typeof node !== 'object' || node === null) return
    const target = (node as { href?: unknown }).href
    if (typeof target === 'string' && target.startsWith('urn:halyard-probe:')) {
      // A templated page link (`…{&sort}`) is the page's link with the API's template after it.
      const role = target.slice('urn:halyard-probe:'.length).replace(/\{.*$/, '')
      const n = /^page-(\d+)$/.exec(role)?.[1]
      const named =
        n === undefined
          ? role
          : Number(n) === PROBE.index - 1
            ? 'prev'
            : Number(n) === PROBE.index + 1
              ? 'next'
              : role
      note(`link:${named}`, at)
      return
    }
    for (const [key, value] of Object.entries(node)) walk(value, `${at}/${pointerSegment(key)}`)
  }
  try {
    walk(render(view), '')
  } catch {
    // A render that needs more than a page (its parent record): no layout known.
  }
  const first = (key: string) => found[key]?.[0]
  return {
    items: first('items'),
    total: first('total'),
    totalPages: first('totalPages'),
    index: first('index'),
    size: first('size'),
    links: {
      self: found['link:self'] ?? [],
      first: found['link:first'] ?? [],
      prev: found['link:prev'] ?? [],
      next: found['link:next'] ?? [],
      last: found['link:last'] ?? [],
    },
  }
}

/** A member name as a JSON Pointer segment (RFC 6901). */
const pointerSegment = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1')
