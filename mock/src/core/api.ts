import type { Collection } from '@msw/data'
import { type Answer, fromResponse } from '../http/answer.js'
import { FORMS_TYPES, HAL_TYPES } from '../http/negotiation.js'
import { ACCEPT_PATCH } from '../http/patch.js'
import type { Preferences } from '../http/prefer.js'
import { Problem } from '../http/problem.js'
import {
  answerRead,
  answerWrite,
  negotiated,
  type Representation,
  type RepresentationVariant,
} from '../http/respond.js'
import { authenticatorOf } from './authenticate.js'
import type {
  CollectionDefinition,
  HalApiDefinition,
  HalRecord,
  HalRoute,
  HalRouteContext,
  SeedValue,
} from './definition.js'
import { checkDefinition, checkRoutes, routeShape } from './definition-check.js'
import { createDispatch, type Dispatch, type Endpoint } from './dispatch.js'
import { deleteItem, patchItem, putItem, type WritableItem } from './item-writes.js'
import { linkPointers } from './link-pointers.js'
import { type OpenApiDocument, openApiDocument } from './openapi.js'
import { type ProblemWriter, problemAnswer } from './problem.js'
import { recordId } from './record-id.js'
import { Representations, resolve } from './representation.js'
import type { HalRequest } from './request.js'
import type { RouteEntry } from './router.js'
import { type StandardSchema, validateBody } from './standard-schema.js'
import { type CollectionStore, HalStore, type Relation } from './store.js'
import { recordNoun } from './words.js'

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
export interface HalApi<C extends HalCollections = HalCollections> extends Dispatch {
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
}

/**
 * What a route of the core does with a request; `collection` for the auth check of writes,
 * `acceptPatch` on a PATCH route for the `Accept-Patch` of its resource's OPTIONS.
 */
interface CoreRoute {
  readonly access: 'read' | 'write' | 'public'
  readonly produces: readonly string[]
  readonly collection?: CollectionStore['name']
  readonly acceptPatch?: string
  run(context: CoreContext): Answer | Promise<Answer>
}

interface CoreContext {
  readonly request: HalRequest
  readonly url: URL
  readonly params: Readonly<Record<string, string>>
  readonly prefer: Preferences
  /** What `authenticate` returned, on a route that asked for a token. */
  readonly grant: unknown
}

/**
 * Where a Blog-like API keeps its data instead of a store of the definition's own (internal: the
 * Blog API's store holds more than the core's collections, and may restore saved data).
 */
export interface HalApiStore {
  readonly store: () => HalStore
  /** Settles once all of the API's data is loaded (routes wait for it). */
  readonly ready: () => Promise<void>
  readonly reset: () => Promise<void>
}

const JSON_TYPES = ['application/json'] as const
/** A collection item's PATCH formats: both patch documents, and urlencoded fields to set. */
const ACCEPT_PATCH_FIELDS = `${ACCEPT_PATCH}, application/x-www-form-urlencoded`

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
export function defineHalApi<const S extends Readonly<Record<string, StandardSchema>>>(
  typed: Omit<HalApiDefinition, 'collections'> & {
    readonly collections: { readonly [K in keyof S]: CollectionDefinition<S[K]> }
  },
): HalApi<{ readonly [K in keyof S]: CollectionDefinition<S[K]> }> {
  // Each collection's callbacks take its own records; from here on any record will do.
  return createHalApi(typed as HalApiDefinition) as HalApi<{
    readonly [K in keyof S]: CollectionDefinition<S[K]>
  }>
}

/**
 * {@link defineHalApi} for any definition, whose data may live in a store of the caller's
 * (`own`: the Blog API's, which holds persons too and may restore saved data). Internal: not
 * exported by the package.
 *
 * @example
 * const api = createHalApi(blogDefinition(runtime), { store: () => store.hal, reset })
 */
