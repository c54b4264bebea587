import type { HalRoute } from '../definition/api.js'
import type { AuthorizeCheck, CollectionDefinition, HalRecord } from '../definition/definition.js'
import { validateBody } from '../definition/standard-schema.js'
import { type Answer, appendHeader } from '../http/answer.js'
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
import { openApiDocument } from '../model/openapi.js'
import { askedQuery, pageRequest } from '../model/paging.js'
import type { ApiModel, CollectionModel, OperationModel } from '../model/types.js'
import type { Reader } from '../represent/read-sets.js'
import type { Representations } from '../represent/representation.js'
import type { CollectionStore } from '../store/collection-store.js'
import { deleteWithLinks } from '../store/delete-links.js'
import { linkPointers } from '../store/link-pointers.js'
import type { Relation } from '../store/relations.js'
import type { HalStore } from '../store/store.js'
import type { CredentialHeaders } from './credentials.js'
import { deleteItem, patchItem, putItem, type WritableItem } from './item-writes.js'
import type { HalRequest } from './request.js'

const JSON_TYPES = ['application/json'] as const
/** A collection item's PATCH formats: both patch documents, and urlencoded fields to set. */
const ACCEPT_PATCH_FIELDS = `${ACCEPT_PATCH}, application/x-www-form-urlencoded`

/** What the handlers of every kind share: the API's store, representations and model. */
interface Env {
  readonly basePath: string
  readonly model: ApiModel
  readonly store: () => HalStore
  readonly reps: Representations
  readonly credentials: CredentialHeaders
  /** The handlers' view of one collection, made once. */
  context(name: string): CollectionContext
}

/** One collection as its handlers use it: its compiled model, its checks and its body reading. */
interface CollectionContext {
  readonly model: CollectionModel
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
    reader: Reader,
  ): WritableItem<HalRecord>
}

/**
 * Every route of the API: one per operation of its model, each answered by the handler of its
 * kind; a route of yours as it is (the model put it in the core's place).
 */
