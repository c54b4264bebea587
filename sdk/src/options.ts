import { isHTTPError, type Options as KyOptions, type RetryOptions } from 'ky'
import { halFormsAdapter, type RepresentationAdapter } from './adapter.js'

/** Where a token comes from: a constant, or a function asked before each request to its origin. */
export type TokenSource = string | (() => string | undefined | Promise<string | undefined>)

/**
 * Options of {@link createClient}. Besides its own, the client takes ky's `hooks`, `timeout`,
 * `retry`, `fetch` and `credentials`, passed to ky as they are (`retry` with `maxRetryAfter` added).
 */
export interface ClientOptions
  extends Pick<KyOptions, 'hooks' | 'timeout' | 'retry' | 'fetch' | 'credentials'> {
  /** The API's base URL. `go()` resolves relative URIs against it; its origin alone gets the token. */
  baseUrl: string | URL
  /** Sent in `tokenHeader` to the base URL's origin, never to another origin. */
  token?: TokenSource
  /** The header that carries the token. Default `X-Access-Token`. */
  tokenHeader?: string
  /** Headers sent with every request, to any origin. */
  headers?: Record<string, string>
  /** How many states the cache keeps. Default 1000; 0 turns the cache off. */
  cacheSize?: number
  /**
   * How long `get()` reuses a cached state without asking the server. `'http'` (default): as the
   * response's `Cache-Control` says (`max-age` keeps it fresh that long; `no-cache`,
   * `must-revalidate` or no freshness information revalidate with a conditional request, a 304
   * reusing the state; `no-store` keeps nothing), embedded copies as long as their container.
   * `'until-invalidated'`: until a write through this client, `refresh()` or `cache.invalidate()`
   * drops it, whatever the server said: zero requests, and data possibly stale.
   */
  caching?: 'http' | 'until-invalidated'
  /**
   * Reads documents into data, links, embedded resources and actions. Default
   * {@link halFormsAdapter}(): HAL-FORMS asked for first, HAL and JSON taken too.
   */
  adapter?: RepresentationAdapter
  /** Rels that lead to the next page, tried in order. Default `['next', 'nextPage']`. */
  nextRels?: readonly string[]
  /** Where warnings (deprecated links) go. Default `console.warn`. */
  warn?: (message: string) => void
  /**
   * The longest `Retry-After` (ms) a retry waits for. A server asking for longer gets no retry:
   * the call rejects with its `HttpError` at once. Default 60 000.
   */
  maxRetryAfter?: number
  /** The largest body (bytes) read; a larger one is an `InvalidResponseError`. Default 50 MiB. */
  maxBodySize?: number
}

/** The options after {@link normalizeOptions}: every default applied, once. */
export interface NormalizedOptions {
  baseUrl: URL
  /** Absent when the client has no token: its requests then skip the origin check. */
  token: (() => Promise<string | undefined>) | undefined
  tokenHeader: string
  headers: Record<string, string>
  cacheSize: number
  caching: 'http' | 'until-invalidated'
  adapter: RepresentationAdapter
  nextRels: readonly string[]
  warn: (message: string) => void
  /** Per attempt, for the headers and again for the body. */
  timeout: number | false
  maxBodySize: number
  ky: KyOptions
}

/** A `Retry-After` in ms: delay seconds or an HTTP date; 0 when absent, NaN when unreadable. */
const retryAfter = (value: string | null): number =>
  /^\d*$/.test(value ?? '') ? Number(value) * 1000 : Date.parse(value ?? '') - Date.now()

/**
 * Applies the defaults, once per client: a 10 s timeout (for the headers, then for the body), two
 * retries of idempotent methods that honour `Retry-After` up to 60 s (ky's), bodies up to 50 MiB,
 * the token in `X-Access-Token`, a cache of 1000 states that follows HTTP caching.
 */
export function normalizeOptions({
  baseUrl,
  token,
  tokenHeader = 'X-Access-Token',
  headers = {},
  cacheSize = 1000,
  caching = 'http',
  adapter = halFormsAdapter(),
  nextRels = ['next', 'nextPage'],
  warn = (message) => console.warn(message),
  timeout = 10_000,
  retry = 2,
  maxRetryAfter = 60_000,
  maxBodySize = 50 * 1024 * 1024,
  hooks,
  fetch,
  credentials,
}: ClientOptions): NormalizedOptions {
  const retryOptions: RetryOptions = typeof retry === 'number' ? { limit: retry } : retry
  return {
    baseUrl: new URL(baseUrl), // a TypeError (Invalid URL) unless absolute
    token:
      token === undefined
        ? undefined
        : async () => (typeof token === 'function' ? await token() : token),
    tokenHeader,
    headers,
    cacheSize,
    caching,
    adapter,
    nextRels,
    warn,
    timeout,
    maxBodySize,
    ky: {
      timeout,
      retry: {
        maxRetryAfter, // ky's cap, for the rate-limit headers it also reads
        ...retryOptions,
        // A server that asks for a longer wait than maxRetryAfter gets no retry: its error comes now.
        shouldRetry: (state) =>
          isHTTPError(state.error) &&
          retryAfter(state.error.response.headers.get('retry-after')) > maxRetryAfter
            ? false
            : retryOptions.shouldRetry?.(state),
      },
      // 3xx must reach the client (redirects it follows itself), 304 included; ky throws from 400.
      throwHttpErrors: (status) => status >= 400,
      ...(hooks && { hooks }),
      ...(fetch && { fetch }),
      ...(credentials && { credentials }),
    },
  }
}
