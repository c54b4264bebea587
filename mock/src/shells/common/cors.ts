import { appendHeader, listHas } from '../../http/answer.js'
import { isLoopbackHost } from './hosts.js'

/** Methods a cross-origin page may use (docs/api.md, HTTP semantics). */
const ALLOW_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'
/** Request headers a cross-origin page may send (`Authorization`: an API of yours takes Bearer tokens). */
const ALLOW_HEADERS =
  'Content-Type, Accept, X-Access-Token, Authorization, If-Match, If-None-Match, If-Modified-Since, If-Unmodified-Since, Prefer'
/** Response headers a cross-origin page may read. */
const EXPOSE_HEADERS = 'ETag, Last-Modified, Location, Preference-Applied, WWW-Authenticate'

/** Whether a request is a CORS preflight, which the server answers before any route. */
export function isPreflight(request: { method: string; headers: { has(name: string): boolean } }) {
  return (
    request.method === 'OPTIONS' &&
    request.headers.has('origin') &&
    request.headers.has('access-control-request-method')
  )
}

/**
 * Which origins may read the real server's answers (docs/api.md, HTTP semantics): loopback origins on any port by
 * default, with credentials (the `access_token` cookie); `corsOrigins` adds exact origins, also
 * with credentials, and `*` any origin, but then without credentials (`Access-Control-Allow-Origin:
 * *`). `Origin: null` (sandboxed frames, `file:` pages) is never allowed with credentials.
 *
 * @example
 * const cors = new CorsPolicy(['https://app.example'])
 * cors.trusts('http://localhost:5173') // true
 * cors.trusts('https://evil.example') // false
 */
export class CorsPolicy {
  readonly #origins: ReadonlySet<string>
  readonly #any: boolean
  readonly #trustAll: boolean

  /** `trustAll`: every origin but `null` is trusted (see {@link CorsPolicy.everyOrigin}). */
  constructor(corsOrigins: readonly string[] = [], trustAll = false) {
    this.#any = corsOrigins.includes('*') || trustAll
    this.#origins = new Set(corsOrigins.filter((origin) => origin !== '*'))
    this.#trustAll = trustAll
  }

  /**
   * A policy trusting every origin with credentials (`null` without): for the Playwright fixture,
   * whose mock only the pages of one test's browser context can reach.
   *
   * @example
   * CorsPolicy.everyOrigin().trusts('https://app.example') // true
   */
  static everyOrigin(): CorsPolicy {
    return new CorsPolicy([], true)
  }

  /**
   * Whether `origin` is trusted by name: a loopback origin or one listed, not one that only `*`
   * lets in. The admin routes answer these only.
   */
  trusts(origin: string): boolean {
    return this.#grant(origin)?.credentials === true
  }

  /** The `Access-Control-Allow-Origin` value and whether credentials are allowed, if any. */
  #grant(origin: string): { allowOrigin: string; credentials: boolean } | undefined {
    const trusted = this.#trustAll || isLoopbackOrigin(origin) || this.#origins.has(origin)
    if (origin !== 'null' && trusted) {
      return { allowOrigin: origin, credentials: true }
    }
    return this.#any ? { allowOrigin: '*', credentials: false } : undefined
  }

  /** The CORS answer headers for a request from `origin` (none for an origin not allowed). */
  headers(origin: string): Record<string, string> {
    const grant = this.#grant(origin)
    if (!grant) return {}
    return {
      'access-control-allow-origin': grant.allowOrigin,
      ...(grant.credentials ? { 'access-control-allow-credentials': 'true' } : {}),
      'access-control-expose-headers': EXPOSE_HEADERS,
    }
  }

  /** The headers of a 204 answer to an allowed preflight: the API's methods and headers. */
  preflightHeaders(origin: string): Record<string, string> {
    return {
      'access-control-allow-methods': ALLOW_METHODS,
      'access-control-allow-headers': ALLOW_HEADERS,
      'access-control-max-age': '600',
      ...this.headers(origin),
      vary: 'Origin',
    }
  }

  /**
   * Adds the CORS answer headers to an answer's headers, a plain record (the real server) or a
   * fetch `Headers` (the Playwright route), and `Vary: Origin` whenever there is an `Origin`.
   *
   * @example
   * cors.withCors(request.headers.get('origin'), answer.headers)
   */
  withCors(origin: string | null, headers: Headers | Record<string, string>): void {
    if (origin === null) return
    const grant = Object.entries(this.headers(origin))
    if (headers instanceof Headers) {
      for (const [name, value] of grant) headers.set(name, value)
      if (!listHas(headers.get('vary') ?? '', 'Origin')) headers.append('vary', 'Origin')
      return
    }
    for (const [name, value] of grant) headers[name] = value
    appendHeader(headers, 'vary', 'Origin')
  }
}

function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin)
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname)
  } catch {
    return false
  }
}

/**
 * Normalizes one `corsOrigins` entry: `*`, or an `http(s)` origin (a trailing slash is dropped).
 *
 * @throws {TypeError} naming the entry when it is neither.
 * @example
 * corsOrigin('https://app.example/') // 'https://app.example'
 */
export function corsOrigin(entry: string): string {
  if (entry === '*') return entry
  let url: URL | undefined
  try {
    url = new URL(entry)
  } catch {}
  if (!url || !/^https?:$/.test(url.protocol) || url.href !== `${url.origin}/`) {
    throw new TypeError(
      `corsOrigins: "${entry}" is not an origin such as https://app.example:8080, nor *`,
    )
  }
  return url.origin
}
