import type { HttpHandler } from 'msw'
import { createHalApi, type HalApi } from '../core/api.js'
import { halHandler } from '../core/handler.js'
import { blogDefinition } from './definition.js'
import { type BlogApiOptions, resolveOptions } from './options.js'
import { type BlogDb, BlogStore, type StoreExtensions } from './store.js'

/**
 * One isolated, stateful instance of the Blog API mock: an API of the core (`defineHalApi`), whose
 * `db` holds the Blog's collections and persons.
 */
export interface BlogApi extends Omit<HalApi, 'db'> {
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
  const hal = createHalApi(blogDefinition(runtime), {
    store: () => store.hal,
    ready: () => store.ready,
    reset() {
      // Extensions keep state per collection (saved data): reload the seed into the same ones.
      if (extensions) return store.reload(resolved.seed())
      store = new BlogStore(resolved.seed())
      return store.ready
    },
  })
  return {
    definition: hal.definition,
    answer: hal.answer,
    handle: hal.handle,
    covers: hal.covers,
    problem: hal.problem,
    openapi: hal.openapi,
    handlers: [halHandler(hal)],
    get db() {
      return store.db
    },
    get ready() {
      return store.ready
    },
    reset: hal.reset,
  }
}
