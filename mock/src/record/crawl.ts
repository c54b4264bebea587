import { Crawler } from './crawler.js'
import type { ErrorSamples } from './error-probe.js'

/** One GET the crawler made and kept: a JSON document it answered with. */
export interface Exchange {
  /** The URL asked for (absolute). */
  readonly url: string
  readonly status: number
  readonly contentType: string
  /** The parsed body. */
  readonly body: unknown
  /** What `Accept` asked for: `hal` (HAL, the recorded documents), or a profile's media type. */
  readonly accept: 'hal' | 'forms' | 'alps' | 'schema'
  /** Whether the answer carried both `ETag` and `Last-Modified`. */
  readonly validators?: boolean
  /** Whether it carried `Cache-Control` and a `Vary` naming `Accept`. */
  readonly caching?: boolean
}

/** A URL the crawler found but could not (or would not) read, and why. */
export interface Unreached {
  readonly url: string
  readonly reason: string
}

/** How far a crawl may go. */
export interface CrawlLimits {
  /** Link hops from the root (walking `next` is no hop). Default 8. */
  readonly depth?: number
  /** Pages read per list (walking `next`). Default 1000. */
  readonly pages?: number
  /** Records (distinct `self`s ending in an id) before the crawler stops adding item reads. Default 50000. */
  readonly records?: number
  /** Requests in all. Default 100000. */
  readonly requests?: number
  /** Requests per second, 0 for no limit. Default 0. */
  readonly rate?: number
  /** Milliseconds the whole crawl may take. Default 300000. */
  readonly time?: number
  /** Values tried per variable of a templated link. Default 3. */
  readonly expansions?: number
  /** Body bytes kept in all: the recording's memory bound. Default 256 MiB. */
  readonly bytes?: number
  /** Requests in flight at once. Default 6. */
  readonly concurrency?: number
}

/** What a crawl is doing, for a progress display. */
export interface CrawlProgress {
  readonly requests: number
  readonly records: number
  readonly queued: number
  readonly elapsed: number
}

export interface CrawlOptions extends CrawlLimits {
  /** Headers sent with every request (an access token, say); never written anywhere. */
  readonly headers?: Readonly<Record<string, string>>
  /** The fetch to use (an in-process API's `handle`, in tests). Default the global fetch. */
  readonly fetch?: (request: Request) => Promise<Response>
  readonly onProgress?: (progress: CrawlProgress) => void
  /**
   * Values to try for variables of templated links, by name (`{ blogId: ['1', '2'] }`), besides
   * those seen in the data. A variable named like an id (`id`, `blogId`) that nothing names is
   * tried with `1`.
   */
  readonly variables?: Readonly<Record<string, readonly string[]>>
}

/** What a crawl found: the documents by URL, what it could not reach, and its counts. */
export interface Crawl {
  readonly root: string
  readonly exchanges: ReadonlyMap<string, Exchange>
  readonly unreached: readonly Unreached[]
  /** Links it chose not to follow, counted by why (a page's `first`, a CURIE). */
  readonly skipped: readonly { readonly reason: string; readonly count: number }[]
  /**
   * The methods each probed URL's `OPTIONS` answer allows (RFC 9110 §10.2.1), upper case: one list
   * and one item per kind of document. A URL without an `Allow` (404, 405, 501) is absent: unknown.
   */
  readonly allow?: ReadonlyMap<string, readonly string[]>
  /** Error answers that show the API's error format (a 404 asked of a record that cannot exist). */
  readonly errors?: ErrorSamples
  readonly requests: number
  readonly records: number
  readonly elapsed: number
}

// The templates' reading is the remote client's, shared with verify (importers here keep their path).
export { beforeTemplate, templateExpressions, templateVariables } from '../remote/templates.js'
// A URL's list and shape are the crawler's (importers here keep their path).
export { listOf, shapeKey } from './crawler.js'

/**
 * Crawls a HAL API from its root by every link: templated links expanded without variables (when
 * only the query has some) and with values seen in the data, pages walked by `next` to the end or
 * the bound, items read by their `self`. Keeps JSON documents of the root's origin; reports the
 * rest with a reason. Documents are kept in memory up to `bytes` (a bound, like the others, that
 * stops the crawl with a reason rather than growing).
 *
 * @example
 * const crawl = await crawlApi('http://127.0.0.1:4010/api', { pages: 5 })
 * crawl.exchanges.size // documents read
 */
export async function crawlApi(root: string, options: CrawlOptions = {}): Promise<Crawl> {
  return new Crawler(root, options).crawl()
}
