import { type FormTemplate, HAL_FORMS_JSON } from '../../hal/forms.js'
import type { Answer } from '../../http/answer.js'
import { answerRead, negotiated, recentPages, represent } from '../../http/respond.js'
import { pageRepresentation } from '../representations/page.js'
import type { Slice } from '../store.js'
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
  /**
   * The store's versions of everything the page reads (the parent, its children): a page read
   * again while they are the same is served from the memo, not serialized and hashed again.
   */
  readonly stamp: readonly number[]
  /** The page's HAL-FORMS `_templates` (CONTRACT §3, ext); without them, a page is plain HAL only. */
  readonly templates?: () => Record<string, FormTemplate>
}

/**
 * Answers a page of a collection from the request's `pageIndex` and `pageSize`, reading only that
 * page's rows, with validators and conditional GET like any other read.
 *
 * @example
 * return answerPage(context, {
 *   ...{ url, totalKey: 'totalArticles', changedAt, slice, item },
 *   stamp: store.articlesStamp(blog),
 * })
 */
export function answerPage<Row, Item, TotalKey extends string>(
  context: RouteContext,
  collection: PagedCollection<Row, Item, TotalKey>,
): Answer {
  const page = pageRequest(context.url)
  const { items, total } = collection.slice((page.pageIndex - 1) * page.pageSize, page.pageSize)
  const { url, changedAt, item, totalKey, stamp } = collection
  const key = `${url}?pageIndex=${page.pageIndex}&pageSize=${page.pageSize}`
  const body = () => pageRepresentation(url, page, total, items.map(item), totalKey)
  const plain = () => recentPages.get(key, stamp, () => represent(body(), changedAt))
  const { templates } = collection
  if (!templates) return answerRead(context.request, plain())
  const forms = () =>
    recentPages.get(
      key,
      stamp,
      () => represent({ ...body(), _templates: templates() }, changedAt, HAL_FORMS_JSON),
      'forms',
    )
  return answerRead(context.request, negotiated(context.request, plain, forms))
}
