import type { Collection } from '@msw/data'
import { pointer, readJson } from '../http/body.js'
import { HAL_JSON } from '../http/media-types.js'
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
import { checkDefinition, checkRoutes, routeShape } from './definition-check.js'
import { deleteWithLinks } from './delete-links.js'
import { createDispatch, type Dispatch } from './dispatch.js'
import { deleteItem, patchItem, putItem, type WritableItem } from './item-writes.js'
import { linkPointers } from './link-pointers.js'
import { type ApiModel, compileApi } from './model.js'
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

/** Every route of the API: the root, the OpenAPI document, each collection's, and the extra ones. */
function routeTable(
  basePath: string,
  definition: HalApiDefinition,
  model: ApiModel,
  store: () => HalStore,
  reps: Representations,
  mayWrite: (grant: unknown, collection: string) => void,
): HalRoute[] {
  /** An item as the request asks for it (HAL or HAL-FORMS); preconditions match either's ETag. */
  const itemRep = (request: HalRequest, target: CollectionStore, record: HalRecord) =>
    negotiated(
      request,
      () => reps.item(request.origin, target, record),
      () => reps.item(request.origin, target, record, 'forms'),
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
  const read = (
    path: string,
    handle: HalRoute['handle'],
    produces: readonly string[] = FORMS_TYPES,
  ): HalRoute => ({
    method: 'GET',
    path,
    access: 'read',
    produces,
    handle,
  })
  /**
   * Which records of a collection a page lists to `grant`: those its `authorize` lets it `read`
   * (`undefined` without the hook: all of them). A thrown `Problem` answers the page.
   */
  const readableBy = (collection: string, grant: unknown) => {
    const hook = reps.address(collection).definition.authorize
    return hook && ((record: HalRecord) => hook({ action: 'read', grant, record }) === true)
  }
  const table: HalRoute[] = [
    read('', ({ http }) => answerRead(http, reps.root(http.origin)), HAL_TYPES),
    read(
      '/openapi.json',
      ({ http }) => {
        const body = JSON.stringify(openApiDocument(model, reps.base(http.origin)))
        return { status: 200, headers: { 'content-type': 'application/json' }, body }
      },
      JSON_TYPES,
    ),
  ]
  for (const address of reps.addresses) {
    const { name, definition: served } = address
    if (served.serve === false) continue
    const collection = () => store().get(name)
    const schema = served.input ?? served.schema
    // Urlencoded fields (a HTML form's) unless the collection takes JSON only.
    const urlencoded = served.urlencoded !== false
    const acceptPatch = urlencoded ? ACCEPT_PATCH_FIELDS : ACCEPT_PATCH
    const { label } = address
    /** The parent of a nested list's URL (404 when missing), `undefined` for a top-level one. */
    const parentOf = (params: Readonly<Record<string, string>>, path: string) =>
      address.parent && reps.resolve(address.parent.address, params, path)
    /** 401 or 403 unless the writers and the collection's `authorize` allow the write. */
    const authorize = (
      grant: unknown,
      action: AuthorizeCheck['action'],
      target: { record?: HalRecord; parent?: HalRecord },
    ) => {
      if (action !== 'read') mayWrite(grant, name)
      const verdict = served.authorize?.({ action, grant, ...target }) ?? true
      if (verdict === true) return
      if (verdict === 401) throw new Problem(401, 'This request needs other credentials.')
      throw new Problem(403, `This access token may not ${action} this ${label}.`)
    }
    /**
     * The fields to store for a body: validated by `input` (else by `schema`, the parent member
     * taken from the URL), `prepare`d, the parent member set, and checked by `schema` when
     * `input` or `prepare` made them.
     */
    const fieldsOf = async (
      document: unknown,
      current: HalRecord | undefined,
      parent: number | undefined,
    ): Promise<object> => {
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
    }
    const parentIdOf = (record: HalRecord) =>
      address.parent
        ? ((record as Record<string, unknown>)[address.parent.member] as number)
        : undefined
    const write = (
      method: HalRoute['method'],
      path: string,
      handle: HalRoute['handle'],
    ): HalRoute => ({ method, path, access: 'write', produces: FORMS_TYPES, handle })
    /** The record of the URL as PUT, PATCH and DELETE write it (`item-writes.ts`). */
    const writable = (
      request: HalRequest,
      params: Readonly<Record<string, string>>,
      allow: (record: HalRecord) => void,
    ): WritableItem<HalRecord> => ({
      current: () => reps.resolve(address, params, request.path),
      represent: (record) => itemRep(request, collection(), record),
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
        const fields = await fieldsOf(document, current, parentIdOf(current))
        const next = { ...fields, id: current.id } as HalRecord
        // Asked again of the record as it would be: no write moves a record out of reach.
        allow(next)
        checkLinks(store(), target, next)
        return target.replace(current, fields)
      },
      // What is nested under it goes with it; what links it, as each link's `onDelete` says.
      remove: (current) => deleteWithLinks(store(), collection(), current),
    })
    const { listPattern, itemPattern, paging } = address
    const forms = reps.hasItemTemplates(address) ? FORMS_TYPES : HAL_TYPES
    if (served.list !== false) {
      table.push(
        read(
          listPattern,
          ({ http, params, grant }) => {
            const parent = parentOf(params, http.path)
            const { index, size } = pageRequest(http.url, paging)
            // Links name the canonical path, however the request spelt it (`%6Frders`, `orders/`).
            const path = `${basePath}${reps.listPath(address, parent)}`
            const readable = readableBy(name, grant)
            const rep = (variant: RepresentationVariant) =>
              reps.page(http.origin, collection(), path, index, size, {
                variant,
                ...(parent ? { parent } : {}),
                ...(readable ? { readable } : {}),
              })
            return answerVariant(http, rep)
          },
          address.writable ? FORMS_TYPES : HAL_TYPES,
        ),
      )
    }
    table.push(
      read(
        itemPattern,
        ({ http, params, grant }) => {
          const record = reps.resolve(address, params, http.path)
          if (served.authorize) authorize(grant, 'read', { record })
          const answer = answerRead(http, itemRep(http, collection(), record))
          if (address.writable) answer.headers['accept-patch'] = acceptPatch
          return answer
        },
        forms,
      ),
    )
    if (address.writable) {
      table.push(
        write('POST', listPattern, async ({ http, params, grant }) => {
          const parent = parentOf(params, http.path)
          authorize(grant, 'create', parent ? { parent } : {})
          const body = urlencoded ? await address.forms.body(http) : await readJson(http)
          const fields = await fieldsOf(body, undefined, parent?.id)
          return store().write(async () => {
            const target = collection()
            const id = target.nextId()
            const next = { ...fields, id } as HalRecord
            authorize(grant, 'create', parent ? { record: next, parent } : { record: next })
            checkLinks(store(), target, next)
            const record = await target.create({ id, ...fields }, { validated: true })
            const rep = itemRep(http, target, record)
            const location = `${reps.base(http.origin)}${reps.itemPath(address, record)}`
            return answerWrite(rep, 201, { location })
          })
        }),
        write('PUT', itemPattern, ({ http, params, grant }) => {
          authorize(grant, 'replace', { record: reps.resolve(address, params, http.path) })
          const allow = (record: HalRecord) => authorize(grant, 'replace', { record })
          return putItem(http, store().write, writable(http, params, allow))
        }),
        {
          ...write('PATCH', itemPattern, ({ http, params, grant }) => {
            authorize(grant, 'update', { record: reps.resolve(address, params, http.path) })
            const allow = (record: HalRecord) => authorize(grant, 'update', { record })
            return patchItem(http, store().write, writable(http, params, allow))
          }),
          acceptPatch,
        },
        write('DELETE', itemPattern, async ({ http, params, grant, prefer }) => {
          authorize(grant, 'delete', { record: reps.resolve(address, params, http.path) })
          const item = writable(http, params, () => undefined)
          let before: Representation | undefined
          const deleted = await deleteItem(http, store().write, {
            ...item,
            remove(current) {
              if (prefer.returnRepresentation) {
                before = reps.item(http.origin, collection(), current)
              }
              return item.remove(current)
            },
          })
          if (!before) return { status: 204, headers: {}, body: null }
          const was = JSON.parse(before.json) as Record<string, unknown>
          const body = served.deleted ? served.deleted(deleted, was) : was
          if (body === undefined) return { status: 204, headers: {}, body: null }
          return {
            status: 200,
            headers: { 'content-type': HAL_JSON, 'preference-applied': 'return=representation' },
            body: JSON.stringify(body),
          }
        }),
      )
    }
    for (const back of reps.backLinks(name)) {
      const from = reps.address(back.from)
      table.push(
        read(`${itemPattern}/${back.path}`, ({ http, params, grant }) => {
          const target = reps.resolve(address, params, http.path)
          const { index, size } = pageRequest(http.url, from.paging)
          const path = `${basePath}${reps.itemPath(address, target)}/${back.path}`
          const readable = readableBy(back.from, grant)
          const rep = (variant: RepresentationVariant) =>
            reps.page(http.origin, store().get(back.from), path, index, size, {
              back: { relation: back.relation, target: target.id },
              variant,
              ...(readable ? { readable } : {}),
            })
          return answerVariant(http, rep)
        }),
      )
    }
  }
  const routes = definition.routes ?? []
  const key = (route: { method: string; path: string }) =>
    `${route.method} ${routeShape(route.path)}`
  // Your route takes the place of the core's at the same method and path (the root, say),
  // whatever its parameters are named (`/orders/{orderId}` for `/orders/{id}`).
  const yours = new Set(routes.map(key))
  return [...table.filter((entry) => !yours.has(key(entry))), ...routes]
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
