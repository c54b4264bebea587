import type { HttpHandler } from 'msw'
import { defineHalApi, type HalApi, type HalCollections, type HalRecord } from '../index.js'
import { halHandler } from '../kit.js'
import type { BlogDefinitionTypes } from './client-types.js'
import { blogDefinition } from './definition.js'
import { type BlogApiOptions, resolveOptions } from './options.js'
import { generatedArticles, isTrustedSeed } from './seed.js'
import { type BlogDb, Persons } from './store.js'

/**
 * One isolated, stateful instance of the Blog API mock: an API of the core (`defineHalApi`), whose
 * `db` holds the Blog's collections and persons.
 */
export interface BlogApi extends Omit<HalApi<HalCollections, BlogDefinitionTypes>, 'db'> {
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
 * share state. Hand `handlers` to `setupServer`, `setupWorker` or `createBlogServer`.
 *
 * @example
 * import { setupServer } from 'msw/node'
 * import { createBlogApi } from '@halyard/mock/blog'
 *
 * const api = createBlogApi({ articles: 100 })
 * const server = setupServer(...api.handlers)
 * server.listen()
 * await fetch('http://localhost/api/v1.2/blogs/1') // 200, application/hal+json
 */
export function createBlogApi(options: BlogApiOptions = {}): BlogApi {
  const resolved = resolveOptions(options)
  let seed = resolved.seed()
  const persons = new Persons()
  const db = (): BlogDb =>
    ({ ...(hal.db as object), persons: persons.collection }) as unknown as BlogDb
  const hal = defineHalApi(
    blogDefinition({
      options: resolved,
      seed: () => seed,
      persons: (id) => persons.get(id),
      storage: {
        // The seed, and its persons beside the core's collections.
        start: async (load) => {
          await Promise.all([load(), persons.load(seed.persons)])
        },
        // A seed made or checked by code needs no second check; the store keeps a copy.
        prepareSeed: (_, value) =>
          isTrustedSeed(seed) ? ({ ...(value as object) } as HalRecord) : undefined,
        // A built-in seed's articles are made as they are read.
        generateSeed: (collection) =>
          collection === 'articles' ? generatedArticles(seed) : undefined,
      },
    }),
  )
  return {
    definition: hal.definition,
    answer: hal.answer,
    handle: hal.handle,
    covers: hal.covers,
    problem: hal.problem,
    openapi: hal.openapi,
    credentialHeaders: hal.credentialHeaders,
    handlers: [halHandler(hal)],
    get db() {
      return db()
    },
    get ready() {
      return hal.ready
    },
    async reset() {
      seed = resolved.seed()
      persons.collection.clear()
      await hal.reset()
    },
  }
}
