import { parseCookie } from 'cookie'
import type { BodyRequest } from '../http/body.js'
import type { HeaderReader } from '../http/headers.js'
import { type Preferences, parsePrefer } from '../http/prefer.js'
import type { ConditionalRequest } from '../http/respond.js'

/**
 * What the core reads of one request, whichever shell received it: an MSW handler (a fetch
 * `Request`) or the real server (a `node:http` request, read lazily, so a read builds no fetch
 * objects at all).
 */
export interface HalRequest extends ConditionalRequest, BodyRequest {
  readonly method: string
  /** The origin the request was addressed to; the answer's links are built on it. */
  readonly origin: string
  readonly url: URL
  /** The URL's path, as `url.pathname` reads it (a shell may know it without parsing the URL). */
  readonly path: string
  readonly headers: HeaderReader
  /** The request's cookies: as MSW parses them, or from its `Cookie` header. */
  readonly cookies: Readonly<Record<string, string>>
  /** Its `Prefer` header (RFC 7240) as the mock honours it, read once whoever asks. */
  readonly prefer: Preferences
  readonly body: ReadableStream<Uint8Array> | null
  /** The request as a fetch `Request`, for code that needs one (extra routes, graphql-http). */
  toFetch(): Request
}

/**
 * A fetch `Request` seen as a {@link HalRequest}, with the cookies MSW parsed for it (by default,
 * those of its `Cookie` header).
 *
 * @example
 * const answer = await api.answer(fetchHalRequest(new Request('http://localhost/api/orders')))
 */
export function fetchHalRequest(
  request: Request,
  cookies?: Readonly<Record<string, string>>,
): HalRequest {
  let parsed = cookies
  let prefer: Preferences | undefined
  const url = new URL(request.url)
  return {
    method: request.method,
    origin: url.origin,
    url,
    path: url.pathname,
    headers: request.headers,
    get cookies() {
      parsed ??= cookiesOf(request.headers.get('cookie'))
      return parsed
    },
    get prefer() {
      prefer ??= parsePrefer(request.headers)
      return prefer
    },
    get body() {
      return request.body
    },
    toFetch: () => request,
  }
}

/**
 * The cookies of a `Cookie` header, parsed as MSW parses them (the `cookie` package, values it
 * cannot decode kept as sent).
 *
 * @example
 * cookiesOf('theme=dark; access_token=dev-token').access_token // 'dev-token'
 */
export function cookiesOf(header: string | null): Readonly<Record<string, string>> {
  if (header === null) return NO_COOKIES
  const cookies: Record<string, string> = {}
  for (const [name, value] of Object.entries(parseCookie(header))) {
    if (value !== undefined) cookies[name] = value
  }
  return cookies
}

const NO_COOKIES: Readonly<Record<string, string>> = Object.freeze({})
