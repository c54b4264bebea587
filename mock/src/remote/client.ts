import { readBody } from './body.js'
import { crawlDeadline, type RequestGuard, requestGuard } from './deadline.js'
import { type Exchange, failed, finished } from './exchange.js'
import { offOrigin } from './origin.js'
import { Pace, REAL_CLOCK, type RemoteClock } from './pace.js'
import { type Credentials, fetchOnce, requestHeaders } from './request.js'
import { Secrets } from './secrets.js'

export type { Exchange } from './exchange.js'
export type { RemoteClock } from './pace.js'
export type { Credentials } from './request.js'

/** Why a run stopped before its end: a bound it reached, or its signal. */
export class RemoteStop extends Error {
  override readonly name = 'RemoteStop'
}

/** Each request's own time limit (never longer than what is left of the run's). */
const REQUEST_TIMEOUT = 15_000
/** Redirects followed for one request, as browsers bound them (Fetch, "redirect count"). */
export const MAX_REDIRECTS = 10

/** How a {@link RemoteClient} sends: to whom, with what, within which bounds. */
export interface RemoteOptions {
  /** The API root: requests go to its origin only. */
  readonly root: string
  /** Sent with every request to the root's origin; never reported. */
  readonly headers: Readonly<Record<string, string>>
  /** The header a token goes in, and how (`Bearer …` or as it is). */
  readonly tokenHeader?: { readonly name: string; readonly bearer: boolean }
  readonly token?: string | undefined
  readonly maxRequests: number
  /** Requests per second at most. */
  readonly rate?: number | undefined
  /** Milliseconds the whole run may take: one deadline, bodies included. */
  readonly maxTime: number
  /** How the bound is named in a stop's reason (`--max-time`). */
  readonly timeFlag?: string
  /** Ends the run's safe requests (Ctrl-C); writes run to their end. */
  readonly signal?: AbortSignal | undefined
  readonly onRequest?: () => void
  readonly clock?: RemoteClock
  /** The fetch to use (an in-process API's `handle`, in tests). Default the global fetch. */
  readonly fetch?: (request: Request) => Promise<Response>
  /** The most of one body kept, in bytes; the rest is not read. Default 8 MiB. */
  readonly maxBody?: number
  /** Called with each chunk's size: false refuses it (a total bound of the run). */
  readonly take?: (size: number) => boolean
}

/**
 * The HTTP side of `record` and `verify`: the user's headers and token to the root's origin only
 * (any other is answered "not sent"), one deadline for the whole run with each request's limit
 * inside it, redirects followed by hand on the origin and counted, bodies read bounded, and the
 * credentials redacted in every spelling from all it reports. Cleanup requests pass the bounds.
 *
 * @example
 * const client = new RemoteClient({ root: 'http://127.0.0.1:4010/api', headers: {}, maxRequests: 100, maxTime: 60_000 })
 * const root = await client.send('GET', 'http://127.0.0.1:4010/api', { headers: { accept: 'application/hal+json' } })
 * client.close()
 */
export class RemoteClient {
  requests = 0
  readonly origin: string
  readonly secrets: Secrets
  readonly #options: RemoteOptions
  readonly #clock: RemoteClock
  readonly #started: number
  readonly #deadline: { readonly signal: AbortSignal; clear(): void }
  readonly #pace: Pace

  constructor(options: RemoteOptions) {
    this.#options = options
    this.origin = new URL(options.root).origin
    this.#clock = options.clock ?? REAL_CLOCK
    this.#pace = new Pace(this.#clock, options.rate)
    this.#started = this.#clock.now()
    const flag = options.timeFlag ?? '--max-time'
    this.#deadline = crawlDeadline(options.maxTime, `reached ${flag} ${options.maxTime / 1000} s`)
    this.secrets = new Secrets([
      ...Object.values(options.headers),
      ...(options.token ? [options.token] : []),
    ])
  }

  get elapsed(): number {
    return this.#clock.now() - this.#started
  }

  /** The run's deadline: aborted once `maxTime` has passed. */
  get deadline(): AbortSignal {
    return this.#deadline.signal
  }

  /** Lets go of the deadline's timer, once the run is over. */
  close(): void {
    this.#deadline.clear()
  }

