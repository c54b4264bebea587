import { halAdapter, Links } from '@halyard/sdk'
import type { Exchange } from '../crawl.js'
import { type CollectionModel, isObject } from '../model.js'

const adapter = halAdapter()

// Lists the mock cannot page as the API did, served as recorded instead: the replay is the
// recording, its page bounds as the API stated them.

/** A page of the recording: its document, the collection it lists, its list's URL. */
export interface RecordedPage {
  readonly exchange: Exchange
  readonly collection: string
  readonly list: string
}

/** The number of items a page embeds. */
function itemsOn(body: unknown): number {
  const raw = isObject(body) ? body._embedded : undefined
  const values = Array.isArray(raw) ? [raw] : isObject(raw) ? Object.values(raw) : []
  return values.reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : 0), 0)
}

/**
 * The lists served as recorded, by URL, and the collections changed for them: a collection's
 * whose pages state bounds no page size gives (an empty page that links a `next`), and, of a
 * nested collection whose records repeat another parent's ids (numbered per parent), those of the
 * parents whose records it could not keep; the collection then says so (`perParentIds`), for
 * `verify` not to hold the API to one numbering. `patternAt`: an item URL's address pattern.
 *
 * @example
 * listsAsRecorded(collections, pages, skipped, patternAt).lists // Set { 'http://…/line-items/2/sub-parts' }
 */
export function listsAsRecorded(
  collections: readonly CollectionModel[],
  pages: readonly RecordedPage[],
  skipped: ReadonlyMap<string, string>,
  patternAt: (url: string) => string,
): { collections: CollectionModel[]; lists: Set<string> } {
  const lists = new Set<string>()
  const again = [...skipped.keys()].filter((url) => skipped.get(url)?.startsWith('the id of '))
  const result = collections.map((c) => {
    const own = pages.filter((p) => p.collection === c.name)
    const unbounded =
      !c.parent &&
      own.some(
        (p) =>
          itemsOn(p.exchange.body) === 0 &&
          new Links(p.exchange.url, adapter.read(p.exchange.body).links).has('next'),
      )
    if (unbounded) for (const p of own) lists.add(p.list)
    const repeated = again.filter((url) => patternAt(url) === c.pattern)
    if (!c.parent || repeated.length === 0) return c
    for (const url of repeated) lists.add(url.replace(/\/[^/]*$/, ''))
    return { ...c, perParentIds: true as const }
  })
  return { collections: result, lists }
}
