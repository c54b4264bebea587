import type { HttpHandler } from 'msw'
import { type BlogDb, BlogStore, type StoreExtensions } from './data/store.js'
import { type BlogApiOptions, resolveOptions } from './options.js'
import { attachDispatcher, Dispatcher } from './routes/dispatch.js'
import { fallbackHandler } from './routes/fallback.js'
import { blogApiRoutes } from './routes/index.js'
import { toHandlers } from './routes/route.js'

/** One isolated, stateful instance of the Blog API mock. */
export interface BlogApi {
  /** MSW request handlers, one per route, plus a last one answering 404, 405 and OPTIONS. */
  readonly handlers: HttpHandler[]
  /** The instance's `@msw/data` collections (replaced by {@link BlogApi.reset}). */
  readonly db: BlogDb
  /** Settles when the seed is loaded; handlers wait for it by themselves. */
  readonly ready: Promise<void>
  /** Restores the seed, discarding every write. */
  reset(): Promise<void>
}

/**
 * Creates an isolated Blog API mock: its own data, seeded deterministically, so parallel tests never
 * share state. Hand `handlers` to `setupServer`, `setupWorker` or `createMockServer`.
 *
 * @example
 * import { setupServer } from 'msw/node'
 * import { createBlogApi } from '@halyard/mock'
 *
 * const api = createBlogApi({ articles: 100 })
 * const server = setupServer(...api.handlers)
 * server.listen()
 * await fetch('http://localhost/api/v1.2/blogs/1') // 200, application/hal+json
 */
export function createBlogApi(options: BlogApiOptions = {}): BlogApi {
  return createExtendedBlogApi(options)
}

/**
 * {@link createBlogApi} whose collections carry more `@msw/data` extensions (the browser entry's
 * persistence). Internal: not exported by the package.
 *
 * @example
 * const api = createExtendedBlogApi({}, persistence())
 */
export function createExtendedBlogApi(
  options: BlogApiOptions,
  extensions?: StoreExtensions,
): BlogApi {
  const resolved = resolveOptions(options)
  let store = new BlogStore(resolved.seed(), extensions)
  const runtime = { store: () => store, options: resolved }
  const routes = blogApiRoutes(runtime)
  const api: BlogApi = {
    handlers: [...toHandlers(routes, runtime), fallbackHandler(routes, resolved.origin)],
    get db() {
      return store.db
    },
    get ready() {
      return store.ready
    },
    reset() {
      // Extensions keep state per collection (saved data): reload the seed into the same ones.
      if (extensions) return store.reload(resolved.seed())
      store = new BlogStore(resolved.seed())
      return store.ready
    },
  }
  // The real server runs the same routes without MSW's machinery when nothing overrides them.
  attachDispatcher(api, new Dispatcher(routes, runtime))
  return api
}

/**
 * One object with an instance's members and `extra`'s: `db` and `ready` stay live across resets.
 * How `setupBlogApi`, `setupBlogWorker` and the Playwright fixture present an instance.
 *
 * @example
 * const api = createBlogApi()
 * const mock = withBlogApi(api, { server: setupServer(...api.handlers) })
 */
export function withBlogApi<T extends object>(api: BlogApi, extra: T): BlogApi & T {
  return Object.defineProperties(
    { ...extra, handlers: api.handlers, reset: () => api.reset() },
    {
      db: { get: () => api.db, enumerable: true },
      ready: { get: () => api.ready, enumerable: true },
    },
  ) as BlogApi & T
}
