/**
 * `@halyard/mock/blog/node`: the Blog API intercepting this process's requests, through the
 * generic `setupHalApi` of `@halyard/mock/node`.
 *
 * @packageDocumentation
 */

import { type HalApiServer, setupHalApi } from '../../shells/node/index.js'
import { type BlogApi, type BlogApiOptions, createBlogApi } from '../index.js'

/** A Blog API mock intercepting this process's requests. */
export type BlogApiServer = HalApiServer<BlogApi>

/**
 * `setupHalApi(createBlogApi(options))`: every `fetch` of this process to `/api/…` (any host,
 * unless `baseUrl` is given) is answered by a fresh Blog API instance.
 *
 * @example
 * import { setupBlogApi } from '@halyard/mock/blog/node'
 *
 * const mock = setupBlogApi()
 * beforeAll(() => mock.server.listen({ onUnhandledFrame: 'error' }))
 * afterEach(() => { mock.server.resetHandlers(); return mock.reset() })
 * afterAll(() => mock.server.close())
 */
export function setupBlogApi(options: BlogApiOptions = {}): BlogApiServer {
  return setupHalApi(createBlogApi(options))
}

export type { BlogApi, BlogApiOptions }
export { createBlogApi }
