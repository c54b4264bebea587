import ky, { isHTTPError, type RetryOptions, TimeoutError } from 'ky'
import type { Go } from './action.js'
import { parseJson, readBody } from './body.js'
import {
  HttpError,
  InvalidResponseError,
  NotFoundError,
  PreconditionFailedError,
  type ProblemDetails,
  UnauthorizedError,
  ValidationError,
} from './errors.js'
import { isRecord } from './is-record.js'
import { Links, resolveUrl } from './links.js'
import type { NormalizedOptions } from './options.js'
import { createState, type State } from './state.js'
import type { RequestOptions } from './types.js'

/** One request's parts beyond method and URL. */
export interface SendInit extends RequestOptions {
  /** Sent as JSON; a `URLSearchParams` as `application/x-www-form-urlencoded`. */
  body?: unknown
}

/** Sends requests for one client; the only module that talks to ky. */
export interface Transport {
  /**
   * The headers a request with `init` sends, by lower-case name (a name given in any case
   * replaces the default): the adapter's `Accept`, the client's headers, then the call's. The
   * token is not among them.
   */
  headers(init?: RequestOptions): Record<string, string>
  /**
   * Sends a request and answers its final response: redirects followed (by the SDK itself while
   * the request carries the token, which only goes to the API's origin). A status of 400 or more
   * rejects with the matching `HttpError` subclass, after ky's retries.
   */
  send(method: string, url: string, init?: SendInit): Promise<Response>
  /**
   * Reads a response's body (within the timeout and what is left of the call's, up to
   * `maxBodySize`) into a `State` addressed at `url` (the resource it represents) or, with
   * `bySelf`, at the body's `self` link when it has one (hrefs still resolve against `url`).
   */
  read<T>(method: string, url: string, response: Response, bySelf?: boolean): Promise<State<T>>
  /**
   * Reads a body the SDK has no use for (a 304's, a DELETE's) to its end, within the same limits.
   * Never cancelled: a browser shows a response whose body was cancelled as a cancelled request.
   */
  discard(method: string, url: string, response: Response): Promise<unknown>
}

const httpStatusClass: Record<number, typeof HttpError> = {
  401: UnauthorizedError,
  404: NotFoundError,
  412: PreconditionFailedError,
  422: ValidationError,
}

/** The error class for a failed response's status. */
const httpErrorFor = (
  method: string,
  url: string,
  response: Response,
  problem?: ProblemDetails,
): HttpError => new (httpStatusClass[response.status] ?? HttpError)(method, url, response, problem)

const redirects = new Set([301, 302, 303, 307, 308])

/** ky's largest timer. */
const MAX_TIMER = 2_147_483_647

/** What `promise` gives, or a `TimeoutError` once `ms` have passed. */
function within<T>(promise: Promise<T>, ms: number, request: () => Request): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TimeoutError(request())), ms)
    }),
  ]).finally(() => clearTimeout(timer))
}

