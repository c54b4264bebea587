/**
 * `@halyard/mock/blog/server`: the Blog API over real HTTP, through the one server of every API,
 * `createHalServer` of `@halyard/mock/server`.
 *
 * @packageDocumentation
 */

import {
  createHalServer,
  type HalServer,
  type HalServerOptions,
} from '../../shells/server/index.js'
import { type BlogApi, type BlogApiOptions, createBlogApi } from '../index.js'

/** Options of {@link createMockServer}: the Blog API's and the server's. */
export interface MockServerOptions extends BlogApiOptions, HalServerOptions {}

/** A running mock server; `Api` is the instance behind it (the Blog API's by default). */
export type MockServer<Api extends object = BlogApi> = HalServer<Api>

/**
 * The Blog API over real HTTP: `createBlogApi(options)` served by `createHalServer`, the one server
 * of every API (`npm start`, `halyard-mock`).
 *
 * @example
 * import { createMockServer } from '@halyard/mock/blog/server'
 *
 * const server = await createMockServer({ port: 0, articles: 100 })
 * const blog = await fetch(`${server.url}/blogs/1`).then((r) => r.json())
 * await server.close()
 */
export function createMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  // Each reads its own options and leaves the other's alone; `delay` is the Blog API's own.
  const { delay: _, ...server } = options
  return createHalServer(createBlogApi(options), server)
}

export type { BlogApi, BlogApiOptions }
export { createBlogApi }
