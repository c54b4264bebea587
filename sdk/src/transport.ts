import ky, { isHTTPError } from 'ky'
import {
  HalyardError,
  HttpError,
  NotFoundError,
  PreconditionFailedError,
  type ProblemDetails,
  UnauthorizedError,
  ValidationError,
} from './errors.js'
import { isRecord } from './is-record.js'
import type { NormalizedOptions } from './options.js'
import { createState, type State } from './state.js'
import type { RequestOptions } from './types.js'

/** One request's parts beyond method and URL. */
export interface SendInit extends RequestOptions {
  /** Sent as JSON. */
  body?: unknown
}

/** Sends requests for one client; the only module that talks to ky. */
export interface Transport {
  /**
   * Sends a request and answers its final response (redirects followed, without the token). A
   * status of 400 or more rejects with the matching `HttpError` subclass, after ky's retries.
   */
  send(method: string, url: string, init?: SendInit): Promise<Response>
  /** Reads a response's body into a `State` addressed at `url` (the resource it represents). */
  read<T>(method: string, url: string, response: Response): Promise<State<T>>
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

export function createTransport(options: NormalizedOptions): Transport {
  const http = ky.create(options.ky)
  const origin = options.baseUrl.origin

  async function send(method: string, url: string, init: SendInit = {}): Promise<Response> {
    for (let withoutToken = false; ; withoutToken = true) {
      const headers = new Headers({
        accept: options.adapter.accept,
        ...options.headers,
        ...init.headers,
      })
      const token =
        !withoutToken && options.token && new URL(url).origin === origin
          ? await options.token()
          : undefined
      if (token) headers.set(options.tokenHeader, token)
      // fetch adds `Cache-Control: no-cache` to a conditional request in the default cache mode,
      // which servers such as express take for a forced reload (200, never 304); in `no-cache`
      // mode it sends `max-age=0` instead, and the server sees a plain revalidation.
      const conditional = headers.has('if-none-match') || headers.has('if-modified-since')
      let response: Response
      try {
        response = await http(url, {
          method,
          headers,
          ...(conditional && { cache: 'no-cache' }),
          // fetch keeps custom headers across a cross-origin redirect: with the token, stop at one.
          ...(token && { redirect: 'manual' }),
          ...(init.body !== undefined && { json: init.body }),
          ...(init.signal && { signal: init.signal }),
        })
      } catch (error) {
        if (isHTTPError(error))
          throw httpErrorFor(method, url, error.response, isRecord(error.data) ? error.data : {})
        throw error
      }
      // A redirect (opaque in browsers) is asked again without the token, and fetch follows it.
      if (!token || (response.type !== 'opaqueredirect' && !redirects.has(response.status)))
        return response
      await response.body?.cancel()
    }
  }

  async function read<T>(method: string, url: string, response: Response): Promise<State<T>> {
    const text = await response.text()
    let body: unknown = text
    if (text && /json/i.test(response.headers.get('content-type') ?? '')) {
      try {
        body = JSON.parse(text)
      } catch {
        throw new HalyardError(`${method} ${url} answered ${response.status} with invalid JSON`)
      }
    }
    return createState<T>(options.adapter, url, body, response.headers)
  }

  return { send, read }
}
