// The crawl's state and its steps: the queue of jobs, the reads and probes they make, the links
// they find. `crawlApi` (crawl.ts) is its one caller.

import { expandTemplate, halAdapter, type Link, Links } from '@halyard/sdk'
import { type Exchange as Answer, MAX_REDIRECTS, RemoteClient } from '../remote/client.js'
import { offOrigin } from '../remote/origin.js'
import { beforeTemplate, templateExpressions, templateVariables } from '../remote/templates.js'
import type { Crawl, CrawlLimits, CrawlOptions, Exchange } from './crawl.js'
import { probeNotFound } from './error-probe.js'

const ACCEPT = {
  hal: 'application/hal+json, application/json;q=0.9',
  // With HAL after it: a server without forms answers HAL rather than 406 (some log a stack).
  forms: 'application/prs.hal-forms+json, application/hal+json;q=0.5',
  alps: 'application/alps+json',
  schema: 'application/schema+json',
} as const

/** A page link's role by its rel: IANA's `next`, or an API's own `nextPage`, `previousPage`… */
const pageRel = (rel: string): 'next' | 'other' | undefined =>
  /^next(Page)?$/i.test(rel)
    ? 'next'
    : /^(prev|previous|first|last)(Page)?$/i.test(rel)
      ? 'other'
      : undefined
const adapter = halAdapter()
const SKIPPED_CURIES = 'CURIE links: they name documentation of rels, no resource of the API'
const SKIPPED_PAGES =
  'first, prev and last links of pages: pages of lists the walk by next reads (or a bound cut)'

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

