import type { Slice } from '../data/store.js'
import type { Answer } from '../http/answer.js'
import { answerRead, represent } from '../http/respond.js'
import { pageRepresentation } from '../representations/page.js'
import { pageRequest } from './params.js'
import type { RouteContext } from './route.js'

/** Where a paged collection's items come from and how each is represented. */
export interface PagedCollection<Row, Item, TotalKey extends string> {
  /** The collection's URL, without the page query. */
  readonly url: string
  readonly totalKey: TotalKey
  /** Epoch ms of the collection's latest change: its Last-Modified. */
  readonly changedAt: number
  readonly slice: (offset: number, limit: number) => Slice<Row>
  readonly item: (row: Row) => Item
}

/**
 * Answers a page of a collection from the request's `pageIndex` and `pageSize`, reading only that
 * page's rows, with validators and conditional GET like any other read.
 *
 * @example
 * return answerPage(context, { url, totalKey: 'totalArticles', changedAt, slice, item })
 */
export function answerPage<Row, Item, TotalKey extends string>(
  context: RouteContext,
  collection: PagedCollection<Row, Item, TotalKey>,
): Answer {
  const page = pageRequest(context.url)
  const { items, total } = collection.slice((page.pageIndex - 1) * page.pageSize, page.pageSize)
  const body = pageRepresentation(
    collection.url,
    page,
    total,
    items.map(collection.item),
    collection.totalKey,
  )
  return answerRead(context.request, represent(body, collection.changedAt))
}
