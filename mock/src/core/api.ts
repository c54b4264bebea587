import type { Collection } from '@msw/data'
import { pointer, readJson } from '../http/body.js'
import { HAL_FORMS_JSON, HAL_JSON } from '../http/media-types.js'
import { FORMS_TYPES, HAL_TYPES } from '../http/negotiation.js'
import { ACCEPT_PATCH } from '../http/patch.js'
import { Problem } from '../http/problem.js'
import {
  answerRead,
  answerWrite,
  negotiated,
  type Representation,
  type RepresentationVariant,
} from '../http/respond.js'
import { authenticatorOf } from './authenticate.js'
import type { DefinitionTypes, TypedDefinition } from './client-types.js'
import type {
  AuthorizeCheck,
  CollectionDefinition,
  HalApiDefinition,
  HalRecord,
  HalRoute,
  SeedValue,
  WrittenCollection,
} from './definition.js'
import { checkDefinition, checkRoutes } from './definition-check.js'
import { deleteWithLinks } from './delete-links.js'
import { createDispatch, type Dispatch } from './dispatch.js'
import { deleteItem, patchItem, putItem, type WritableItem } from './item-writes.js'
import { linkPointers } from './link-pointers.js'
import { type ApiModel, compileApi, type OperationModel } from './model.js'
import { type OpenApiDocument, openApiDocument } from './openapi.js'
import { pageRequest } from './paging.js'
import { type ProblemWriter, problemAnswer } from './problem.js'
import { type Address, Representations, resolve } from './representation.js'
import type { HalRequest } from './request.js'
import { runRoute } from './route-context.js'
import { type StandardSchema, validateBody } from './standard-schema.js'
import { type CollectionStore, HalStore, type Relation } from './store.js'

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
export function defineHalApi<
  const S extends Readonly<Record<string, StandardSchema>>,
  // The collections, paging and root as written, for `ClientTypes` (links, embeds, nesting…).
  const C extends { readonly [K in keyof S]: unknown },
  const P = undefined,
  const R = undefined,
