import { type SetupServer, setupServer } from 'msw/node'
import { type BlogApi, createBlogApi } from './blog/api.js'
import type { BlogApiOptions } from './blog/options.js'
import type { HalApi, HalCollections } from './core/api.js'
import { halHandler, withHalApi } from './core/handler.js'

/** A Blog API mock intercepting this process's requests. */
export interface BlogApiServer extends BlogApi {
  /** MSW's server: `listen()`, `use()` to override a route, `resetHandlers()`, `close()`. */
  readonly server: SetupServer
}

/**
 * `setupServer` with a fresh Blog API instance: every `fetch` of this process to `/api/v1.2/…`
 * (any host, unless `baseUrl` is given) is answered by the mock.
 *
 * @example
 * const mock = setupBlogApi()
 * beforeAll(() => mock.server.listen({ onUnhandledFrame: 'error' }))
 * afterEach(() => { mock.server.resetHandlers(); return mock.reset() })
 * afterAll(() => mock.server.close())
 */
export function setupBlogApi(options: BlogApiOptions = {}): BlogApiServer {
  const api = createBlogApi(options)
  const server = setupServer(...api.handlers)
  return withHalApi(api, { server })
}

/** An API of yours intercepting this process's requests. */
export interface HalApiServer<C extends HalCollections = HalCollections> extends HalApi<C> {
  /** MSW's server: `listen()`, `use()` to override a route, `resetHandlers()`, `close()`. */
  readonly server: SetupServer
}

/**
 * `setupServer` answering every `fetch` of this process under the API's base path (any host) from
 * an API made with `defineHalApi`, through one catch-all handler; `server.use()` overrides win.
 *
 * @example
 * import shop from './shop/api.js'
 *
 * const mock = setupHalApi(shop)
 * beforeAll(() => mock.server.listen({ onUnhandledFrame: 'error' }))
 * afterEach(() => { mock.server.resetHandlers(); return mock.reset() })
 * afterAll(() => mock.server.close())
 */
export function setupHalApi<C extends HalCollections>(api: HalApi<C>): HalApiServer<C> {
  return withHalApi(api, { server: setupServer(halHandler(api)) })
}

export type { BlogApi, BlogApiOptions, HalApi }
export { createBlogApi }