  /** Why the run must stop now, if it must. */
  stopReason(): string | undefined {
    const { signal, maxRequests, maxTime } = this.#options
    if (signal?.aborted) return 'stopped by a signal'
    if (this.requests >= maxRequests) return `reached --max-requests ${maxRequests}`
    if (this.#deadline.signal.aborted || this.elapsed >= maxTime)
      return `reached ${this.#options.timeFlag ?? '--max-time'} ${maxTime / 1000} s`
    return undefined
  }

  /** A text with the credentials replaced in every spelling, for a report. */
  redact(text: string): string {
    return this.secrets.redact(text)
  }

  /**
   * One request: answered, or an exchange of status 0 saying why there is none (not sent to
   * another origin, no answer, a body cut). `redirects` (GET only): same-origin redirects
   * followed, up to {@link MAX_REDIRECTS}, each a request. Throws {@link RemoteStop} at a bound
   * (not for cleanup), or when the signal ends a safe request.
   */
  async send(
    method: string,
    url: string,
    {
      headers = {},
      body,
      credentials = 'token',
      cleanup = false,
      redirects = false,
      read,
    }: {
      headers?: Record<string, string>
      body?: string
      credentials?: Credentials
      cleanup?: boolean
      redirects?: boolean
      /** Whether to read an answer's body (default all): one left unread costs no bytes. */
      read?: (response: Response) => boolean
    } = {},
  ): Promise<Exchange> {
    let at = url
    for (let hops = 0; ; hops++) {
      const answer = await this.#once(method, at, { headers, body, credentials, cleanup, read })
      const location = answer.headers.get('location')
      if (!redirects || answer.status < 300 || answer.status > 399 || location === null)
        return answer
      const target = new URL(location, at).href
      const off = offOrigin(target, this.origin)
      if (off !== undefined) return { ...answer, refused: `redirects to ${target}: ${off}` }
      if (hops >= MAX_REDIRECTS)
        return { ...answer, refused: `more than ${MAX_REDIRECTS} redirects: not followed` }
      at = target
    }
  }

  async #once(
    method: string,
    url: string,
    init: {
      headers: Record<string, string>
      body?: string | undefined
      credentials: Credentials
      cleanup: boolean
      read: ((response: Response) => boolean) | undefined
    },
  ): Promise<Exchange> {
    const { cleanup, body } = init
    const off = offOrigin(url, this.origin)
    // Never sent: the credentials stay with the root's origin, and so do the user's headers.
    if (off !== undefined) return { ...failed(method, url, `not sent: ${off}`, body), refused: off }
    if (!cleanup) {
      const reason = this.stopReason()
      if (reason) throw new RemoteStop(reason)
      await this.#pace.next()
    }
    const safe = method === 'GET' || method === 'HEAD' || method === 'OPTIONS'
    const guard = this.#guard(cleanup, safe)
    this.requests++
    try {
      const headers = requestHeaders(this.#options, init.credentials, init.headers)
      const send = this.#options.fetch ?? ((request: Request) => fetch(request))
      const response = await fetchOnce(send, { method, url, headers, body, guard, safe })
      if (init.read && !init.read(response)) {
        response.body?.cancel().catch(() => {})
        return finished(method, url, response, { text: '', truncated: false, refused: false }, body)
      }
      const read = await readBody(
        response,
        guard,
        this.#options.maxBody ?? 8 * 1024 * 1024,
        (size) => this.#options.take?.(size) ?? true,
      )
      return finished(method, url, response, read, body)
    } catch (error) {
      if (!cleanup && this.#deadline.signal.aborted)
        throw new RemoteStop(this.stopReason() ?? 'stopped')
      if (this.#options.signal?.aborted && !cleanup && safe)
        throw new RemoteStop('stopped by a signal')
      const cause = (error as Error & { cause?: Error }).cause?.message
      return failed(
        method,
        url,
        `no answer: ${(error as Error).message}${cause ? ` (${cause})` : ''}`,
        body,
      )
    } finally {
      guard.end()
      this.#options.onRequest?.()
    }
  }

  /** A request's bound: the run's deadline and the signal (a safe one), its own limit inside. */
  #guard(cleanup: boolean, safe: boolean): RequestGuard {
    const stops = cleanup ? [] : [this.#deadline.signal]
    // A write runs to its end on Ctrl-C: a create stopped halfway could leave a record nobody knows of.
    if (this.#options.signal && !cleanup && safe) stops.push(this.#options.signal)
    // Past what is left, the run's deadline ends the request and says so ("past --max-time"): its
    // own timer, a second later, only backs that up, never wins the race to name the bound.
    const left = this.#options.maxTime - this.elapsed
    const timeout = cleanup ? REQUEST_TIMEOUT : Math.max(1, Math.min(REQUEST_TIMEOUT, left + 1000))
    return requestGuard(AbortSignal.any(stops), timeout)
  }
}
