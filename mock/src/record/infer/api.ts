import { Links } from '@halyard/sdk'
import { resolve } from '../../represent/links.js'
import type { Crawl, Exchange } from '../crawl.js'
import { type ApiModel, type CollectionModel, neutral, RECORDED_ORIGIN } from '../model.js'
import { listsAsRecorded } from './recorded-lists.js'
import {
  completeCollection,
  keepUnreversedBackLinks,
  markPlainLists,
  recordedCollection,
} from './steps/collections.js'
import { curiesOf } from './steps/curies.js'
import { documentsOf } from './steps/documents.js'
import { collectionNames, collectionOfItems, itemsOf } from './steps/items.js'
import { pagesOf } from './steps/pages.js'
import { adapter, scopeOf } from './steps/scope.js'
import { hrefsWritten, singleCurieWritten } from './written.js'

// The recorded API as a whole: its collections by address pattern, their records, pages,
// links, conventions and writes, and the documents of no collection.

/**
 * Infers an API's definition from a crawl: collections (records deduplicated by `self`) and their
 * address patterns, nested ones too; relations between records (with titles), other links,
 * embeds, CURIEs; each collection's page convention and the writes its HAL-FORMS templates or
 * ALPS profile offer; and the documents that belong to no collection, served as recorded.
 *
 * @example
 * const model = inferApi(await crawlApi('http://127.0.0.1:4010/api'))
 * model.collections.map((c) => c.name)
 */
export function inferApi(crawl: Crawl): ApiModel {
  const scope = scopeOf(crawl)
  const { origin, basePath, hal, under, patternOf } = scope
  const { items, skipped } = itemsOf(scope)
  const { patterns, names } = collectionNames(scope, items)
  const collectionOf = collectionOfItems(items, names)
  const pages = pagesOf(scope, names, collectionOf)
  const rootExchange = crawl.exchanges.get(crawl.root)
  const rootLinks = rootExchange
    ? new Links(crawl.root, adapter.read(rootExchange.body).links)
    : undefined
  const { curies, curiesIn } = curiesOf(scope, rootExchange, rootLinks)
  const found = { items, names, pages, rootLinks }
  const collections = patterns.map((pattern) => recordedCollection(scope, found, pattern))
  const unreached = new Map(crawl.unreached.map((u) => [u.url, u.reason]))
  // Links, embeds, paging and writes, now that every collection is known.
  const byName = new Map(collections.map((c) => [c.name, c]))
  const result = collections.map((collection) =>
    completeCollection(scope, { ...found, byName, collectionOf, unreached }, collection),
  )
  keepUnreversedBackLinks(result)
  markPlainLists(scope, result)
  // Lists the mock cannot page as the API did: served as recorded.
  const asRecorded = listsAsRecorded(result, pages, skipped, (url) => patternOf(under(url) ?? ''))
  result.splice(0, result.length, ...asRecorded.collections)
  const documents = documentsOf(scope, items, result, pages, asRecorded.lists)
  // In the root's order (the core links them in the definition's), then the rest by address.
  const rootOrder = (c: CollectionModel) => {
    const i = rootLinks?.rels().indexOf(c.rel) ?? -1
    return i < 0 ? Number.MAX_SAFE_INTEGER : i
  }
  result.sort((a, b) => rootOrder(a) - rootOrder(b))
  const model: ApiModel = {
    basePath,
    curies,
    ...(curiesIn === undefined ? {} : { curiesIn }),
    ...writtenAs(hal, rootExchange?.body),
    collections: result,
    documents,
    // A root without one is served without one, and its client types offer none.
    ...(rootLinks && !rootLinks.rels().includes('service-desc') && { serviceDesc: false as const }),
    ...(skipped.size > 0
      ? { skipped: [...skipped].sort().map(([url, reason]) => ({ url, reason })) }
      : {}),
  }
  const recordedRoot = rootExchange ? neutral(rootExchange.body, origin) : undefined
  const coreRoot = expectedRoot(model)
  return JSON.stringify(recordedRoot) === JSON.stringify(coreRoot)
    ? model
    : { ...model, root: recordedRoot }
}

/** How the API writes its hrefs and a lone CURIE, where the core writes them otherwise. */
function writtenAs(
  hal: readonly Exchange[],
  root: unknown,
): Pick<ApiModel, 'hrefs' | 'singleCurie'> {
  const hrefs = hrefsWritten(hal)
  const singleCurie = singleCurieWritten(root)
  return { ...(hrefs ? { hrefs } : {}), ...(singleCurie ? { singleCurie } : {}) }
}

/** The root the core would serve for a model (to know whether the recorded one must be kept). */
function expectedRoot(model: ApiModel): unknown {
  const base = `${RECORDED_ORIGIN}${model.basePath}`
  const links: Record<string, unknown> = { self: { href: base } }
  for (const c of model.collections) {
    if (c.parent) continue
    links[c.rel] = { href: `${base}/${c.name}{?page,size}`, templated: true }
  }
  if (model.serviceDesc !== false) links['service-desc'] = { href: `${base}/openapi.json` }
  if (model.curies.length > 0) {
    links.curies = model.curies.map((c) => ({
      name: c.name,
      href: c.asIs ? c.href : resolve(base, c.href),
      templated: true,
    }))
  }
  return { _links: links }
}
