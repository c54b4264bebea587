import type { HttpHandler } from 'msw'
import { createDispatch, type Dispatch } from '../core/dispatch.js'
import { halHandler } from '../core/handler.js'
import { API_PATH } from './links.js'
import { type BlogApiOptions, resolveOptions } from './options.js'
import { blogApiRoutes } from './routes/index.js'
import { blogEndpoints, blogProblem } from './routes/route.js'
import { type BlogDb, BlogStore, type StoreExtensions } from './store.js'

/** One isolated, stateful instance of the Blog API mock. */
export interface BlogApi extends Dispatch {
  /**
   * MSW request handlers: one catch-all that answers every request under `/api/` (404s naming
   * v1.2 included) through the API's one router. Handlers added with `server.use()` still win.
   */
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
  const { origin } = resolved
  // What the handlers answer: `/api/` and below (any origin unless `baseUrl` names one), so a
  // request for another version gets a 404 naming v1.2; the routes live under /api/v1.2 only.
  const covers = (url: URL) =>
    origin === '*'
      ? url.pathname.includes('/api/')
      : url.origin === origin && url.pathname.startsWith('/api/')
  const dispatch = createDispatch({
    basePath: API_PATH,
    routes: blogEndpoints(blogApiRoutes(runtime), runtime),
    delay: () => resolved.delay,
    problem: (error, request) => blogProblem(error, request.origin, request.url.pathname),
    notFound({ url }) {
      const { pathname } = url
      if (!covers(url))
        return `There is no resource at ${pathname}; the API lives under ${API_PATH}.`
      return pathname === API_PATH || pathname.startsWith(`${API_PATH}/`)
        ? `There is no resource at ${pathname}.`
        : `There is no resource at ${pathname}: this server implements the Blog API v1.2 only, under ${API_PATH}.`
    },
    covers,
  })
  const api: BlogApi = {
    ...dispatch,
    handlers: [halHandler(dispatch)],
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
    {
      ...extra,
      handlers: api.handlers,
      answer: api.answer,
      handle: api.handle,
      covers: api.covers,
      reset: () => api.reset(),
    },
    {
      db: { get: () => api.db, enumerable: true },
      ready: { get: () => api.ready, enumerable: true },
    },
  ) as BlogApi & T
}
