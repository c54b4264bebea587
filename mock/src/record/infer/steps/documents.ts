import { listOf } from '../../crawl.js'
import {
  type CollectionModel,
  type DocumentModel,
  type Item,
  isObject,
  neutral,
} from '../../model.js'
import type { Page, Scope } from './scope.js'

/**
 * The documents of no collection, served as recorded: neither an item read at the top, nor a page
 * of a list the mock serves (`recordedLists` it serves as recorded), nor the root.
 */
export function documentsOf(
  scope: Scope,
  items: ReadonlyMap<string, Item>,
  collections: readonly CollectionModel[],
  pages: readonly Page[],
  recordedLists: ReadonlySet<string>,
): DocumentModel[] {
  const { crawl, hal, origin, under, patternOf } = scope
  const claimed = new Set<string>([crawl.root])
  for (const item of items.values()) if (item.top) claimed.add(item.url)
  // The lists the mock serves: each collection's own, and the back links' lists.
  const served = new Set<string>()
  for (const c of collections) {
    served.add(c.pattern.replace(/\/\{\}$/, ''))
    for (const link of c.links) {
      if (link.kind === 'plain' && link.href.startsWith('@back:'))
        served.add(`${c.pattern}/${link.href.split('/')[1] ?? link.rel}`)
    }
  }
  for (const page of pages) {
    if (served.has(patternOf(under(page.list) ?? '')) && !recordedLists.has(page.list))
      claimed.add(page.exchange.url)
  }
  const documents: DocumentModel[] = []
  const paths = new Set<string>()
  for (const exchange of hal) {
    if (claimed.has(exchange.url)) continue
    const path = under(exchange.url)
    // A list the mock serves (an empty one too, which no item names): the mock's own answer.
    if (
      path !== undefined &&
      served.has(patternOf(path)) &&
      !recordedLists.has(listOf(exchange.url))
    )
      continue
    const query = new URL(exchange.url).search
    // `''` and `/` both answer the root (one trailing slash is tolerated).
    if (path === undefined || path === '' || path === '/' || paths.has(`${path}${query}`)) continue
    // Any JSON object the API answered a HAL `Accept` with (a document without links, a Spring
    // Data REST profile) but its OpenAPI document: the mock's own describes the mock, and the
    // API's, full of examples shaped like credentials, would be written redacted.
    if (!isObject(exchange.body) || path === '/openapi.json') continue
    paths.add(`${path}${query}`)
    const hal = /^application\/hal\+json$/i.test(exchange.contentType)
    documents.push({
      path,
      query,
      ...(hal ? {} : { type: exchange.contentType }),
      body: neutral(exchange.body, origin),
    })
  }
  return documents
}
