import { halAdapter, Links } from '@halyard/sdk'
import { type Exchange as Answer, MAX_REDIRECTS, RemoteClient } from '../remote/client.js'
import { offOrigin } from '../remote/origin.js'
import { isRecord, LinkWalk, listOf, shapeKey } from './crawl-links.js'
import { type ErrorSamples, probeNotFound } from './error-probe.js'

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
// A URL's list and shape are the walk's (importers here keep their path).
export { listOf, shapeKey } from './crawl-links.js'

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

const ACCEPT = {
  hal: 'application/hal+json, application/json;q=0.9',
  // With HAL after it: a server without forms answers HAL rather than 406 (some log a stack).
  forms: 'application/prs.hal-forms+json, application/hal+json;q=0.5',
  alps: 'application/alps+json',
  schema: 'application/schema+json',
} as const

const adapter = halAdapter()

interface Job {
  readonly url: string
  readonly depth: number
  /** What to ask: a document (by `Accept`), or `allow`, an `OPTIONS` probe of its methods. */
  readonly accept: Exchange['accept'] | 'allow'
  /** The list a page belongs to (its URL without query), when the job walks `next`. */
  readonly list?: string
  /** Redirects that led here: a chain of them stops at {@link MAX_REDIRECTS}. */
  readonly hops?: number
}

/**
 * One crawl of a HAL API from its root, as {@link crawlApi} describes it: jobs read at most
 * `concurrency` at a time, until the queue is empty or a bound stops it.
 */
class Crawler {
  readonly #root: string
  readonly #options: CrawlOptions
  readonly #limits: Required<CrawlLimits>
  readonly #started: number
  readonly #client: RemoteClient
  readonly #exchanges = new Map<string, Exchange>()
  readonly #allow = new Map<string, readonly string[]>()
  readonly #unreached = new Map<string, string>()
  readonly #seen = new Set<string>()
  readonly #queue: Job[] = []
  readonly #records = new Set<string>()
  readonly #profiled = new Set<string>()
  readonly #skipped = new Map<string, number>()
  readonly #pastTime: string
  readonly #walk: LinkWalk
  #bytes = 0
  #requests = 0
  #stopped: string | undefined
  // The root as read: where its same-origin redirects led.
  #rootAt: string

