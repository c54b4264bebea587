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

/** Options of {@link createBlogServer}: the Blog API's and the server's. */
export interface BlogServerOptions extends BlogApiOptions, HalServerOptions {}

/** A running Blog API server; `Api` is the instance behind it (the Blog API's by default). */
export type BlogServer<Api extends object = BlogApi> = HalServer<Api>

/**
 * The Blog API over real HTTP: `createBlogApi(options)` served by `createHalServer`, the one server
 * of every API (`npm start`, `halyard-mock`).
 *
 * @example
 * import { createBlogServer } from '@halyard/mock/blog/server'
 *
 * const server = await createBlogServer({ port: 0, articles: 100 })
 * const blog = await fetch(`${server.url}/blogs/1`).then((r) => r.json())
 * await server.close()
 */
export function createBlogServer(options: BlogServerOptions = {}): Promise<BlogServer> {
  // Each reads its own options and leaves the other's alone; `delay` is the Blog API's own.
  const { delay: _, ...server } = options
  return createHalServer(createBlogApi(options), server)
}

/**
 * The old name of {@link createBlogServer}.
 *
 * @deprecated Use `createBlogServer`.
 * @example
 * const server = await createBlogServer({ port: 0 })
 */
export const createMockServer: typeof createBlogServer = createBlogServer

/**
 * The old name of {@link BlogServerOptions}.
 *
 * @deprecated Use `BlogServerOptions`.
 * @example
 * const options: BlogServerOptions = { port: 0, articles: 5 }
 */
export type MockServerOptions = BlogServerOptions

/**
 * The old name of {@link BlogServer}.
 *
 * @deprecated Use `BlogServer`.
 * @example
 * const server: BlogServer = await createBlogServer()
 */
export type MockServer<Api extends object = BlogApi> = BlogServer<Api>

export type { BlogApi, BlogApiOptions }
export { createBlogApi }
