import { type BlogApi, createBlogApi } from '../blog/api.js'
import type { BlogApiOptions } from '../blog/options.js'
import { type HalApiServer, setupHalApi } from '../node/setup.js'

/** A Blog API mock intercepting this process's requests. */
export type BlogApiServer = HalApiServer<BlogApi>

/**
 * `setupHalApi(createBlogApi(options))`: every `fetch` of this process to `/api/…` (any host,
 * unless `baseUrl` is given) is answered by a fresh Blog API instance.
 *
 * @example
 * const mock = setupBlogApi()
 * beforeAll(() => mock.server.listen({ onUnhandledFrame: 'error' }))
 * afterEach(() => { mock.server.resetHandlers(); return mock.reset() })
 * afterAll(() => mock.server.close())
 */
export function setupBlogApi(options: BlogApiOptions = {}): BlogApiServer {
  return setupHalApi(createBlogApi(options))
}

export { createBlogApi }