export function createHalApi(definition: HalApiDefinition, own?: HalApiStore): HalApi {
  checkDefinition(definition)
  const basePath = definition.basePath.replace(/\/$/, '')
  let owned = own ? undefined : new HalStore(definition)
  const store = () => own?.store() ?? (owned as HalStore)
  const reps = new Representations(store, basePath, definition.curies ?? [])
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
    problemAnswer(error, instance, typeOf(origin))
  const authenticate = authenticatorOf(definition)
  const table = routeTable(basePath, definition, store, reps)
  checkRoutes(table)
  const dispatch = createDispatch<Endpoint>({
    basePath,
    routes: table.map(({ method, path, value }) => ({
      method,
      path,
      value: {
        produces: value.produces,
        ...(value.acceptPatch === undefined ? {} : { acceptPatch: value.acceptPatch }),
        run: async ({ request, params, prefer }) => {
          const guarded =
            value.access === 'write' || (value.access === 'read' && definition.protectReads)
          // Awaited: an async `authenticate` refuses by rejecting.
          const grant = guarded ? await authenticate(request) : undefined
          if (guarded && value.access === 'write') mayWrite(grant, value)
          await (own ? own.ready() : store().ready)
          return value.run(new Call(request, params, prefer, grant))
        },
      },
    })),
    delay: () => delay,
    problem: (error, request) => problem(error, request.origin, request.url.pathname),
    notFound: (request, where) =>
      definition.notFound?.(request, where) ??
      `There is no resource at ${request.url.pathname}${where === 'outside' ? `; the API lives under ${basePath || '/'}` : ''}.`,
    ...(definition.covers ? { covers: orDefault(definition.covers, (_, under) => under) } : {}),
  })
  /** A 403 unless the grant is a token among the collection's `writers` (when it names some). */
  function mayWrite(grant: unknown, route: CoreRoute): void {
    if (route.collection === undefined) return
    const writers = definition.collections[route.collection]?.writers
    if (writers && !(typeof grant === 'string' && writers.includes(grant))) {
      throw new Problem(403, `This access token may not write ${route.collection}.`)
    }
  }

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
    openapi: (origin) => openApiDocument(definition, `${origin}${basePath}`, reps),
    reset() {
      if (own) return own.reset()
      owned = new HalStore(definition)
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

/** Every route of the API: the root, the OpenAPI document, each collection's, and the extra ones. */
function routeTable(
  basePath: string,
  definition: HalApiDefinition,
  store: () => HalStore,
  reps: Representations,
): RouteEntry<CoreRoute>[] {
  const origin = (url: URL) => url.origin
  /** An item as the request asks for it (HAL or HAL-FORMS); preconditions match either's ETag. */
  const itemRep = (request: HalRequest, url: URL, target: CollectionStore, record: HalRecord) =>
    negotiated(
      request,
      () => reps.item(origin(url), target, record),
      () => reps.item(origin(url), target, record, 'forms'),
    )
  /** A page (or any read) in the variant the request asks for; preconditions match either's ETag. */
  const answerVariant = (
    request: HalRequest,
    rep: (variant: RepresentationVariant) => Representation,
  ) =>
    answerRead(
      request,
      negotiated(
        request,
        () => rep('plain'),
        () => rep('forms'),
      ),
    )
  const read = (run: CoreRoute['run'], produces: readonly string[] = FORMS_TYPES): CoreRoute => ({
    access: 'read',
    produces,
    run,
  })
  const table: RouteEntry<CoreRoute>[] = [
    {
      method: 'GET',
      path: '',
      value: read(
        async ({ request, url }) => answerRead(request, reps.root(origin(url))),
        HAL_TYPES,
      ),
    },
    {
      method: 'GET',
      path: '/openapi.json',
      value: read(async ({ url }) => {
        const body = JSON.stringify(openApiDocument(definition, reps.base(origin(url)), reps))
        return { status: 200, headers: { 'content-type': 'application/json' }, body }
      }, JSON_TYPES),
    },
  ]
  for (const [name, served] of Object.entries(definition.collections)) {
    if (served.serve === false) continue
    const collection = () => store().get(name)
    const noun = recordNoun(name, served)
    const item = (params: Readonly<Record<string, string>>): HalRecord => {
      const id = recordId(params.id)
      const record = id === undefined ? undefined : collection().get(id)
      if (!record) throw new Problem(404, `There is no ${noun} ${params.id}.`)
      return record
    }
    const write = (run: CoreRoute['run']): CoreRoute => ({
      access: 'write',
      produces: FORMS_TYPES,
      collection: name,
      run,
    })
    /** The record of the URL as PUT, PATCH and DELETE write it (`item-writes.ts`). */
    const writable = (
      request: HalRequest,
      url: URL,
      params: Readonly<Record<string, string>>,
    ): WritableItem<HalRecord> => ({
      current: () => item(params),
      represent: (record) => itemRep(request, url, collection(), record),
      patchable(record) {
        // A patch applies to the record's fields; the id is not one of them.
        const { id: _id, ...fields } = record as Record<string, unknown>
        return { fields, pointers: reps.forms(name).patchable(fields) }
      },
      label: noun,
      readBody: (request, method) => reps.forms(name).body(request, { patch: method === 'PATCH' }),
      async replace(current, document) {
        const target = collection()
        const fields = await validateBody(target.definition.schema, sentFields(document), noun)
        checkLinks(store(), target, { ...(fields as object), id: current.id } as HalRecord)
        return target.replace(current, fields as object)
      },
      remove(current) {
        const referrer = store().referencedBy(collection(), current.id)
        if (referrer) {
          throw new Problem(
            409,
            `${noun} ${current.id} is still linked from ${referrer}; change or delete those first.`,
          )
        }
        collection().remove(current)
      },
    })
    table.push(
      {
        method: 'GET',
        path: `/${name}`,
        value: read(async ({ request, url }) => {
          const { page, size } = paging(url, collection())
          // Links name the canonical path, however the request spelt it (`%6Frders`, `orders/`).
          const path = `${basePath}/${name}`
          const rep = (variant: RepresentationVariant) =>
            reps.page(origin(url), collection(), path, page, size, { variant })
          return answerVariant(request, rep)
        }),
      },
      {
        method: 'POST',
        path: `/${name}`,
        value: write(async ({ request, url }) => {
          const body = await reps.forms(name).body(request)
          const fields = await validateBody(collection().definition.schema, sentFields(body), noun)
          return store().write(async () => {
            const target = collection()
            const id = target.nextId()
            checkLinks(store(), target, { ...(fields as object), id } as HalRecord)
            const record = await target.create({ id, ...(fields as object) }, { validated: true })
            const rep = itemRep(request, url, target, record)
            const location = `${reps.base(origin(url))}/${name}/${record.id}`
            return answerWrite(rep, 201, { location })
          })
        }),
      },
      {
        method: 'GET',
        path: `/${name}/{id}`,
        value: read(async ({ request, url, params }) => {
          const answer = answerRead(request, itemRep(request, url, collection(), item(params)))
          answer.headers['accept-patch'] = ACCEPT_PATCH_FIELDS
          return answer
        }),
      },
      {
        method: 'PUT',
        path: `/${name}/{id}`,
        value: write(({ request, url, params }) =>
          putItem(request, store().write, writable(request, url, params)),
        ),
      },
      {
        method: 'PATCH',
        path: `/${name}/{id}`,
        value: {
          ...write(({ request, url, params }) =>
            patchItem(request, store().write, writable(request, url, params)),
          ),
          acceptPatch: ACCEPT_PATCH_FIELDS,
        },
      },
      {
        method: 'DELETE',
        path: `/${name}/{id}`,
        value: write(async ({ request, url, params }) => {
          await deleteItem(request, store().write, writable(request, url, params))
          return { status: 204, headers: {}, body: null }
        }),
      },
    )
    for (const back of reps.backLinks(name)) {
      table.push({
        method: 'GET',
        path: `/${name}/{id}/${back.rel}`,
        value: read(async ({ request, url, params }) => {
          const target = item(params)
          const from = store().get(back.from)
          const { page, size } = paging(url, from)
          const path = `${basePath}/${name}/${target.id}/${back.rel}`
          const rep = (variant: RepresentationVariant) =>
            reps.page(origin(url), from, path, page, size, {
              back: { relation: back.relation, target: target.id },
              variant,
            })
          return answerVariant(request, rep)
        }),
      })
    }
  }
  const routes = definition.routes ?? []
  const key = (route: { method: string; path: string }) =>
    `${route.method} ${routeShape(route.path)}`
  // Your route takes the place of the core's at the same method and path (the root, say),
  // whatever its parameters are named (`/orders/{orderId}` for `/orders/{id}`).
  const yours = new Set(routes.map(key))
  return [
    ...table.filter((entry) => !yours.has(key(entry))),
    ...routes.map((route) => ({
      method: route.method,
      path: route.path,
      value: extraRoute(route),
    })),
  ]
}

/**
 * One request as a route of the core sees it: a class, so that the lazy `url` is a getter of its
 * prototype rather than an accessor defined on a new object per request.
 */
class Call implements CoreContext {
  constructor(
    readonly request: HalRequest,
    readonly params: Readonly<Record<string, string>>,
    readonly prefer: Preferences,
    readonly grant: unknown,
  ) {}

  /** Parsed only if the route reads it (a plain GET of the real server does not). */
  get url(): URL {
    return this.request.url
  }
}

/** One request as a route of your own sees it: its fetch `Request` made only if it reads it. */
class RouteCall implements HalRouteContext {
  constructor(
    readonly http: HalRequest,
    readonly params: Readonly<Record<string, string>>,
    readonly prefer: Preferences,
    readonly grant: unknown,
  ) {}

  get request(): Request {
    return this.http.toFetch()
  }

  get url(): URL {
    return this.http.url
  }
}

function extraRoute(route: HalRoute): CoreRoute {
  return {
    access: route.access ?? 'read',
    produces: route.produces ?? HAL_TYPES,
    ...(route.acceptPatch === undefined ? {} : { acceptPatch: route.acceptPatch }),
    run: (context) => {
      const { request, params, prefer, grant } = context
      const answer = route.handle(new RouteCall(request, params, prefer, grant))
      // A plain answer needs no extra turn of the event loop.
      return answer instanceof Promise ? answer.then(plainAnswer) : plainAnswer(answer)
    },
  }
}

/** A route's answer as the pipeline takes it: a `Response` read into a plain answer. */
const plainAnswer = (answer: Response | Answer): Answer | Promise<Answer> =>
  answer instanceof Response ? fromResponse(answer) : answer

/** A body without what a client may send back from a representation it read. */
function sentFields(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body
  const { id: _id, _links, _embedded, ...fields } = body as Record<string, unknown>
  return fields
}

/** A 422 when a record would link to a record that does not exist, pointing at each member. */
function checkLinks(store: HalStore, collection: CollectionStore, record: HalRecord): void {
  const dangling = store.dangling(collection, record)
  if (dangling.length === 0) return
  const pointers = new Map<Relation, string[]>()
  throw new Problem(422, `The request body links to records that do not exist.`, {
    errors: dangling.map(({ relation, id, index }) => {
      const found = pointers.get(relation) ?? linkPointers(record, relation.ids)
      pointers.set(relation, found)
      return {
        pointer: found[index] ?? '',
        detail: `${relation.rel} links to ${relation.to} ${id}, which does not exist`,
      }
    }),
  })
}

/** The `page` (from 0) and `size` of a collection request: 400 when they are not whole numbers in range. */
function paging(url: URL, collection: CollectionStore): { page: number; size: number } {
  const { default: fallback = 20, max = 100 } = collection.definition.pageSize ?? {}
  const page = integerParam(url, 'page', 0, 0, Number.MAX_SAFE_INTEGER)
  const size = integerParam(url, 'size', fallback, 1, max)
  return { page, size }
}

function integerParam(url: URL, name: string, fallback: number, min: number, max: number): number {
  const raw = url.searchParams.get(name)
  if (raw === null) return fallback
  const value = /^\d{1,16}$/.test(raw) ? Number(raw) : Number.NaN
  if (!(value >= min && value <= max)) {
    throw new Problem(400, `${name} must be a whole number from ${min} to ${max}, not "${raw}".`)
  }
  return value
}
