import type { Collection } from '@msw/data'
import type { HalApiDefinition, HalRoute } from '../definition/api.js'
import { checkDefinition, checkRoutes } from '../definition/check.js'
import type { DefinitionTypes, TypedDefinition } from '../definition/client-types.js'
import type {
  CollectionDefinition,
  HalRecord,
  SeedValue,
  WrittenCollection,
} from '../definition/definition.js'
import type { StandardSchema } from '../definition/standard-schema.js'
import type { Answer } from '../http/answer.js'
import type { Preferences } from '../http/prefer.js'
import { Problem } from '../http/problem.js'
import { compileApi } from '../model/compile.js'
import { type OpenApiDocument, openApiDocument } from '../model/openapi.js'
import { resolve } from '../represent/links.js'
import { Representations } from '../represent/representation.js'
import { HalStore } from '../store/store.js'
import { authenticatorOf } from './authenticate.js'
import { CredentialHeaders } from './credentials.js'
import { createDispatch, type Dispatch } from './dispatch.js'
import { type ProblemWriter, problemAnswer } from './problem.js'
import type { HalRequest } from './request.js'
import { runRoute } from './route-context.js'
import { routeTable } from './routes.js'

/** An API's collections by name. */
export type HalCollections = Readonly<Record<string, CollectionDefinition>>

/**
 * The `@msw/data` collection that holds a collection's records (with their `id`): `create()`
 * takes the fields and an optional `id` (without one, the next id, as a POST gives).
 */
export type HalCollectionDb<D> =
  D extends CollectionDefinition<infer S>
    ? Collection<StandardSchema<SeedValue<S>, HalRecord<S>>>
    : never

/** One stateful instance of an API defined with {@link defineHalApi}. */
export interface HalApi<
  C extends HalCollections = HalCollections,
  D extends DefinitionTypes = DefinitionTypes,
> extends Dispatch,
    TypedDefinition<D> {
  readonly definition: HalApiDefinition
  /**
   * The `@msw/data` collections by name (replaced by {@link HalApi.reset}). Writes made through
   * them reach the API's index too.
   */
  readonly db: { readonly [K in keyof C]: HalCollectionDb<C[K]> }
  /** Settles when the seed is loaded; `handle` waits for it by itself. */
  readonly ready: Promise<void>
  /** The OpenAPI 3.1 document of the API, with its server on `origin`. */
  openapi(origin: string): OpenApiDocument
  /** The API's problem details (its problem types) for a refusal of a shell: a Host, an admin call. */
  readonly problem: ProblemWriter
  /** Restores the seed, discarding every write. */
  reset(): Promise<void>
  /**
   * The request headers (lower case) the API reads credentials from, a live view: the default
   * token check's, `securitySchemes`' and `secretHeaders`, and those its `authenticate` has read
   * so far. The real server's request log redacts them.
   */
  readonly credentialHeaders: ReadonlySet<string>
}

/**
 * A definition as `defineHalApi` takes it: its collections, paging, root and tokens read as
 * written, for `ClientTypes`.
 */
type WrittenDefinition<Collections, P, R, T> = Omit<HalApiDefinition, 'collections' | 'tokens'> & {
  readonly collections: Collections
  readonly paging?: P
  readonly root?: R
  readonly tokens?: T
}

/**
 * Defines a HAL API and creates one stateful instance of it: from the collections alone it serves
 * the root, paged collections, items (GET, POST, PUT, PATCH, DELETE), the links between
 * collections, HAL-FORMS templates derived from each schema for clients that ask for them, and an
 * OpenAPI 3.1 document at `{basePath}/openapi.json`, with validators, preconditions, content
 * negotiation, token checks and problem details. Hand it to `setupHalApi`, `setupHalWorker`, the
 * Playwright fixture or `halyard-mock --api`.
 *
 * @throws {HalDefinitionError} for a definition that cannot work (a link to an unknown collection).
 * @example
 * import { defineHalApi } from '@halyard/mock'
 * import { z } from 'zod'
 *
 * const api = defineHalApi({
 *   basePath: '/api',
 *   tokens: ['dev-token'],
 *   collections: {
 *     customers: { schema: z.object({ name: z.string() }), seed: [{ name: 'Ada' }] },
 *   },
 * })
 * const response = await api.handle(new Request('http://localhost/api/customers/1'))
 * await response.json() // { id: 1, name: 'Ada', _links: { self: { href: … } } }
 */
export function defineHalApi<
  const S extends Readonly<Record<string, StandardSchema>>,
  // The collections, paging and root as written, for `ClientTypes` (links, embeds, nesting…).
  const C extends { readonly [K in keyof S]: unknown },
  const P = undefined,
  const R = undefined,
  const T extends readonly string[] | undefined = undefined,
>(
  typed: WrittenDefinition<C & { readonly [K in keyof S]: WrittenCollection<S[K]> }, P, R, T>,
): HalApi<{ readonly [K in keyof S]: CollectionDefinition<S[K]> }, DefinitionTypes<C, P, R, T>>
/**
 * {@link defineHalApi} for a seed the first form cannot take as its own type (one of
 * `...list.map(…)` beside records written out): the seeds are not read into the collections' types.
 *
 * @example
 * const api = defineHalApi({
 *   basePath: '/api',
 *   collections: {
 *     books: { schema: z.object({ title: z.string() }), seed: [...titles.map((title) => ({ title })), { title: 'Notes' }] },
 *   },
 * })
 */
