import { pageQuery } from '../links.js'
import type { PageLinks, PageRepresentation, StandardPageLinks } from '../types.js'

/** A validated page request. */
export interface PageRequest {
  readonly pageIndex: number
  readonly pageSize: number
}

/** `totalPages = ceil(total / pageSize)`, 0 for an empty collection. */
export const totalPagesOf = (total: number, pageSize: number): number => Math.ceil(total / pageSize)

/**
 * A page of any collection in the Blog API's page shape. `previousPage` is omitted on page 1,
 * `nextPage` on the last page and beyond; `lastPage` points at `max(totalPages, 1)`. Beside
 * `_link`, standard `_links` (`self`, `first`, `prev`, `next`, `last`) hold the same hrefs.
 *
 * @example
 * pageRepresentation(url, { pageIndex: 1, pageSize: 10 }, 42, items, 'totalArticles')
 */
export function pageRepresentation<Item, TotalKey extends string>(
  collectionUrl: string,
  { pageIndex, pageSize }: PageRequest,
  total: number,
  items: Item[],
  totalKey: TotalKey,
): PageRepresentation<Item, TotalKey> {
  const totalPages = totalPagesOf(total, pageSize)
  const link = (index: number) => ({ href: collectionUrl + pageQuery(index, pageSize) })
  const _link: PageLinks = {
    firstPage: link(1),
    ...(pageIndex > 1 ? { previousPage: link(pageIndex - 1) } : {}),
    self: link(pageIndex),
    ...(pageIndex < totalPages ? { nextPage: link(pageIndex + 1) } : {}),
    lastPage: link(Math.max(totalPages, 1)),
  }
  // (ext) The same links with IANA rels, so that generic HAL clients can page (CONTRACT §1).
  const { firstPage, previousPage, nextPage, lastPage } = _link
  const _links: StandardPageLinks = {
    self: _link.self,
    first: firstPage,
    ...(previousPage && { prev: previousPage }),
    ...(nextPage && { next: nextPage }),
    last: lastPage,
  }
  const totals = { [totalKey]: total } as { [K in TotalKey]: number }
  return { pageIndex, pageSize, totalPages, ...totals, _link, _links, _embedded: items }
}
