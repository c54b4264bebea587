import { isHTTPError, type Options as KyOptions, type RetryOptions } from 'ky'
import { halAdapter, type RepresentationAdapter } from './adapter.js'
import { HalyardError } from './errors.js'

/** Where a token comes from: a constant, or a function asked before each request to its origin. */
export type TokenSource = string | (() => string | undefined | Promise<string | undefined>)

/**
 * How the client authenticates, sent only to the base URL's origin (never with a request to
 * another origin, nor past a redirect that leaves it). One scheme per client, as the API's
 * OpenAPI `securitySchemes` name them:
 *
 * - `{ bearer }`: `Authorization: Bearer <token>` (`type: 'http', scheme: 'bearer'`); the SDK adds
 *   `Bearer `, give the token alone;
 * - `{ header, value }`: the value as it is in a header of that name (`type: 'apiKey', in: 'header'`);
 * - `{ cookie, value }`: `Cookie: <cookie>=<value>` (`type: 'apiKey', in: 'cookie'`), where the
 *   runtime lets a request set `Cookie` (Node, Deno, Bun); a browser drops that header and sends
 *   its own cookies: give the client `credentials: 'include'` instead;
 * - a function, asked before each request to the API's origin: the headers to add (none when it
 *   gives `undefined`).
 *
 * Each value is a {@link TokenSource}: a string, or a function asked before each request.
 *
 * @example
 * ```ts
 * createClient({ baseUrl, auth: { bearer: 'dev-token' } }) // Authorization: Bearer dev-token
 * createClient({ baseUrl, auth: { header: 'X-Api-Key', value: () => store.key } })
 * createClient({ baseUrl, auth: async () => ({ authorization: `Bearer ${await session.token()}` }) })
 * ```
 */
export type AuthScheme =
  | { readonly bearer: TokenSource }
  | { readonly header: string; readonly value: TokenSource }
  | { readonly cookie: string; readonly value: TokenSource }
  | (() =>
      | Readonly<Record<string, string>>
      | undefined
      | Promise<Readonly<Record<string, string>> | undefined>)

/**
 * Options of {@link createClient}. Besides its own, the client takes ky's `hooks`, `retry`, `fetch`
 * and `credentials`, passed to ky as they are (`retry` with `maxRetryAfter` and `backoffLimit`
 * defaulted to the `timeout`).
 *
 * What bounds a call (`get()`, a write, `send()`): each attempt waits at most `timeout` for the
 * response's headers and, once they came, at most `timeout` again for its body; `retry.limit`
 * (default 2) more attempts follow for idempotent methods, each after a wait of at most
 * `maxRetryAfter` (a server's `Retry-After`) or `retry.backoffLimit` (ky's backoff), both the
 * `timeout` by default; and the whole call, attempts, waits, redirects, token and body together, ends
 * within `totalTimeout`, by default `(retry.limit + 1) × timeout` (30 s with the defaults), with a
 * `TimeoutError` if it has not ended by then.
 *
 * @example
 * ```ts
 * // Each attempt 2 s; no Retry-After over 2 s is waited for; the whole call within 6 s.
 * createClient({ baseUrl: 'http://127.0.0.1:4010/api/v1.2', timeout: 2000 })
 * ```
 */