export function routeTable(
  basePath: string,
  model: ApiModel,
  store: () => HalStore,
  reps: Representations,
  mayWrite: (grant: unknown, collection: string) => void,
  credentials: CredentialHeaders,
): HalRoute[] {
  const contexts = new Map<string, CollectionContext>()
  const env: Env = {
    basePath,
    model,
    store,
    reps,
    credentials,
    context(name) {
      const known = contexts.get(name)
      if (known) return known
      const made = collectionContext(model.collection(name), env, mayWrite)
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

/**
 * An item as the request asks for it (HAL or HAL-FORMS), embedding what `reader` lets the caller
 * read; preconditions match either's ETag.
 */
const itemRep = (
  env: Env,
  request: HalRequest,
  target: CollectionStore,
  record: HalRecord,
  reader: Reader,
) =>
  negotiated(
    request,
    () => env.reps.item(request.origin, target, record, 'plain', reader),
    () => env.reps.item(request.origin, target, record, 'forms', reader),
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
 * Which records of each collection `grant` may read, as pages list them and items embed them:
 * those its `authorize` lets it `read` (`undefined` without the hook, or with `publicReads`: all
 * of them). A thrown `Problem` answers the request.
 */
const readerOf =
  (env: Env, grant: unknown): Reader =>
  (collection) => {
    const { authorize: hook, publicReads } = env.model.collection(collection).definition
    if (!hook || publicReads) return undefined
    return (record: HalRecord) => hook({ action: 'read', grant, record }) === true
  }

/**
 * A read's answer (its 304 too), varying on the headers credentials come from when what it shows
 * depends on who asks: no shared cache hands one caller's copy to another.
 */
const perCaller = (env: Env, collection: string, reader: Reader, answer: Answer): Answer => {
  const vary = env.credentials.vary()
  if (vary !== '' && env.reps.dependsOnCaller(collection, reader)) {
    appendHeader(answer.headers, 'vary', vary)
  }
  return answer
}

type Handler = (o: OperationModel, env: Env) => HalRoute['handle']

/**
 * A PUT or PATCH of a record: authorized on the record as it is, then (by `allow`) as it would be
 * stored, so no write hands a record to another owner.
 */
function itemWrite(
  o: OperationModel,
  env: Env,
  action: 'replace' | 'update',
  write: typeof putItem,
): HalRoute['handle'] {
  const c = env.context(o.collection as string)
  return ({ http, params, grant }) => {
    c.authorize(grant, action, { record: env.reps.resolve(c.model, params, http.path) })
    const allow = (record: HalRecord) => c.authorize(grant, action, { record })
    return write(http, env.store().write, c.writable(http, params, allow, readerOf(env, grant)))
  }
}

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
    const { model } = c
    return ({ http, params, grant }) => {
      const parent = c.parentOf(params, http.path)
      const { index, size } = pageRequest(http.url, model.paging)
      // Links name the canonical path, however the request spelt it (`%6Frders`, `orders/`).
      const path = `${env.basePath}${env.reps.listPath(model, parent)}`
      const reader = readerOf(env, grant)
      const rep = (variant: RepresentationVariant) =>
        env.reps.page(http.origin, c.collection(), path, index, size, {
          asked: askedQuery(http.url, model.paging),
          variant,
          reader,
          ...(parent ? { parent } : {}),
        })
      return perCaller(env, model.name, reader, answerVariant(http, rep))
    }
  },
  read: (o, env) => {
    const c = env.context(o.collection as string)
    return ({ http, params, grant }) => {
      const record = env.reps.resolve(c.model, params, http.path)
      if (c.served.authorize) c.authorize(grant, 'read', { record })
      const reader = readerOf(env, grant)
      const rep = itemRep(env, http, c.collection(), record, reader)
      const answer = perCaller(env, c.model.name, reader, answerRead(http, rep))
      if (c.model.writable) answer.headers['accept-patch'] = c.acceptPatch
      return answer
    }
  },
  create: (o, env) => {
    const c = env.context(o.collection as string)
    const { model } = c
    return async ({ http, params, grant }) => {
      const parent = c.parentOf(params, http.path)
      c.authorize(grant, 'create', parent ? { parent } : {})
      const body = c.urlencoded ? await model.forms.body(http) : await readJson(http)
      const fields = await c.fieldsOf(body, undefined, parent?.id)
      const store = env.store()
      return store.write(async () => {
        const target = c.collection()
        const id = target.nextId()
        const next = { ...fields, id } as HalRecord
        c.authorize(grant, 'create', parent ? { record: next, parent } : { record: next })
        checkLinks(store, target, next, env.reps)
        const record = await target.create({ id, ...fields }, { validated: true })
        const rep = itemRep(env, http, target, record, readerOf(env, grant))
        const location = `${env.reps.base(http.origin)}${env.reps.itemPath(model, record)}`
        return answerWrite(rep, 201, { location })
      })
    }
  },
  replace: (o, env) => itemWrite(o, env, 'replace', putItem),
  update: (o, env) => itemWrite(o, env, 'update', patchItem),
  delete: (o, env) => {
    const c = env.context(o.collection as string)
    return async ({ http, params, grant, prefer }) => {
      c.authorize(grant, 'delete', { record: env.reps.resolve(c.model, params, http.path) })
      const reader = readerOf(env, grant)
      const item = c.writable(http, params, () => undefined, reader)
      let before: Representation | undefined
      const deleted = await deleteItem(http, env.store().write, {
        ...item,
        remove(current) {
          if (prefer.returnRepresentation) {
            before = env.reps.item(http.origin, c.collection(), current, 'plain', reader)
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
    const from = env.model.collection(o.collection as string)
    const owner = env.model.collection(of)
    const segment = o.path.slice(o.path.lastIndexOf('/') + 1)
    return ({ http, params, grant }) => {
      const target = env.reps.resolve(owner, params, http.path)
      const { index, size } = pageRequest(http.url, from.paging)
      const path = `${env.basePath}${env.reps.itemPath(owner, target)}/${segment}`
      const reader = readerOf(env, grant)
      const rep = (variant: RepresentationVariant) =>
        env.reps.page(http.origin, env.store().get(from.name), path, index, size, {
          back: { relation, target: target.id },
          asked: askedQuery(http.url, from.paging),
          variant,
          reader,
        })
      return perCaller(env, from.name, reader, answerVariant(http, rep))
    }
  },
}

/** A collection's context for its handlers: its checks, its body reading, its writable item. */
function collectionContext(
  model: CollectionModel,
  env: Env,
  mayWrite: (grant: unknown, collection: string) => void,
): CollectionContext {
  const { name, definition: served, noun: label } = model
  const { store, reps } = env
  const collection = () => store().get(name)
  const schema = served.input ?? served.schema
  // Urlencoded fields (a HTML form's) unless the collection takes JSON only.
  const urlencoded = served.urlencoded !== false
  const parentIdOf = (record: HalRecord) =>
    model.parent ? ((record as Record<string, unknown>)[model.parent.member] as number) : undefined
  const parentModel = model.parent && env.model.collection(model.parent.collection)
  const context: CollectionContext = {
    model,
    served,
    collection,
    urlencoded,
    acceptPatch: urlencoded ? ACCEPT_PATCH_FIELDS : ACCEPT_PATCH,
    parentOf: (params, path) => parentModel && reps.resolve(parentModel, params, path),
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
      const member = model.parent?.member
      let sent = sentFields(document)
      if (!served.input && member !== undefined && isObject(sent)) {
        checkParentMember(sent, member, parent, parentModel?.noun)
        sent = { ...sent, [member]: parent }
      }
      let fields = (await validateBody(schema, sent, label)) as Record<string, unknown>
      if (served.input && member !== undefined)
        checkParentMember(fields, member, parent, parentModel?.noun)
      if (served.prepare) fields = served.prepare(fields, current ? { current } : {})
      if (member !== undefined && parent !== undefined) fields = { ...fields, [member]: parent }
      // What `prepare` made is stored: it must be a record of the schema.
      if (served.input || served.prepare) {
        fields = (await validateBody(served.schema, fields, label)) as Record<string, unknown>
      }
      return fields
    },
    writable: (request, params, allow, reader) => ({
      current: () => reps.resolve(model, params, request.path),
      represent: (record) => itemRep(env, request, collection(), record, reader),
      patchable(record) {
        // A patch applies to the fields a client sends; the id is not one of them.
        const { id: _id, ...all } = record as Record<string, unknown>
        const pointers = model.forms.patchable(all)
        const fields = served.input
          ? Object.fromEntries(Object.entries(all).filter(([key]) => pointers.includes(`/${key}`)))
          : all
        return { fields, pointers }
      },
      label,
      ...(urlencoded
        ? {
            readBody: (request: HalRequest, method: 'PUT' | 'PATCH') =>
              model.forms.body(request, { patch: method === 'PATCH' }),
          }
        : {}),
      async replace(current, document) {
        const target = collection()
        const fields = await context.fieldsOf(document, current, parentIdOf(current))
        const next = { ...fields, id: current.id } as HalRecord
        // Asked again of the record as it would be: no write moves a record out of reach.
        allow(next)
        checkLinks(store(), target, next, reps)
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
  parentNoun = 'parent',
): void {
  if (!Object.hasOwn(sent, member) || sent[member] === parent || parent === undefined) return
  const noun = parentNoun
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
function checkLinks(
  store: HalStore,
  collection: CollectionStore,
  record: HalRecord,
  reps: Representations,
): void {
  const dangling = store.dangling(collection, record)
  if (dangling.length === 0) return
  const pointers = new Map<Relation, string[]>()
  throw new Problem(422, `The request body links to records that do not exist.`, {
    errors: dangling.map(({ relation, id, index }) => {
      const found = pointers.get(relation) ?? linkPointers(record, relation.ids)
      pointers.set(relation, found)
      return {
        pointer: found[index] ?? '',
        // The target's record noun: "customer links to customer 99", not "to customers 99".
        detail: `${relation.rel} links to ${reps.collection(relation.to).noun} ${id}, which does not exist`,
      }
    }),
  })
}
