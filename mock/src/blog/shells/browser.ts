/**
 * `@halyard/mock/blog/browser`: the Blog API in the page's service worker, through the generic
 * `setupHalWorker` of `@halyard/mock/browser`, which loads no Blog code (nor its GraphQL).
 *
 * @packageDocumentation
 */

import {
  type HalApiWorker,
  type HalWorkerOptions,
  setupHalWorker,
} from '../../shells/browser/index.js'
import { type BlogApi, type BlogApiOptions, createBlogApi } from '../index.js'

/** Options of {@link setupBlogWorker}: those of `createBlogApi`, and `persist`. */
export interface BlogWorkerOptions extends BlogApiOptions, HalWorkerOptions {}

/** A Blog API mock answering the page's requests from a service worker. */
export type BlogApiWorker = HalApiWorker<BlogApi>

/**
 * `setupHalWorker(createBlogApi(options), { persist })`: once started, every `fetch` of the page to
 * `/api/…` (any host, unless `baseUrl` is given) is answered by a fresh Blog API instance running
 * in the page. Serve `/mockServiceWorker.js` as `setupHalWorker` says.
 *
 * @example
 * // src/mocks.ts
 * import { setupBlogWorker } from '@halyard/mock/blog/browser'
 *
 * export const mock = setupBlogWorker({ persist: true })
 * // Before the app's first request:
 * await mock.worker.start({ quiet: true, onUnhandledFrame: 'bypass' })
 * await fetch('/api/v1.2/blogs/1') // 200, application/hal+json, from the mock
 */
export function setupBlogWorker(options: BlogWorkerOptions = {}): BlogApiWorker {
  const { persist = false, ...apiOptions } = options
  return setupHalWorker(createBlogApi(apiOptions), { persist })
}

export type { BlogApi, BlogApiOptions }
export { createBlogApi }