export function defineHalApi<
  const S extends Readonly<Record<string, StandardSchema>>,
  const C extends { readonly [K in keyof S]: unknown },
  const P = undefined,
  const R = undefined,
  const T extends readonly string[] | undefined = undefined,
>(
  typed: WrittenDefinition<
    {
      readonly [K in keyof C]: { readonly [F in keyof C[K]]: F extends 'seed' ? unknown : C[K][F] }
    } & { readonly [K in keyof S]: WrittenCollection<S[K]> },
    P,
    R,
    T
  >,
): HalApi<
  { readonly [K in keyof S]: CollectionDefinition<S[K]> },
  DefinitionTypes<{ readonly [K in keyof C]: Omit<C[K], 'seed'> }, P, R, T>
>
export function defineHalApi(typed: HalApiDefinition): HalApi {
  // Each collection's callbacks take its own records; from here on any record will do.
  return createHalApi(typed)
}

/**
 * {@link defineHalApi} for any definition, without its collections' types.
 *
 * @example
 * const api = createHalApi(definition)
 */
export function createHalApi(definition: HalApiDefinition): HalApi {
  checkDefinition(definition)
  const basePath = definition.basePath.replace(/\/$/, '')
  const storage = definition.storage ?? {}
  let owned = new HalStore(definition, storage)
  const store = () => owned
  const model = compileApi(definition)
  const reps = new Representations(store, model)
  const delay = definition.delay ?? 0
  // Called where no route's error handling reaches (writing a problem, MSW's matching): a hook
  // that throws is logged and its default used, never a stack in an answer nor a crash.
  const problemType =
    definition.problemType &&
    orDefault(definition.problemType.bind(definition), (_: number) => undefined)
  const typeOf = (origin: string) => (status: number) => {
    const type = problemType?.(status)
    return type === undefined ? undefined : resolve(`${origin}${basePath}`, type)
  }
  const problem: ProblemWriter = (error, origin, instance) =>
    problemAnswer(error, instance, typeOf(origin), definition.errors)
  const authenticate = authenticatorOf(definition)
  const credentials = new CredentialHeaders(definition)
  /** A 403 unless the grant is a token among the collection's `writers` (when it names some). */
  const mayWrite = (grant: unknown, collection: string): void => {
    const writers = definition.collections[collection]?.writers
    if (writers && !(typeof grant === 'string' && writers.includes(grant))) {
      throw new Problem(403, `This access token may not write ${collection}.`)
    }
  }
  /** The route once the store is ready and, where the route is guarded, the caller authenticated. */
  const guardedRun = async (
    route: HalRoute,
    request: HalRequest,
    params: Readonly<Record<string, string>>,
    prefer: Preferences,
    guarded: boolean | undefined,
  ): Promise<Answer> => {
    // Awaited: an async `authenticate` refuses by rejecting.
    // The headers it reads are credentials: the log redacts them, per-caller answers vary on them.
    const grant = guarded ? await authenticate(credentials.watched(request)) : undefined
    await store().ready
    return runRoute(route, request, params, prefer, grant)
  }
  const table = routeTable(basePath, model, store, reps, mayWrite, credentials)
  checkRoutes(table)
  const dispatch = createDispatch({
    basePath,
    routes: table,
    run(route, request, params, prefer) {
      const access = route.access ?? 'read'
      const guarded = access === 'write' || (access === 'read' && definition.protectReads)
      // A read of a loaded store runs at once, without a promise to settle first.
      if (!guarded && store().loaded) return runRoute(route, request, params, prefer, undefined)
      return guardedRun(route, request, params, prefer, guarded)
    },
    delay: () => delay,
    problem: (error, request) => problem(error, request.origin, request.url.pathname),
    notFound: (request, where) =>
      definition.notFound?.(request, where) ??
      `There is no resource at ${request.url.pathname}${where === 'outside' ? `; the API lives under ${basePath || '/'}` : ''}.`,
    ...(definition.covers ? { covers: orDefault(definition.covers, (_, under) => under) } : {}),
  })
  return {
    definition,
    get db() {
      const db: Record<string, Collection<never>> = {}
      for (const [name, collection] of store().collections) db[name] = collection.collection
      return db as unknown as HalApi['db']
    },
    get ready() {
      return store().ready
    },
    answer: dispatch.answer,
    handle: dispatch.handle,
    covers: dispatch.covers,
    problem,
    openapi: (origin) => openApiDocument(model, `${origin}${basePath}`),
    credentialHeaders: credentials.names,
    reset() {
      owned = new HalStore(definition, storage)
      return owned.ready
    },
  }
}

/** `hook`, or `fallback` when it throws (logged as the core logs any unexpected error). */
function orDefault<A extends unknown[], R>(
  hook: (...args: A) => R,
  fallback: (...args: A) => R,
): (...args: A) => R {
  return (...args) => {
    try {
      return hook(...args)
    } catch (error) {
      console.error('[halyard-mock] unexpected error:', error)
      return fallback(...args)
    }
  }
}
