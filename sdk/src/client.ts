import type { RepresentationAdapter } from './adapter.js'
import { StateCache } from './cache.js'
import type { ClientContext } from './context.js'
import { type ClientOptions, normalizeOptions } from './options.js'
import { Resource } from './resource.js'
import { createTransport, type SendInit } from './transport.js'
import type { AnyResource } from './types.js'

/** A HAL client: a cache of states and the way to resources. */
export interface Client {
  /** The base URL, absolute. */
  readonly baseUrl: string
  /** The states read so far, with their validators. */
  readonly cache: StateCache
  /**
   * The adapter the client reads documents with (option `adapter`): what rebuilds its states
   * elsewhere, e.g. `@halyard/query`'s hydration, with the same links and actions.
   */
  readonly adapter: RepresentationAdapter
  /**
   * The resource at `uri`, resolved under the base URL (the base URL itself when omitted).
   * Sends no request: a `Resource` is only an address until one of its verbs is called.
   *
   * @example
   * ```ts
   * const blog = client.go<Blog>('blogs/1')
   * ```
   */
  go<T = AnyResource>(uri?: string | URL): Resource<T>
  /**
   * Sends one request the way the client sends its own (token to the base URL's origin only,
   * retries, timeout, typed errors) and gives the raw response: the way out for what is not HAL.
   *
   * @example
   * ```ts
   * const response = await client.send('POST', 'graphql', { body: { query: '{ __typename }' } })
   * ```
   */
  send(method: string, uri: string | URL, init?: SendInit): Promise<Response>
}

/**
 * Creates a HAL client for any HAL API.
 *
 * @example
 * ```ts
 * import { createClient } from '@halyard/sdk'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:4010/api/v1.2', token: 'dev-token' })
 * const blog = await client.go().follow('doc:blog', { blogId: 1 }).get()
 * console.log(blog.data.title)
 * ```
 */
export function createClient(options: ClientOptions): Client {
  const normalized = normalizeOptions(options)
  const baseUrl = normalized.baseUrl.href
  // Relative URIs resolve under the base URL, as if it ended with a slash (`blogs/1` under `/api/v1.2`).
  const under = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`
  const transport = createTransport(normalized, (uri) => context.go(uri))
  const context: ClientContext = {
    options: normalized,
    // `cache.get(uri)` finds the representation a plain `get()` asks for.
    cache: new StateCache(normalized.cacheSize, transport.headers()),
    transport,
    warned: new Set(),
    go: <T>(uri: string | URL = baseUrl) => new Resource<T>(context, new URL(uri, under).href),
  }
  return {
    baseUrl,
    cache: context.cache,
    adapter: normalized.adapter,
    go: context.go,
    send: (method, uri, init) => context.transport.send(method, new URL(uri, under).href, init),
  }
}
