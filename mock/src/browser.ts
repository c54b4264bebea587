import { type SetupWorker, setupWorker } from 'msw/browser'
import { type BlogApi, createBlogApi, createExtendedBlogApi } from './blog/api.js'
import type { BlogApiOptions } from './blog/options.js'
import { persistence } from './blog/persistence.js'
import type { HalApi, HalCollections } from './core/api.js'
import { halHandler, withHalApi } from './core/handler.js'

/** Options of {@link setupBlogWorker}: those of `createBlogApi`, and `persist`. */
export interface BlogWorkerOptions extends BlogApiOptions {
  /**
   * Keep created and changed data across reloads, in `localStorage`, through `@msw/data`'s
   * `persist()` extension: the page saves it when it goes away (`pagehide`) and the next page
   * starts from it instead of the seed. `reset()` restores the seed. Default false.
   *
   * Saved data is keyed by the order in which the page creates `@msw/data` collections: call
   * `setupBlogWorker` once, before creating any collection of your own.
   */
  persist?: boolean
}

/** A Blog API mock answering the page's requests from a service worker. */
export interface BlogApiWorker extends BlogApi {
  /** MSW's worker: `start()`, `use()` to override a route, `resetHandlers()`, `stop()`. */
  readonly worker: SetupWorker
}

/**
 * `setupWorker` with a fresh Blog API instance: once started, every `fetch` of the page to
 * `/api/v1.2/…` (any host, unless `baseUrl` is given) is answered by the mock, running in the page.
 *
 * The worker script must be served at the root of your app as `/mockServiceWorker.js`:
 * - with MSW's CLI, which copies it into your public folder (and `package.json` remembers it):
 *   `npx msw init public --save`
 * - or with Vite, by MSW's plugin, which serves it in dev and emits it in builds:
 *   `plugins: [msw({ mode: 'worker-only' })]` from `import { msw } from 'msw/vite'`.
 *
 * @example
 * // src/mocks.ts
 * import { setupBlogWorker } from '@halyard/mock/browser'
 *
 * export const mock = setupBlogWorker({ persist: true })
 * // Before the app's first request:
 * await mock.worker.start({ quiet: true, onUnhandledFrame: 'bypass' })
 * await fetch('/api/v1.2/blogs/1') // 200, application/hal+json, from the mock
 *
 * @example
 * // vite.config.ts
 * import { msw } from 'msw/vite'
 * import { defineConfig } from 'vite'
 *
 * export default defineConfig({ plugins: [msw({ mode: 'worker-only' })] })
 */
export function setupBlogWorker(options: BlogWorkerOptions = {}): BlogApiWorker {
  const { persist = false, ...apiOptions } = options
  const api = persist ? createExtendedBlogApi(apiOptions, persistence()) : createBlogApi(apiOptions)
  const worker = setupWorker(...api.handlers)
  return withHalApi(api, { worker })
}

/** An API of yours answering the page's requests from a service worker. */
export interface HalApiWorker<C extends HalCollections = HalCollections> extends HalApi<C> {
  /** MSW's worker: `start()`, `use()` to override a route, `resetHandlers()`, `stop()`. */
  readonly worker: SetupWorker
}

/**
 * `setupWorker` answering every `fetch` of the page under the API's base path from an API made
 * with `defineHalApi`, running in the page (serve `/mockServiceWorker.js` as for
 * {@link setupBlogWorker}).
 *
 * @example
 * import { setupHalWorker } from '@halyard/mock/browser'
 * import shop from './shop/api.js'
 *
 * const mock = setupHalWorker(shop)
 * await mock.worker.start({ quiet: true, onUnhandledFrame: 'bypass' })
 * await fetch('/api/orders') // 200, application/hal+json, from the mock
 */
export function setupHalWorker<C extends HalCollections>(api: HalApi<C>): HalApiWorker<C> {
  return withHalApi(api, { worker: setupWorker(halHandler(api)) })
}

export type { BlogApi, BlogApiOptions, HalApi }
export { createBlogApi }