  constructor(root: string, options: CrawlOptions = {}) {
    const limits = {
      depth: options.depth ?? 8,
      pages: options.pages ?? 1000,
      records: options.records ?? 50_000,
      requests: options.requests ?? 100_000,
      rate: options.rate ?? 0,
      time: options.time ?? 300_000,
      expansions: options.expansions ?? 3,
      bytes: options.bytes ?? 256 * 1024 * 1024,
      concurrency: options.concurrency ?? 6,
    }
    this.#root = root
    this.#options = options
    this.#limits = limits
    this.#started = Date.now()
    // Counted as it arrives: an endless (or huge) body stops at the bound, not in memory.
    this.#client = new RemoteClient({
      root,
      headers: options.headers ?? {},
      // The crawl counts its own requests: the bound stops adding work, not a request in flight.
      maxRequests: Number.POSITIVE_INFINITY,
      rate: limits.rate || undefined,
      maxTime: limits.time,
      maxBody: limits.bytes,
      take: (size) => {
        this.#bytes += size
        return this.#bytes <= limits.bytes
      },
      ...(options.fetch ? { fetch: options.fetch } : {}),
    })
    this.#pastTime = `past --max-time ${limits.time / 1000} s`
    this.#rootAt = root
    this.#walk = new LinkWalk({
      limits,
      variables: options.variables,
      seen: this.#seen,
      unreached: this.#unreached,
      records: this.#records,
      enqueue: (url, depth, list) =>
        this.#enqueue({ url, depth, accept: 'hal', ...(list === undefined ? {} : { list }) }),
      skip: (reason) => this.#skip(reason),
    })
  }

  /** Reads the API from its root to the end of its links or a bound, then asks for a 404. */
  async crawl(): Promise<Crawl> {
    this.#enqueue({ url: this.#root, depth: 0, accept: 'hal' })
    const active = await this.#drain()
    await Promise.all(active)
    const client = this.#client
    // How the API writes a 404, asked of a record that cannot exist (a GET): its error format.
    const notFound =
      this.#stopped === undefined ? await probeNotFound(client, this.#records) : undefined
    client.close()
    for (const job of this.#queue) this.#unreached.set(job.url, this.#stopped ?? 'not read')
    // The last figures, so that a display ends on the crawl's own.
    this.#options.onProgress?.({
      requests: this.#requests,
      records: this.#records.size,
      queued: 0,
      elapsed: Date.now() - this.#started,
    })
    return {
      root: this.#rootAt,
      exchanges: this.#exchanges,
      unreached: [...this.#unreached]
        .map(([url, reason]) => ({ url, reason }))
        .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0)),
      skipped: [...this.#skipped].map(([reason, count]) => ({ reason, count })),
      allow: this.#allow,
      ...(notFound ? { errors: { notFound } } : {}),
      requests: this.#requests,
      records: this.#records.size,
      elapsed: Date.now() - this.#started,
    }
  }

  /** Runs the queue's jobs until it is empty or a bound stops it: the jobs still in flight. */
  async #drain(): Promise<Set<Promise<void>>> {
    const limits = this.#limits
    const active = new Set<Promise<void>>()
    let lastProgress = 0
    while ((this.#queue.length > 0 || active.size > 0) && this.#stopped === undefined) {
      while (this.#queue.length > 0 && active.size < limits.concurrency) {
        if (this.#client.deadline.aborted || Date.now() - this.#started > limits.time) {
          this.#stopped = this.#pastTime
          break
        }
        if (this.#requests >= limits.requests) {
          this.#stopped = `past --max-requests ${limits.requests}`
          break
        }
        const job = this.#queue.shift() as Job
        const task: Promise<void> = this.#guarded(job).finally(() => active.delete(task))
        active.add(task)
      }
      if (active.size > 0) await Promise.race(active)
      if (this.#options.onProgress && Date.now() - lastProgress > 200) {
        lastProgress = Date.now()
        this.#options.onProgress({
          requests: this.#requests,
          records: this.#records.size,
          queued: this.#queue.length,
          elapsed: Date.now() - this.#started,
        })
      }
    }
    return active
  }

  #skip(reason: string): void {
    this.#skipped.set(reason, (this.#skipped.get(reason) ?? 0) + 1)
  }

  #enqueue(job: Job): void {
    const key = `${job.accept} ${job.url}`
    if (this.#seen.has(key)) return
    if (offOrigin(job.url, this.#client.origin) !== undefined) {
      this.#unreached.set(job.url, 'another origin: the crawler reads only the root’s')
      this.#seen.add(key)
      return
    }
    if (job.depth > this.#limits.depth) {
      this.#unreached.set(job.url, `deeper than --depth ${this.#limits.depth}`)
      return
    }
    this.#seen.add(key)
    this.#queue.push(job)
  }

  // One deadline for the whole crawl, bodies included (the client's): it ends every request in flight.
  async #guarded(job: Job): Promise<void> {
    try {
      await this.#run(job)
    } catch (error) {
      const past = this.#client.deadline.aborted
      if (past) this.#stopped ??= this.#pastTime
      this.#unreached.set(job.url, past ? this.#pastTime : `cut short: ${(error as Error).message}`)
    }
  }

  async #run(job: Job): Promise<void> {
    this.#requests++
    if (job.accept === 'allow') return this.#probeAllow(job.url)
    // Redirects by hand: the headers given (a token) never follow one to another origin.
    const answer = await this.#client.send('GET', job.url, {
      headers: { accept: ACCEPT[job.accept] },
      // Only what is kept is read: the body of an error, a redirect or a page of HTML is not.
      read: (response) => response.ok && /json/i.test(response.headers.get('content-type') ?? ''),
    })
    if (answer.status === 0) {
      this.#unreached.set(job.url, answer.text)
      return
    }
    const location = answer.headers.get('location')
    if (answer.status >= 300 && answer.status < 400 && location !== null) {
      const target = new URL(location, job.url).href
      const hops = (job.hops ?? 0) + 1
      if (hops > MAX_REDIRECTS) {
        this.#unreached.set(
          job.url,
          `${answer.status}: more than ${MAX_REDIRECTS} redirects in a row`,
        )
        return
      }
      // Followed on the root's origin (halacious's `/api` → `/api/`): the root is then where it led.
      if (offOrigin(target, this.#client.origin) === undefined) {
        if (job.url === this.#rootAt && job.accept === 'hal') this.#rootAt = target
      } else this.#unreached.set(job.url, `${answer.status}: redirects to ${target}`)
      this.#enqueue({ ...job, url: target, hops })
      return
    }
    this.#keep(job, job.accept, answer)
  }

  /** An answer that is no redirect: kept as a document when it is one, its links then followed. */
  #keep(job: Job, accept: Exchange['accept'], answer: Answer): void {
    const contentType = (answer.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? ''
    const ok = answer.status >= 200 && answer.status < 300
    // A profile or HAL-FORMS variant the API does not serve is no gap in the recording.
    if (accept !== 'hal' && (!ok || !/json/i.test(contentType))) return
    if (!ok) {
      // A reason phrase may echo a header: redacted like any text of the server's.
      const reason = `${answer.status} ${answer.statusText ?? ''}`.trim()
      this.#unreached.set(job.url, this.#client.redact(reason))
      return
    }
    if (!/json/i.test(contentType)) {
      this.#unreached.set(job.url, `not JSON (${contentType || 'no Content-Type'})`)
      return
    }
    if (answer.overBytes) {
      this.#stopped ??= `past --max-bytes ${this.#limits.bytes}`
      this.#unreached.set(job.url, this.#stopped)
      return
    }
    // Everything after the crawl may walk a document by recursion (JSON.stringify does).
    if (answer.refused !== undefined || answer.json === undefined) {
      const why = answer.refused ?? 'JSON that does not parse'
      this.#unreached.set(job.url, why.startsWith('nested') ? `${why}: not recorded` : why)
      return
    }
    const body = answer.json
    const key = accept === 'hal' ? job.url : `${accept} ${job.url}`
    const own =
      accept === 'hal' ? new Links(job.url, adapter.read(body).links).get('self') : undefined
    if (own && !own.templated && isRecord(own.href) && !this.#records.has(own.href)) {
      if (this.#records.size >= this.#limits.records) {
        this.#unreached.set(job.url, `past --records ${this.#limits.records}`)
        return
      }
      this.#records.add(own.href)
    }
    this.#exchanges.set(key, {
      url: job.url,
      status: answer.status,
      contentType,
      body,
      accept,
      validators: answer.headers.has('etag') && answer.headers.has('last-modified'),
      caching:
        answer.headers.has('cache-control') &&
        /(^|,)\s*(accept|\*)\s*(,|$)/i.test(answer.headers.get('vary') ?? ''),
    })
    if (accept === 'hal') this.#followLinks(job, body)
  }

  /** A HAL document kept: its links followed, its forms, methods and profiles asked for. */
  #followLinks(job: Job, body: unknown): void {
    const { links: raw } = adapter.read(body)
    const self = new Links(job.url, raw).get('self')
    this.#walk.visit(body, job.url, job.depth, job.list ?? listOf(job.url))
    // HAL-FORMS: once per list and once per kind of item, to learn which writes the API offers.
    const formsKey = self && !self.templated ? shapeKey(self.href) : undefined
    if (formsKey && !this.#profiled.has(formsKey)) {
      this.#profiled.add(formsKey)
      this.#enqueue({ url: job.url, depth: job.depth, accept: 'forms' })
      this.#enqueue({ url: listOf(job.url), depth: job.depth, accept: 'allow' })
    }
    // Spring Data REST's profiles: ALPS and JSON Schema beside the HAL document.
    if (/\/profile\/[^/]+$/.test(listOf(job.url))) {
      this.#enqueue({ url: job.url, depth: job.depth, accept: 'alps' })
      this.#enqueue({ url: job.url, depth: job.depth, accept: 'schema' })
    }
  }

  // OPTIONS is safe (RFC 9110 §9.3.7): what it allows says whether a list takes a create, an item
  // a write, which no GET shows. Its body is not read; no `Allow` leaves the methods unknown.
  async #probeAllow(url: string): Promise<void> {
    const answer = await this.#client.send('OPTIONS', url, { read: () => false })
    const header = answer.headers.get('allow')
    if (answer.status < 200 || answer.status > 299 || header === null) return
    this.#allow.set(
      url,
      header
        .split(',')
        .map((m) => m.trim().toUpperCase())
        .filter((m) => m !== ''),
    )
  }
}
