import type {
  CollectionDefinition,
  HalApiDefinition,
  PageLink,
  PageLinks,
  PageView,
  PagingConvention,
} from '../definition/definition.js'
import { Problem } from '../http/problem.js'

/** A paging convention with its defaults applied (see {@link PagingConvention}). */
export interface Paging {
  readonly page: string
  readonly size: string
  readonly firstIndex: 0 | 1
  readonly defaultSize: number
  readonly maxSize: number
  readonly pastEnd: 'empty' | 'not-found'
  readonly render: (page: PageView) => Record<string, unknown>
  /** Whether `render` is the core's own document (items without their curies). */
  readonly standard: boolean
  /** The URI template suffix of a list link, e.g. `{?page,size}`. */
  readonly template: string
}

/**
 * A collection's paging: its own convention over the API's, over the core's defaults (Spring Data
 * REST's `page` from 0 and `size`); the collection's older `pageSize` sets the sizes too.
 *
 * @example
 * pagingOf(api, api.collections.orders).template // '{?page,size}'
 */
export function pagingOf(api: HalApiDefinition, collection: CollectionDefinition): Paging {
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
  return {
    page,
    size,
    firstIndex: own.firstIndex ?? 0,
    defaultSize: own.defaultSize ?? 20,
    maxSize: own.maxSize ?? 100,
    pastEnd: own.pastEnd ?? 'empty',
    render: own.render ?? standardPage,
    standard: own.render === undefined,
    template: `{?${page},${size}}`,
  }
}

/**
 * The page index and size a request names (its defaults when absent): 400 naming the parameter
 * for anything but one whole number in range.
 *
 * @example
 * pageRequest(new URL('http://x/orders?page=2'), paging) // { index: 2, size: 20 }
 */
export function pageRequest(url: URL, paging: Paging): { index: number; size: number } {
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
  paging: Paging,
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
export function pageLink(href: string, paging: Paging, index: number, size: number): PageLink {
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
