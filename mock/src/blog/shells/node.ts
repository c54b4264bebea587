/**
 * `@halyard/mock/blog/node`: the Blog API intercepting this process's requests, through the
 * generic `setupHalApi` of `@halyard/mock/node`.
 *
 * @packageDocumentation
 */

import { type HalApiInterception, setupHalApi } from '../../shells/node/index.js'
import { type BlogApi, type BlogApiOptions, createBlogApi } from '../index.js'

/** A Blog API mock intercepting this process's requests. */
export type BlogApiInterception = HalApiInterception<BlogApi>

/**
 * The old name of {@link BlogApiInterception}: it intercepts requests and runs no server.
 *
 * @deprecated Use `BlogApiInterception`.
 * @example
 * const mock: BlogApiInterception = setupBlogApi()
 */
export type BlogApiServer = BlogApiInterception

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
export function setupBlogApi(options: BlogApiOptions = {}): BlogApiInterception {
  return setupHalApi(createBlogApi(options))
}

export type { BlogApi, BlogApiOptions }
export { createBlogApi }