/** A URL without its query and fragment. */
export const listOf = (url: string): string => url.replace(/[?#].*$/, '')

/** Whether a `self` is a record's: its address ends in an id (a list's, a root's does not). */
const isRecord = (url: string): boolean => /\/\d+$/.test(listOf(url))

/** A URL's shape: its path with numeric segments as `{}` (one per kind of document). */
export const shapeKey = (url: string): string =>
  listOf(url)
    .split('/')
    .map((segment) => (/^\d+$/.test(segment) ? '{}' : segment))
    .join('/')

/**
 * One crawl of a HAL API from its root, as `crawlApi` describes it: jobs read at most
 * `concurrency` at a time, until the queue is empty or a bound stops it.
 *
 * @example
 * const crawl = await new Crawler('http://127.0.0.1:4010/api', { pages: 5 }).crawl()
 */
export class Crawler {
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
  readonly #pagesPerList = new Map<string, number>()
  // Values of members by name, for templated links' variables.
  readonly #values = new Map<string, Set<string>>()
  readonly #expanded = new Set<string>()
  readonly #profiled = new Set<string>()
  readonly #probed = new Set<string>()
  readonly #skipped = new Map<string, number>()
  readonly #pastTime: string
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

  #remember(data: unknown): void {
    if (typeof data !== 'object' || data === null) return
    for (const [name, value] of Object.entries(data)) {
      if (typeof value !== 'string' && typeof value !== 'number') continue
      const set = this.#values.get(name) ?? new Set()
      if (set.size < 100) set.add(String(value))
      this.#values.set(name, set)
    }
  }

  // `list` is the list the document being read belongs to: a `next` link counts against it, so a
  // chain of pages at ever new paths (`/p1`, `/p2`…) still stops at `--pages`.
  #follow(link: Link, depth: number, inPage: boolean, list: string): void {
    // CURIEs name documentation (often HTML), no resource of the API.
    if (link.rel === 'curies') return void this.#skip(SKIPPED_CURIES)
    if (link.templated) return void this.#expand(link, depth, inPage, list)
    const paging = inPage ? pageRel(link.rel) : undefined
    // A page's `first`, `prev` and `last` are pages of its list, which the walk by `next` reads
    // (under another spelling of their query, which would cost a request per list for nothing).
    if (paging === 'other') return void this.#skip(SKIPPED_PAGES)
    if (paging === 'next') {
      if (this.#seen.has(`hal ${link.href}`)) return
      const count = this.#pagesPerList.get(list) ?? 1
      if (count >= this.#limits.pages) {
        this.#unreached.set(link.href, `past --pages ${this.#limits.pages} of ${list}`)
        return
      }
      this.#pagesPerList.set(list, count + 1)
      this.#enqueue({ url: link.href, depth, accept: 'hal', list })
    } else if (link.rel === 'profile' || link.rel.endsWith(':profile')) {
      this.#enqueue({ url: link.href, depth: depth + 1, accept: 'hal' })
    } else this.#enqueue({ url: link.href, depth: depth + 1, accept: 'hal' })
  }

  /** A templated link: expanded without variables (when only the query has some) and with values. */
  #expand(link: Link, depth: number, inPage: boolean, list: string): void {
    if (this.#expanded.has(link.href)) return
    this.#expanded.add(link.href)
    // A templated page link (Spring Data REST's `?page=1&size=5{&sort}`): the page, as it is.
    const paging = inPage ? pageRel(link.rel) : undefined
    if (paging === 'other') return void this.#skip(SKIPPED_PAGES)
    if (paging === 'next') {
      try {
        const href = new URL(expandTemplate(link.href, {}), link.context).href
        this.#follow({ ...link, href, templated: false }, depth, inPage, list)
      } catch (error) {
        this.#unreached.set(
          link.href,
          `a template that does not expand: ${(error as Error).message}`,
        )
      }
      return
    }
    const { names, inPath } = templateVariables(link.href)
    const tries: Record<string, string>[] = inPath ? [] : [{}]
    for (const name of names) {
      const given = this.#options.variables?.[name] ?? []
      const seenValues = [...(this.#values.get(name) ?? [])].sort()
      const fallback =
        seenValues.length === 0 && given.length === 0 && /(^|_)id$|Id$/.test(name) ? ['1'] : []
      const expansions = seenValues.slice(0, this.#limits.expansions)
      const known = [...new Set([...given, ...expansions, ...fallback])]
      for (const value of known) tries.push({ [name]: value })
    }
    // A paged list asked for page 1 too: its links then say how the API counts pages.
    const pageVariable = names.find((n) => /^_?(page|pageIndex|pageNumber)$/i.test(n))
    // Once per kind of list: the 1 000 lists of comments of 1 000 articles count the same way.
    const probe = `${shapeKey(beforeTemplate(link.href))} ${pageVariable}`
    const query = templateExpressions(link.href).some((e) => e.startsWith('?'))
    if (query && !inPath && pageVariable && !this.#probed.has(probe)) {
      this.#probed.add(probe)
      tries.push({ [pageVariable]: '1' })
    }
    if (tries.length === 0) {
      this.#unreached.set(
        link.href,
        `a template whose variables (${names.join(', ')}) no data names`,
      )
    }
    for (const variables of tries) {
      try {
        const url = new URL(expandTemplate(link.href, variables), link.context).href
        this.#enqueue({ url, depth: depth + 1, accept: 'hal' })
      } catch (error) {
        this.#unreached.set(
          link.href,
          `a template that does not expand: ${(error as Error).message}`,
        )
      }
    }
  }

  // Walks a document's links and its embedded documents' (their `self`s are the items to read),
  // in document order with a stack of its own: an API's `_embedded` may nest as deep as it likes.
  #visit(body: unknown, context: string, depth: number, list: string): void {
    const stack: { body: unknown; inherited: readonly Link[]; item: boolean }[] = [
      { body, inherited: [], item: false },
    ]
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      if (next.item) {
        const self = new Links(context, adapter.read(next.body).links, next.inherited).get('self')
        if (self && !self.templated && isRecord(self.href)) {
          if (!this.#records.has(self.href) && this.#records.size >= this.#limits.records) {
            this.#unreached.set(self.href, `past --records ${this.#limits.records}`)
            continue
          }
          this.#records.add(self.href)
        }
      }
      const { data, links: raw, embedded } = adapter.read(next.body)
      const links = new Links(context, raw, next.inherited)
      const rels = links.rels()
      // A page: it links a neighbour page, or its first and last, or embeds. A root's lone `first`
      // (Traverson's) is a link to read.
      const roles = new Set(
        rels.map((rel) => pageRel(rel) && rel.replace(/Page$/i, '').toLowerCase()),
      )
      const inPage =
        roles.has('next') ||
        roles.has('prev') ||
        roles.has('previous') ||
        (roles.has('first') && roles.has('last')) ||
        Object.keys(embedded).length > 0
      if (!inPage || !Array.isArray(Object.values(embedded)[0])) this.#remember(data)
      for (const rel of rels)
        for (const link of links.getAll(rel)) this.#follow(link, depth, inPage, list)
      const items = Object.values(embedded).flat()
      for (let i = items.length - 1; i >= 0; i--) {
        stack.push({ body: items[i], inherited: links.curies, item: true })
      }
    }
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
    if (accept === 'hal') this.#walk(job, body)
  }

  /** A HAL document kept: its links followed, its forms, methods and profiles asked for. */
  #walk(job: Job, body: unknown): void {
    const { links: raw } = adapter.read(body)
    const self = new Links(job.url, raw).get('self')
    this.#visit(body, job.url, job.depth, job.list ?? listOf(job.url))
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