export interface ClientOptions
  extends Pick<KyOptions, 'hooks' | 'retry' | 'fetch' | 'credentials'> {
  /**
   * The API's base URL. `go()` resolves relative URIs against it; its origin alone gets the token.
   * A relative one (`/api/v1.2`) resolves against the page's address (`location.href`); outside a
   * page it is a `HalyardError` asking for an absolute URL.
   */
  baseUrl: string | URL
  /**
   * ms an attempt waits for the response's headers, and again for its body; `false`: no limit
   * (and no `totalTimeout` by default). Default 10 000.
   */
  timeout?: number | false
  /**
   * ms the whole call may take: every attempt, the waits between them, redirects and the body.
   * Past it the call rejects with a `TimeoutError`; a `Retry-After` that would end after it is not
   * waited for (the call rejects at once with the response's `HttpError`). Default
   * `(retry.limit + 1) × timeout`; `false`: no limit.
   */
  totalTimeout?: number | false
  /**
   * How requests to the base URL's origin authenticate ({@link AuthScheme}): `{ bearer }`,
   * `{ header, value }`, `{ cookie, value }` or a function giving headers. Never sent to another
   * origin. Give either `auth` or `token`, not both.
   */
  auth?: AuthScheme
  /**
   * Shorthand for `auth: { header: tokenHeader, value: token }`: the token as it is, in
   * `tokenHeader` (`X-Access-Token` by default), to the base URL's origin only. Nothing is added
   * to it: for `Authorization: Bearer …` give `auth: { bearer: token }`.
   */
  token?: TokenSource
  /** The header `token` goes in. Default `X-Access-Token`. With `auth`, it is an error. */
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
   * Reads documents into data, links, embedded resources and actions. Default `halAdapter()`:
   * HAL and JSON, no actions. `halFormsAdapter()` from `@halyard/sdk/forms` asks for HAL-FORMS
   * first and gives states their actions.
   */
  adapter?: RepresentationAdapter
  /**
   * Rels that lead to the next page, tried in order. Default `['next']` (RFC 8288's registered
   * rel); `@halyard/sdk/blog` adds the Blog API's `nextPage`.
   */
  nextRels?: readonly string[]
  /** Where warnings (deprecated links) go. Default `console.warn`. */
  warn?: (message: string) => void
  /**
   * The longest `Retry-After` (ms) a retry waits for. A server asking for longer gets no retry:
   * the call rejects with its `HttpError` at once. Default the `timeout` (60 000 without one).
   */
  maxRetryAfter?: number
  /** The largest body (bytes) read; a larger one is an `InvalidResponseError`. Default 50 MiB. */
  maxBodySize?: number
}

/** The options after {@link normalizeOptions}: every default applied, once. */
export interface NormalizedOptions {
  baseUrl: URL
  /**
   * The credentials' headers for a request to the API's origin, by lower-case name; absent when
   * the client has none: its requests then skip the origin check. A promise only when the
   * caller's function gives one.
   */
  auth: (() => AuthHeaders | Promise<AuthHeaders>) | undefined
  headers: Record<string, string>
  cacheSize: number
  caching: 'http' | 'until-invalidated'
  adapter: RepresentationAdapter
  nextRels: readonly string[]
  warn: (message: string) => void
  /** Per attempt, for the headers and again for the body. */
  timeout: number | false
  /** The whole call's limit (ms). */
  totalTimeout: number | false
  /**
   * ky's `shouldRetry` for a call that must end by `deadline` (ms since the epoch): no retry after
   * a `Retry-After` over `maxRetryAfter`, or one that would end past the deadline.
   */
  shouldRetry(
    state: ShouldRetryState,
    deadline: number,
  ): boolean | undefined | Promise<boolean | undefined>
  maxBodySize: number
  ky: KyOptions
}

/** The headers a scheme adds to one request; `undefined` when it has no credentials now. */
export type AuthHeaders = Readonly<Record<string, string>> | undefined

type ShouldRetryState = Parameters<NonNullable<RetryOptions['shouldRetry']>>[0]

/** A `Retry-After` in ms: delay seconds or an HTTP date; 0 when absent, NaN when unreadable. */
const retryAfter = (value: string | null): number =>
  /^\d*$/.test(value ?? '') ? Number(value) * 1000 : Date.parse(value ?? '') - Date.now()

/** The base URL, absolute: a relative one resolves against the page, if there is one. */
function absolute(baseUrl: string | URL): URL {
  try {
    return new URL(baseUrl, (globalThis as { location?: { href?: string } }).location?.href)
  } catch {
    throw new HalyardError(
      `baseUrl '${baseUrl}' is no absolute URL and no page resolves it: give an absolute URL, e.g. 'http://127.0.0.1:4010/api/v1.2'`,
    )
  }
}

/** A token source as a function; a promise only when the caller's function gives one. */
const asFunction = (source: TokenSource) => (typeof source === 'function' ? source : () => source)