>(
  typed: Omit<HalApiDefinition, 'collections'> & {
    readonly collections: C & { readonly [K in keyof S]: WrittenCollection<S[K]> }
    readonly paging?: P
    readonly root?: R
  },
): HalApi<{ readonly [K in keyof S]: CollectionDefinition<S[K]> }, DefinitionTypes<C, P, R>> {
  // Each collection's callbacks take its own records; from here on any record will do.
  return createHalApi(typed as HalApiDefinition) as HalApi<
    { readonly [K in keyof S]: CollectionDefinition<S[K]> },
    DefinitionTypes<C, P, R>
  >
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
  const reps = new Representations(store, basePath, definition)
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
  /** A 403 unless the grant is a token among the collection's `writers` (when it names some). */
  const mayWrite = (grant: unknown, collection: string): void => {
    const writers = definition.collections[collection]?.writers
    if (writers && !(typeof grant === 'string' && writers.includes(grant))) {
      throw new Problem(403, `This access token may not write ${collection}.`)
    }
  }
  const model = compileApi(definition)
  const table = routeTable(basePath, definition, model, store, reps, mayWrite)
  checkRoutes(table)
  const dispatch = createDispatch({
    basePath,
    routes: table,
    async run(route, request, params, prefer) {
      const access = route.access ?? 'read'
      const guarded = access === 'write' || (access === 'read' && definition.protectReads)
      // Awaited: an async `authenticate` refuses by rejecting.
      const grant = guarded ? await authenticate(request) : undefined
      await store().ready
      return runRoute(route, request, params, prefer, grant)
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

/** What the handlers of every kind share: the API's store, representations and model. */
interface Env {
  readonly basePath: string
  readonly definition: HalApiDefinition
  readonly model: ApiModel
  readonly store: () => HalStore
  readonly reps: Representations
  /** The handlers' view of one collection, made once. */
  context(name: string): CollectionContext
}

/** One collection as its handlers use it: its address, its checks and its body reading. */
interface CollectionContext {
  readonly address: Address
  readonly served: CollectionDefinition
  readonly collection: () => CollectionStore
  readonly urlencoded: boolean
  readonly acceptPatch: string
  /** The parent of a nested list's URL (404 when missing), `undefined` for a top-level one. */
  parentOf(params: Readonly<Record<string, string>>, path: string): HalRecord | undefined
  /** 401 or 403 unless the writers and the collection's `authorize` allow the action. */
  authorize(
    grant: unknown,
    action: AuthorizeCheck['action'],
    target: { record?: HalRecord; parent?: HalRecord },
  ): void
  /** The fields to store for a body. */
  fieldsOf(
    document: unknown,
    current: HalRecord | undefined,
    parent: number | undefined,
  ): Promise<object>
  /** The record of the URL as PUT, PATCH and DELETE write it (`item-writes.ts`). */
  writable(
    request: HalRequest,
    params: Readonly<Record<string, string>>,
    allow: (record: HalRecord) => void,
  ): WritableItem<HalRecord>
}

/** Every route of the API: one per operation of its model, a route of yours as it is. */
function routeTable(
  basePath: string,
  definition: HalApiDefinition,
  model: ApiModel,
  store: () => HalStore,
  reps: Representations,
  mayWrite: (grant: unknown, collection: string) => void,
): HalRoute[] {
  const contexts = new Map<string, CollectionContext>()
  const env: Env = {
    basePath,
    definition,
    model,
    store,
    reps,
    context(name) {
      const known = contexts.get(name)
      if (known) return known
      const made = collectionContext(reps.address(name), env, mayWrite)
      contexts.set(name, made)
      return made
    },
  }
  return model.operations.map((o): HalRoute => {
    if (o.route) return o.route
    const route: HalRoute = {
      method: o.method,
      path: o.path,
      access: o.auth,
      produces: producesOf(o),
      handle: HANDLERS[o.kind as Exclude<OperationModel['kind'], 'route'>](o, env),
    }
    return o.kind === 'update'
      ? { ...route, acceptPatch: env.context(o.collection as string).acceptPatch }
      : route
  })
}

/** The media types a core route answers in, from what its operation's success answers. */
function producesOf(o: OperationModel): readonly string[] {
  if (o.kind === 'openapi') return JSON_TYPES
  return o.response.mediaTypes.includes(HAL_FORMS_JSON) ? FORMS_TYPES : HAL_TYPES
}

/** An item as the request asks for it (HAL or HAL-FORMS); preconditions match either's ETag. */
const itemRep = (env: Env, request: HalRequest, target: CollectionStore, record: HalRecord) =>
  negotiated(
    request,
    () => env.reps.item(request.origin, target, record),
    () => env.reps.item(request.origin, target, record, 'forms'),
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

/**
 * Which records of a collection a page lists to `grant`: those its `authorize` lets it `read`
 * (`undefined` without the hook: all of them). A thrown `Problem` answers the page.
 */
const readableBy = (env: Env, collection: string, grant: unknown) => {
  const hook = env.reps.address(collection).definition.authorize
  return hook && ((record: HalRecord) => hook({ action: 'read', grant, record }) === true)
}

type Handler = (o: OperationModel, env: Env) => HalRoute['handle']

/** The handler of each kind of operation the core serves. */
const HANDLERS: Record<Exclude<OperationModel['kind'], 'route'>, Handler> = {
  root:
    (_, { reps }) =>
    ({ http }) =>
      answerRead(http, reps.root(http.origin)),
  openapi:
    (_, { model, reps }) =>
    ({ http }) => {
      const body = JSON.stringify(openApiDocument(model, reps.base(http.origin)))
      return { status: 200, headers: { 'content-type': 'application/json' }, body }
    },
  list: (o, env) => {
    const c = env.context(o.collection as string)
    const { address } = c
    return ({ http, params, grant }) => {
      const parent = c.parentOf(params, http.path)
      const { index, size } = pageRequest(http.url, address.paging)
      // Links name the canonical path, however the request spelt it (`%6Frders`, `orders/`).
      const path = `${env.basePath}${env.reps.listPath(address, parent)}`
      const readable = readableBy(env, address.name, grant)
      const rep = (variant: RepresentationVariant) =>
        env.reps.page(http.origin, c.collection(), path, index, size, {
          variant,
          ...(parent ? { parent } : {}),
          ...(readable ? { readable } : {}),
        })
      return answerVariant(http, rep)
    }
  },
  read: (o, env) => {
    const c = env.context(o.collection as string)
    return ({ http, params, grant }) => {
      const record = env.reps.resolve(c.address, params, http.path)
      if (c.served.authorize) c.authorize(grant, 'read', { record })
      const answer = answerRead(http, itemRep(env, http, c.collection(), record))
      if (c.address.writable) answer.headers['accept-patch'] = c.acceptPatch
      return answer
    }
  },
  create: (o, env) => {
    const c = env.context(o.collection as string)
    const { address } = c
    return async ({ http, params, grant }) => {
      const parent = c.parentOf(params, http.path)
      c.authorize(grant, 'create', parent ? { parent } : {})
      const body = c.urlencoded ? await address.forms.body(http) : await readJson(http)
      const fields = await c.fieldsOf(body, undefined, parent?.id)
      const store = env.store()
      return store.write(async () => {
        const target = c.collection()
        const id = target.nextId()
        const next = { ...fields, id } as HalRecord
        c.authorize(grant, 'create', parent ? { record: next, parent } : { record: next })
        checkLinks(store, target, next)
        const record = await target.create({ id, ...fields }, { validated: true })
        const rep = itemRep(env, http, target, record)
        const location = `${env.reps.base(http.origin)}${env.reps.itemPath(address, record)}`
        return answerWrite(rep, 201, { location })
      })
    }
  },
  replace: (o, env) => {
    const c = env.context(o.collection as string)
    return ({ http, params, grant }) => {
      c.authorize(grant, 'replace', { record: env.reps.resolve(c.address, params, http.path) })
      const allow = (record: HalRecord) => c.authorize(grant, 'replace', { record })
      return putItem(http, env.store().write, c.writable(http, params, allow))
    }
  },
  update: (o, env) => {
    const c = env.context(o.collection as string)
    return ({ http, params, grant }) => {
      c.authorize(grant, 'update', { record: env.reps.resolve(c.address, params, http.path) })
      const allow = (record: HalRecord) => c.authorize(grant, 'update', { record })
      return patchItem(http, env.store().write, c.writable(http, params, allow))
    }
  },
  delete: (o, env) => {
    const c = env.context(o.collection as string)
    return async ({ http, params, grant, prefer }) => {
      c.authorize(grant, 'delete', { record: env.reps.resolve(c.address, params, http.path) })
      const item = c.writable(http, params, () => undefined)
      let before: Representation | undefined
      const deleted = await deleteItem(http, env.store().write, {
        ...item,
        remove(current) {
          if (prefer.returnRepresentation) {
            before = env.reps.item(http.origin, c.collection(), current)
          }
          return item.remove(current)
        },
      })
      if (!before) return { status: 204, headers: {}, body: null }
      const was = JSON.parse(before.json) as Record<string, unknown>
      const body = c.served.deleted ? c.served.deleted(deleted, was) : was
      if (body === undefined) return { status: 204, headers: {}, body: null }
      return {
        status: 200,
        headers: { 'content-type': HAL_JSON, 'preference-applied': 'return=representation' },
        body: JSON.stringify(body),
      }
    }
  },
  'reverse-list': (o, env) => {
    const { target: of, relation } = o.reverse as NonNullable<OperationModel['reverse']>
    const from = env.reps.address(o.collection as string)
    const address = env.reps.address(of)
    const segment = o.path.slice(o.path.lastIndexOf('/') + 1)
    return ({ http, params, grant }) => {
      const target = env.reps.resolve(address, params, http.path)
      const { index, size } = pageRequest(http.url, from.paging)
      const path = `${env.basePath}${env.reps.itemPath(address, target)}/${segment}`
      const readable = readableBy(env, from.name, grant)
      const rep = (variant: RepresentationVariant) =>
        env.reps.page(http.origin, env.store().get(from.name), path, index, size, {
          back: { relation, target: target.id },
          variant,
          ...(readable ? { readable } : {}),
        })
      return answerVariant(http, rep)
    }
  },
}

/** A collection's context for its handlers: its checks, its body reading, its writable item. */
function collectionContext(
  address: Address,
  env: Env,
  mayWrite: (grant: unknown, collection: string) => void,
): CollectionContext {
  const { name, definition: served, label } = address
  const { store, reps } = env
  const collection = () => store().get(name)
  const schema = served.input ?? served.schema
  // Urlencoded fields (a HTML form's) unless the collection takes JSON only.
  const urlencoded = served.urlencoded !== false
  const parentIdOf = (record: HalRecord) =>
    address.parent
      ? ((record as Record<string, unknown>)[address.parent.member] as number)
      : undefined
  const context: CollectionContext = {
    address,
    served,
    collection,
    urlencoded,
    acceptPatch: urlencoded ? ACCEPT_PATCH_FIELDS : ACCEPT_PATCH,
    parentOf: (params, path) =>
      address.parent && reps.resolve(address.parent.address, params, path),
    authorize(grant, action, target) {
      if (action !== 'read') mayWrite(grant, name)
      const verdict = served.authorize?.({ action, grant, ...target }) ?? true
      if (verdict === true) return
      if (verdict === 401) throw new Problem(401, 'This request needs other credentials.')
      throw new Problem(403, `This access token may not ${action} this ${label}.`)
    },
    /**
     * Validated by `input` (else by `schema`, the parent member taken from the URL), `prepare`d,
     * the parent member set, and checked by `schema` when `input` or `prepare` made them.
     */
    async fieldsOf(document, current, parent) {
      const member = address.parent?.member
      let sent = sentFields(document)
      if (!served.input && member !== undefined && isObject(sent)) {
        checkParentMember(sent, member, parent, address)
        sent = { ...sent, [member]: parent }
      }
      let fields = (await validateBody(schema, sent, label)) as Record<string, unknown>
      if (served.input && member !== undefined) checkParentMember(fields, member, parent, address)
      if (served.prepare) fields = served.prepare(fields, current ? { current } : {})
      if (member !== undefined && parent !== undefined) fields = { ...fields, [member]: parent }
      // What `prepare` made is stored: it must be a record of the schema.
      if (served.input || served.prepare) {
        fields = (await validateBody(served.schema, fields, label)) as Record<string, unknown>
      }
      return fields
    },
    writable: (request, params, allow) => ({
      current: () => reps.resolve(address, params, request.path),
      represent: (record) => itemRep(env, request, collection(), record),
      patchable(record) {
        // A patch applies to the fields a client sends; the id is not one of them.
        const { id: _id, ...all } = record as Record<string, unknown>
        const pointers = address.forms.patchable(all)
        const fields = served.input
          ? Object.fromEntries(Object.entries(all).filter(([key]) => pointers.includes(`/${key}`)))
          : all
        return { fields, pointers }
      },
      label,
      ...(urlencoded
        ? {
            readBody: (request: HalRequest, method: 'PUT' | 'PATCH') =>
              address.forms.body(request, { patch: method === 'PATCH' }),
          }
        : {}),
      async replace(current, document) {
        const target = collection()
        const fields = await context.fieldsOf(document, current, parentIdOf(current))
        const next = { ...fields, id: current.id } as HalRecord
        // Asked again of the record as it would be: no write moves a record out of reach.
        allow(next)
        checkLinks(store(), target, next)
        return target.replace(current, fields)
      },
      // What is nested under it goes with it; what links it, as each link's `onDelete` says.
      remove: (current) => deleteWithLinks(store(), collection(), current),
    }),
  }
  return context
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A 422 pointing at the parent's member of a body that names another parent than its URL: a
 * record moves to another parent by a POST there and a DELETE here, never by a write of it.
 */
function checkParentMember(
  sent: Record<string, unknown>,
  member: string,
  parent: number | undefined,
  address: Address,
): void {
  if (!Object.hasOwn(sent, member) || sent[member] === parent || parent === undefined) return
  const noun = address.parent?.address.label ?? 'parent'
  throw new Problem(422, `The request body names another ${noun} than its URL.`, {
    errors: [
      {
        pointer: pointer([member]),
        detail: `${member} must be ${parent}, the ${noun} of the URL, or left out`,
      },
    ],
  })
}

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
