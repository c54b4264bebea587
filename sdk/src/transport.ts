import ky, { isHTTPError } from 'ky'
import { HalyardError, httpErrorFor, type ProblemDetails } from './errors.js'
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
   * Sends a request and answers its final response (redirects followed). A status of 400 or more
   * rejects with the matching `HttpError` subclass, after ky's retries.
   */
  send(method: string, url: string, init?: SendInit): Promise<Response>
  /** Reads a response's body into a `State` addressed at `url` (the resource it represents). */
  read<T>(method: string, url: string, response: Response): Promise<State<T>>
}

const redirectStatuses = new Set([301, 302, 303, 307, 308])
const maxRedirects = 10

const isProblem = (data: unknown): data is ProblemDetails =>
  typeof data === 'object' && data !== null && !Array.isArray(data)

export function createTransport(options: NormalizedOptions): Transport {
  const http = ky.create(options.ky)
  const origin = options.baseUrl.origin

  async function send(method: string, url: string, init: SendInit = {}): Promise<Response> {
    let withoutToken = false
    for (let hop = 0; ; hop++) {
      const headers = new Headers({
        accept: options.adapter.accept,
        ...options.headers,
        ...init.headers,
      })
      const token =
        !withoutToken && new URL(url).origin === origin ? await options.token() : undefined
      if (token) headers.set(options.tokenHeader, token)
      let response: Response
      try {
        response = await http(url, {
          method,
          headers,
          // fetch would carry the token header across origins on a redirect: follow them here.
          redirect: token ? 'manual' : 'follow',
          ...(init.body !== undefined && { json: init.body }),
          ...(init.signal && { signal: init.signal }),
        })
      } catch (error) {
        if (isHTTPError(error))
          throw httpErrorFor(method, url, error.response, isProblem(error.data) ? error.data : {})
        throw error
      }
      // Browsers hide where a manual redirect leads: ask again, letting fetch follow, tokenless.
      if (response.type === 'opaqueredirect') {
        withoutToken = true
        continue
      }
      const location = response.headers.get('location')
      if (!redirectStatuses.has(response.status) || location === null) return response
      if (hop === maxRedirects)
        throw new HalyardError(`${method} ${url}: more than ${maxRedirects} redirects`)
      url = new URL(location, url).href
      if (response.status === 303 || (response.status < 303 && method === 'POST')) {
        method = 'GET'
        init = { ...init, body: undefined }
      }
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