/** `make` applied to what `source` gives, synchronously when it gives a value at once. */
const mapped = (
  source: TokenSource,
  make: (token: string) => Record<string, string>,
): (() => AuthHeaders | Promise<AuthHeaders>) => {
  const get = asFunction(source)
  const one = (token: string | undefined) => (token ? make(token) : undefined)
  return () => {
    const token = get()
    return token instanceof Promise ? token.then(one) : one(token)
  }
}

/** The one way a client's credentials become headers: every scheme, and the `token` shorthand. */
export function authHeaders(
  auth: AuthScheme | undefined,
  token: TokenSource | undefined,
  tokenHeader: string | undefined,
): NormalizedOptions['auth'] {
  if (auth !== undefined && (token !== undefined || tokenHeader !== undefined))
    throw new HalyardError(
      'Give either auth or token/tokenHeader, not both: token is a shorthand for auth: { header, value }',
    )
  if (auth === undefined)
    return token === undefined
      ? undefined
      : mapped(token, (value) => ({ [(tokenHeader ?? 'x-access-token').toLowerCase()]: value }))
  if (typeof auth === 'function') {
    const lower = (headers: AuthHeaders): AuthHeaders =>
      headers &&
      Object.fromEntries(
        Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
      )
    return () => {
      const headers = auth()
      return headers instanceof Promise ? headers.then(lower) : lower(headers)
    }
  }
  if ('bearer' in auth)
    return mapped(auth.bearer, (value) => ({ authorization: `Bearer ${value}` }))
  if ('cookie' in auth)
    return mapped(auth.value, (value) => ({
      cookie: `${auth.cookie}=${encodeURIComponent(value)}`,
    }))
  if ('header' in auth)
    return mapped(auth.value, (value) => ({ [auth.header.toLowerCase()]: value }))
  throw new HalyardError(
    'auth must be { bearer }, { header, value }, { cookie, value } or a function giving headers',
  )
}

/**
 * Applies the defaults, once per client: a 10 s timeout (for the headers, then for the body), two
 * retries of idempotent methods that wait for `Retry-After` or back off no longer than the
 * timeout, the whole call within (retries + 1) × timeout, bodies up to 50 MiB, the token in
 * `X-Access-Token` (or the `auth` scheme), a cache of 1000 states that follows HTTP caching.
 */
export function normalizeOptions({
  baseUrl,
  auth,
  token,
  tokenHeader,
  headers = {},
  cacheSize = 1000,
  caching = 'http',
  adapter = halAdapter(),
  nextRels = ['next'],
  warn = (message) => console.warn(message),
  timeout = 10_000,
  retry = 2,
  maxRetryAfter = timeout || 60_000,
  maxBodySize = 50 * 1024 * 1024,
  hooks,
  fetch,
  credentials,
  ...rest
}: ClientOptions): NormalizedOptions {
  const retryOptions: RetryOptions = typeof retry === 'number' ? { limit: retry } : retry
  const { totalTimeout = timeout && timeout * ((retryOptions.limit ?? 2) + 1) } = rest
  return {
    baseUrl: absolute(baseUrl),
    auth: authHeaders(auth, token, tokenHeader),
    headers,
    cacheSize,
    caching,
    adapter,
    nextRels,
    warn,
    timeout,
    totalTimeout,
    maxBodySize,
    // A server that asks for a longer wait than maxRetryAfter, or one that would outlast the call,
    // gets no retry: its error comes now.
    shouldRetry(state, deadline) {
      const wait = isHTTPError(state.error)
        ? retryAfter(state.error.response.headers.get('retry-after'))
        : 0
      return wait > maxRetryAfter || wait >= deadline - Date.now()
        ? false
        : retryOptions.shouldRetry?.(state)
    },
    ky: {
      timeout,
      retry: {
        maxRetryAfter, // ky's cap, for the rate-limit headers it also reads
        // ky's backoff doubles without end: no wait longer than an attempt may take.
        ...(timeout && { backoffLimit: timeout }),
        ...retryOptions,
      },
      // 3xx must reach the client (redirects it follows itself), 304 included; ky throws from 400.
      throwHttpErrors: (status) => status >= 400,
      ...(hooks && { hooks }),
      ...(fetch && { fetch }),
      ...(credentials && { credentials }),
    },
  }
}
