import { expandTemplate, halAdapter, type Link, Links } from '@halyard/sdk'
import { MAX_REDIRECTS, RemoteClient } from '../remote/client.js'
import { offOrigin } from '../remote/origin.js'
import { beforeTemplate, templateExpressions, templateVariables } from '../remote/templates.js'
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

// The templates' reading is the remote client's, shared with verify (importers here keep their path).
export { beforeTemplate, templateExpressions, templateVariables } from '../remote/templates.js'

/** A URL without its query and fragment. */
export const listOf = (url: string): string => url.replace(/[?#].*$/, '')

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
  const started = Date.now()
  let bytes = 0
  // Counted as it arrives: an endless (or huge) body stops at the bound, not in memory.
  const client = new RemoteClient({
    root,
    headers: options.headers ?? {},
    // The crawl counts its own requests: the bound stops adding work, not a request in flight.
    maxRequests: Number.POSITIVE_INFINITY,
    rate: limits.rate || undefined,
    maxTime: limits.time,
    maxBody: limits.bytes,
    take: (size) => {
      bytes += size
      return bytes <= limits.bytes
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  const origin = client.origin
  const exchanges = new Map<string, Exchange>()
  const allow = new Map<string, readonly string[]>()
  const unreached = new Map<string, string>()
  const seen = new Set<string>()
  const queue: Job[] = []
  const records = new Set<string>()
  const pagesPerList = new Map<string, number>()
  // Values of members by name, for templated links' variables.
  const values = new Map<string, Set<string>>()
  const expanded = new Set<string>()
  const profiled = new Set<string>()
  const probed = new Set<string>()
  const skipped = new Map<string, number>()
  const skip = (reason: string) => skipped.set(reason, (skipped.get(reason) ?? 0) + 1)
  let requests = 0
  let stopped: string | undefined
  const pastTime = `past --max-time ${limits.time / 1000} s`
  // The root as read: where its same-origin redirects led.
  let rootAt = root

  const enqueue = (job: Job) => {
    const key = `${job.accept} ${job.url}`
    if (seen.has(key)) return
    if (offOrigin(job.url, origin) !== undefined) {
      unreached.set(job.url, 'another origin: the crawler reads only the root’s')
      seen.add(key)
      return
    }
    if (job.depth > limits.depth) {
      unreached.set(job.url, `deeper than --depth ${limits.depth}`)
      return
    }
    seen.add(key)
    queue.push(job)
  }

  const remember = (data: unknown) => {
    if (typeof data !== 'object' || data === null) return
    for (const [name, value] of Object.entries(data)) {
      if (typeof value !== 'string' && typeof value !== 'number') continue
      const set = values.get(name) ?? new Set()
      if (set.size < 100) set.add(String(value))
      values.set(name, set)
    }
  }

  // `list` is the list the document being read belongs to: a `next` link counts against it, so a
  // chain of pages at ever new paths (`/p1`, `/p2`…) still stops at `--pages`.
  const follow = (link: Link, depth: number, inPage: boolean, list: string) => {
    // CURIEs name documentation (often HTML), no resource of the API.
    if (link.rel === 'curies') return void skip(SKIPPED_CURIES)
    if (!link.templated) {
      const paging = inPage ? pageRel(link.rel) : undefined
      // A page's `first`, `prev` and `last` are pages of its list, which the walk by `next` reads
      // (under another spelling of their query, which would cost a request per list for nothing).
      if (paging === 'other') return void skip(SKIPPED_PAGES)
      if (paging === 'next') {
        if (seen.has(`hal ${link.href}`)) return
        const count = pagesPerList.get(list) ?? 1
        if (count >= limits.pages) {
          unreached.set(link.href, `past --pages ${limits.pages} of ${list}`)
          return
        }
        pagesPerList.set(list, count + 1)
        enqueue({ url: link.href, depth, accept: 'hal', list })
      } else if (link.rel === 'profile' || link.rel.endsWith(':profile')) {
        enqueue({ url: link.href, depth: depth + 1, accept: 'hal' })
      } else enqueue({ url: link.href, depth: depth + 1, accept: 'hal' })
      return
    }
    if (expanded.has(link.href)) return
    expanded.add(link.href)
    // A templated page link (Spring Data REST's `?page=1&size=5{&sort}`): the page, as it is.
    const paging = inPage ? pageRel(link.rel) : undefined
    if (paging === 'other') return void skip(SKIPPED_PAGES)
    if (paging === 'next') {
      try {
        const href = new URL(expandTemplate(link.href, {}), link.context).href
        follow({ ...link, href, templated: false }, depth, inPage, list)
      } catch (error) {
        unreached.set(link.href, `a template that does not expand: ${(error as Error).message}`)
      }
      return
    }
    const { names, inPath } = templateVariables(link.href)
    const tries: Record<string, string>[] = inPath ? [] : [{}]
    for (const name of names) {
      const given = options.variables?.[name] ?? []
      const seenValues = [...(values.get(name) ?? [])].sort()
      const fallback =
        seenValues.length === 0 && given.length === 0 && /(^|_)id$|Id$/.test(name) ? ['1'] : []
      const known = [...new Set([...given, ...seenValues.slice(0, limits.expansions), ...fallback])]
      for (const value of known) tries.push({ [name]: value })
    }
    // A paged list asked for page 1 too: its links then say how the API counts pages.
    const pageVariable = names.find((n) => /^_?(page|pageIndex|pageNumber)$/i.test(n))
    // Once per kind of list: the 1 000 lists of comments of 1 000 articles count the same way.
    const probe = `${shapeKey(beforeTemplate(link.href))} ${pageVariable}`
    const query = templateExpressions(link.href).some((e) => e.startsWith('?'))
    if (query && !inPath && pageVariable && !probed.has(probe)) {
      probed.add(probe)
      tries.push({ [pageVariable]: '1' })
    }
    if (tries.length === 0) {
      unreached.set(link.href, `a template whose variables (${names.join(', ')}) no data names`)
    }
    for (const variables of tries) {
      try {
        const url = new URL(expandTemplate(link.href, variables), link.context).href
        enqueue({ url, depth: depth + 1, accept: 'hal' })
      } catch (error) {
        unreached.set(link.href, `a template that does not expand: ${(error as Error).message}`)
      }
    }
  }

  // Walks a document's links and its embedded documents' (their `self`s are the items to read),
  // in document order with a stack of its own: an API's `_embedded` may nest as deep as it likes.
  const visit = (body: unknown, context: string, depth: number, list: string) => {
    const stack: { body: unknown; inherited: readonly Link[]; item: boolean }[] = [
      { body, inherited: [], item: false },
    ]
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      if (next.item) {
        const self = new Links(context, adapter.read(next.body).links, next.inherited).get('self')
        if (self && !self.templated && isRecord(self.href)) {
          if (!records.has(self.href) && records.size >= limits.records) {
            unreached.set(self.href, `past --records ${limits.records}`)
            continue
          }
          records.add(self.href)
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
      if (!inPage || !Array.isArray(Object.values(embedded)[0])) remember(data)
      for (const rel of rels)
        for (const link of links.getAll(rel)) follow(link, depth, inPage, list)
      const items = Object.values(embedded).flat()
      for (let i = items.length - 1; i >= 0; i--) {
        stack.push({ body: items[i], inherited: links.curies, item: true })
      }
    }
  }

  const run = async (job: Job): Promise<void> => {
    requests++
    if (job.accept === 'allow') return probeAllow(job.url)
    // Redirects by hand: the headers given (a token) never follow one to another origin.
    const answer = await client.send('GET', job.url, {
      headers: { accept: ACCEPT[job.accept] },
      // Only what is kept is read: the body of an error, a redirect or a page of HTML is not.
      read: (response) => response.ok && /json/i.test(response.headers.get('content-type') ?? ''),
    })
    if (answer.status === 0) {
      unreached.set(job.url, answer.text)
      return
    }
    const location = answer.headers.get('location')
    if (answer.status >= 300 && answer.status < 400 && location !== null) {
      const target = new URL(location, job.url).href
      const hops = (job.hops ?? 0) + 1
      if (hops > MAX_REDIRECTS) {
        unreached.set(job.url, `${answer.status}: more than ${MAX_REDIRECTS} redirects in a row`)
        return
      }
      // Followed on the root's origin (halacious's `/api` → `/api/`): the root is then where it led.
      if (offOrigin(target, origin) === undefined) {
        if (job.url === rootAt && job.accept === 'hal') rootAt = target
      } else unreached.set(job.url, `${answer.status}: redirects to ${target}`)
      enqueue({ ...job, url: target, hops })
      return
    }
    const contentType = (answer.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? ''
    const ok = answer.status >= 200 && answer.status < 300
    // A profile or HAL-FORMS variant the API does not serve is no gap in the recording.
    if (job.accept !== 'hal' && (!ok || !/json/i.test(contentType))) return
    if (!ok) {
      // A reason phrase may echo a header: redacted like any text of the server's.
      unreached.set(job.url, client.redact(`${answer.status} ${answer.statusText ?? ''}`.trim()))
      return
    }
    if (!/json/i.test(contentType)) {
      unreached.set(job.url, `not JSON (${contentType || 'no Content-Type'})`)
      return
    }
    if (answer.overBytes) {
      stopped ??= `past --max-bytes ${limits.bytes}`
      unreached.set(job.url, stopped)
      return
    }
    // Everything after the crawl may walk a document by recursion (JSON.stringify does).
    if (answer.refused !== undefined || answer.json === undefined) {
      const why = answer.refused ?? 'JSON that does not parse'
      unreached.set(job.url, why.startsWith('nested') ? `${why}: not recorded` : why)
      return
    }
    const body = answer.json
    const key = job.accept === 'hal' ? job.url : `${job.accept} ${job.url}`
    const own =
      job.accept === 'hal' ? new Links(job.url, adapter.read(body).links).get('self') : undefined
    if (own && !own.templated && isRecord(own.href) && !records.has(own.href)) {
      if (records.size >= limits.records) {
        unreached.set(job.url, `past --records ${limits.records}`)
        return
      }
      records.add(own.href)
    }
    exchanges.set(key, {
      url: job.url,
      status: answer.status,
      contentType,
      body,
      accept: job.accept,
      validators: answer.headers.has('etag') && answer.headers.has('last-modified'),
      caching:
        answer.headers.has('cache-control') &&
        /(^|,)\s*(accept|\*)\s*(,|$)/i.test(answer.headers.get('vary') ?? ''),
    })
    if (job.accept !== 'hal') return
    const { links: raw } = adapter.read(body)
    const self = new Links(job.url, raw).get('self')
    visit(body, job.url, job.depth, job.list ?? listOf(job.url))
    // HAL-FORMS: once per list and once per kind of item, to learn which writes the API offers.
    const formsKey = self && !self.templated ? shapeKey(self.href) : undefined
    if (formsKey && !profiled.has(formsKey)) {
      profiled.add(formsKey)
      enqueue({ url: job.url, depth: job.depth, accept: 'forms' })
      enqueue({ url: listOf(job.url), depth: job.depth, accept: 'allow' })
    }
    // Spring Data REST's profiles: ALPS and JSON Schema beside the HAL document.
    if (/\/profile\/[^/]+$/.test(listOf(job.url))) {
      enqueue({ url: job.url, depth: job.depth, accept: 'alps' })
      enqueue({ url: job.url, depth: job.depth, accept: 'schema' })
    }
  }

  // OPTIONS is safe (RFC 9110 §9.3.7): what it allows says whether a list takes a create, an item
  // a write, which no GET shows. Its body is not read; no `Allow` leaves the methods unknown.
  const probeAllow = async (url: string): Promise<void> => {
    const answer = await client.send('OPTIONS', url, { read: () => false })
    const header = answer.headers.get('allow')
    if (answer.status < 200 || answer.status > 299 || header === null) return
    allow.set(
      url,
      header
        .split(',')
        .map((m) => m.trim().toUpperCase())
        .filter((m) => m !== ''),
    )
  }

  // One deadline for the whole crawl, bodies included (the client's): it ends every request in flight.
  const guarded = async (job: Job): Promise<void> => {
    try {
      await run(job)
    } catch (error) {
      const past = client.deadline.aborted
      if (past) stopped ??= pastTime
      unreached.set(job.url, past ? pastTime : `cut short: ${(error as Error).message}`)
    }
  }

  enqueue({ url: root, depth: 0, accept: 'hal' })
  const active = new Set<Promise<void>>()
  let lastProgress = 0
  while ((queue.length > 0 || active.size > 0) && stopped === undefined) {
    while (queue.length > 0 && active.size < limits.concurrency) {
      if (client.deadline.aborted || Date.now() - started > limits.time) {
        stopped = pastTime
        break
      }
      if (requests >= limits.requests) {
        stopped = `past --max-requests ${limits.requests}`
        break
      }
      const job = queue.shift() as Job
      const task: Promise<void> = guarded(job).finally(() => active.delete(task))
      active.add(task)
    }
    if (active.size > 0) await Promise.race(active)
    if (options.onProgress && Date.now() - lastProgress > 200) {
      lastProgress = Date.now()
      options.onProgress({
        requests,
        records: records.size,
        queued: queue.length,
        elapsed: Date.now() - started,
      })
    }
  }
  await Promise.all(active)
  // How the API writes a 404, asked of a record that cannot exist (a GET): its error format.
  const notFound = stopped === undefined ? await probeNotFound(client, records) : undefined
  client.close()
  for (const job of queue) unreached.set(job.url, stopped ?? 'not read')
  // The last figures, so that a display ends on the crawl's own.
  options.onProgress?.({
    requests,
    records: records.size,
    queued: 0,
    elapsed: Date.now() - started,
  })
  return {
    root: rootAt,
    exchanges,
    unreached: [...unreached]
      .map(([url, reason]) => ({ url, reason }))
      .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0)),
    skipped: [...skipped].map(([reason, count]) => ({ reason, count })),
    allow,
    ...(notFound ? { errors: { notFound } } : {}),
    requests,
    records: records.size,
    elapsed: Date.now() - started,
  }
}

/** Whether a `self` is a record's: its address ends in an id (a list's, a root's does not). */
const isRecord = (url: string): boolean => /\/\d+$/.test(listOf(url))

/** A URL's shape: its path with numeric segments as `{}` (one per kind of document). */
export const shapeKey = (url: string): string =>
  listOf(url)
    .split('/')
    .map((segment) => (/^\d+$/.test(segment) ? '{}' : segment))
    .join('/')