export function createTransport(options: NormalizedOptions, go?: Go): Transport {
  const http = ky.create(options.ky)
  const origin = options.baseUrl.origin
  const lower = (headers: Record<string, string>, into: Record<string, string>) => {
    for (const [name, value] of Object.entries(headers)) into[name.toLowerCase()] = value
    return into
  }
  // The same object for every call without headers of its own: most reads.
  const base = lower(options.headers, { accept: options.adapter.accept })
  const merge = ({ headers }: RequestOptions = {}): Record<string, string> =>
    headers ? lower(headers, { ...base }) : base
  /** When each response's call must have ended (ms since the epoch), for reading its body. */
  const deadlines = new WeakMap<Response, number>()

  async function send(method: string, url: string, init: SendInit = {}): Promise<Response> {
    let { body } = init
    const { totalTimeout } = options
    // One deadline for the whole call: its attempts, waits, redirects and body.
    const deadline = totalTimeout === false ? Infinity : Date.now() + totalTimeout
    const retry: RetryOptions = {
      shouldRetry: (state) => options.shouldRetry(state, deadline),
      ...(init.retry !== undefined && { limit: init.retry }),
    }
    // Whether the token may still go: never again once a redirect has left the API's origin.
    let trusted = true
    for (let hops = 0; ; hops++) {
      const left = Math.min(deadline - Date.now(), MAX_TIMER)
      if (left <= 0) throw new TimeoutError(new Request(url, { method }))
      // A record, which ky turns into the request's Headers; a Headers of our own only to set the
      // token.
      let headers: Record<string, string> | Headers = merge(init)
      // fetch adds `Cache-Control: no-cache` to a conditional request in the default cache mode,
      // which servers such as express take for a forced reload (200, never 304); in `no-cache`
      // mode it sends `max-age=0` instead, and the server sees a plain revalidation.
      const conditional = Object.keys(headers).some((name) =>
        /^if-(none-match|modified-since)$/i.test(name),
      )
      trusted &&= !!options.auth && new URL(url).origin === origin
      const source = trusted ? options.auth?.() : undefined
      // Credentials that never come must not hold the call past its deadline either.
      const credentials =
        source instanceof Promise
          ? await within(source, left, () => new Request(url, { method }))
          : source
      const token = credentials !== undefined && Object.keys(credentials).length > 0
      if (credentials && token) {
        headers = new Headers(headers)
        for (const [name, value] of Object.entries(credentials)) headers.set(name, value)
      }
      let response: Response
      try {
        response = await http(url, {
          method,
          headers,
          ...(conditional && { cache: 'no-cache' }),
          // fetch keeps custom headers across a cross-origin redirect: with the token, the SDK
          // follows redirects itself.
          ...(token && { redirect: 'manual' }),
          ...(body instanceof URLSearchParams ? { body } : body !== undefined && { json: body }),
          ...(init.signal && { signal: init.signal }),
          retry,
          totalTimeout: left,
        })
      } catch (error) {
        if (isHTTPError(error))
          throw httpErrorFor(method, url, error.response, isRecord(error.data) ? error.data : {})
        throw error
      }
      deadlines.set(response, deadline)
      if (!token) return response
      const location = response.headers.get('location')
      // A browser hides where a redirect leads: a read is asked again without the token (fetch
      // follows it then); any other method is not sent twice.
      if (response.type === 'opaqueredirect') {
        if (method !== 'GET' && method !== 'HEAD')
          throw new InvalidResponseError(method, url, 'a redirect the browser does not disclose')
        trusted = false
        continue
      }
      if (!redirects.has(response.status) || location === null) return response
      await response.body?.cancel()
      if (hops === 20) throw new InvalidResponseError(method, url, 'more than 20 redirects')
      url = resolveUrl(method, url, location)
      // fetch's rules: 303 turns anything but HEAD into a GET, 301 and 302 turn a POST into one.
      if (
        response.status === 303 ? method !== 'HEAD' : response.status < 303 && method === 'POST'
      ) {
        method = 'GET'
        body = undefined
      }
    }
  }

  /** The body as text, within the timeout and what is left of the call's. */
  const text = (method: string, url: string, response: Response): Promise<string> => {
    const left = (deadlines.get(response) ?? Infinity) - Date.now()
    const limit = Math.min(options.timeout || MAX_TIMER, left, MAX_TIMER)
    return readBody(method, url, response, limit, options.maxBodySize)
  }

  // A chained promise rather than an async function: this runs once per read, and costs less so.
  const read = <T>(
    method: string,
    url: string,
    response: Response,
    bySelf?: boolean,
  ): Promise<State<T>> =>
    text(method, url, response).then((body) =>
      createState<T>(
        options.adapter,
        url,
        body && /json/i.test(response.headers.get('content-type') ?? '')
          ? parseJson(method, url, body)
          : body,
        response.headers,
        // A container's links make createState address the document by its self link.
        bySelf ? new Links(url, {}) : undefined,
        go,
      ),
    )

  return { headers: merge, send, read, discard: text }
}
