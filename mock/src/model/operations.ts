import type { HalApiDefinition } from '../definition/api.js'
import { routeShape } from '../definition/check.js'
import { HAL_FORMS_JSON, HAL_JSON, JSON_TYPE } from '../http/media-types.js'
import type { CollectionModel, LinkModel, OperationModel } from './types.js'

/** `order-lines` → `OrderLines`: a name as a part of a type name or an operationId. */
export const pascal = (name: string): string =>
  name.replace(/(?:^|[-_\s]+)(\w)/g, (_, letter: string) => letter.toUpperCase())

/**
 * The operationId of a route of yours: its method and its path's words, a parameter as `By…`
 * (`GET /search/{term}` → `getSearchByTerm`; `GET ''` → `getRoot`).
 */
function routeOperationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment)?.[1]
      return param === undefined ? pascal(segment.replace(/\W+/g, '-')) : `By${pascal(param)}`
    })
  return `${method.toLowerCase()}${words.join('') || 'Root'}`
}

/** Every operation: the root, the OpenAPI document, each collection's, your routes over them. */
export function operationsOf(
  definition: HalApiDefinition,
  collections: readonly CollectionModel[],
  reverse: ReadonlyMap<string, readonly LinkModel[]>,
): OperationModel[] {
  const read = definition.protectReads ? [401, 406] : [406]
  const cached = ['If-None-Match', 'If-Modified-Since'] as const
  const hal = [HAL_JSON, HAL_FORMS_JSON]
  const out: OperationModel[] = [
    {
      id: 'getRoot',
      method: 'GET',
      path: '',
      kind: 'root',
      status: { success: 200, errors: read },
      response: { mediaTypes: [HAL_JSON], document: 'root' },
      preconditions: cached,
      auth: 'read',
    },
    {
      id: 'getOpenApiDocument',
      method: 'GET',
      path: '/openapi.json',
      kind: 'openapi',
      status: { success: 200, errors: read },
      response: { mediaTypes: [JSON_TYPE], document: 'openapi' },
      preconditions: [],
      auth: 'read',
    },
  ]
  for (const c of collections) {
    if (c.served) out.push(...collectionOperations(c, collections, reverse, read, hal, cached))
  }
  // Your route takes the place of the core's at its method and path, whatever the names of its
  // variables: the router's rule (`routeShape`).
  const key = (o: { method: string; path: string }) => `${o.method} ${routeShape(o.path)}`
  const routes = definition.routes ?? []
  const yours = new Set(routes.map(key))
  const kept = out.filter((o) => !yours.has(key(o)))
  for (const route of routes) {
    const access = route.access ?? 'read'
    const produces = route.produces ?? [HAL_JSON]
    const guarded = access === 'write' || (access === 'read' && definition.protectReads === true)
    kept.push({
      id: route.openapi?.operationId ?? routeOperationId(route.method, route.path || '/'),
      method: route.method,
      path: route.path,
      kind: 'route',
      status: {
        success: 200,
        errors: [...(guarded ? [401] : []), ...(produces.length > 0 ? [406] : [])],
      },
      response: { mediaTypes: produces, document: 'any' },
      preconditions: [],
      auth: access,
      route,
    })
  }
  return kept
}

/** A served collection's operations: its list, create and read, its item writes, its back-link lists. */
function collectionOperations(
  c: CollectionModel,
  collections: readonly CollectionModel[],
  reverse: ReadonlyMap<string, readonly LinkModel[]>,
  read: readonly number[],
  hal: readonly string[],
  cached: OperationModel['preconditions'],
): OperationModel[] {
  const out: OperationModel[] = []
  const one = pascal(c.noun)
  const many = pascal(c.name)
  const missing = c.parent ? [404] : []
  const body = { mediaTypes: c.bodyTypes, schema: c.input }
  const writes = (success: number, ...errors: number[]) => ({
    success,
    errors: [...new Set([400, 401, 403, ...errors])].sort((a, b) => a - b),
  })
  const response = { mediaTypes: hal, document: 'resource' } as const
  if (c.listed) {
    out.push({
      id: `list${many}`,
      method: 'GET',
      path: c.listPath,
      kind: 'list',
      collection: c.name,
      status: { success: 200, errors: [400, ...missing, ...read] },
      response: { mediaTypes: c.offersForms ? hal : [HAL_JSON], document: 'page' },
      preconditions: cached,
      auth: 'read',
    })
  }
  if (c.writable) {
    out.push({
      id: `create${one}`,
      method: 'POST',
      path: c.listPath,
      kind: 'create',
      collection: c.name,
      status: writes(201, ...missing, 406, 409, 413, 415, 422),
      request: body,
      response,
      preconditions: [],
      auth: 'write',
    })
  }
  // An item offers templates when it can be written, or a list nested under it can.
  const templated =
    c.offersForms || collections.some((n) => n.parent?.collection === c.name && n.offersForms)
  out.push({
    id: `get${one}`,
    method: 'GET',
    path: c.itemPath,
    kind: 'read',
    collection: c.name,
    status: {
      success: 200,
      // `authorize` is asked of every read of a record, `publicReads` or not: 401 or 403.
      errors: c.definition.authorize
        ? [...new Set([401, 403, 404, ...read, 412])].sort((a, b) => a - b)
        : [404, ...read, 412],
    },
    response: { mediaTypes: templated ? hal : [HAL_JSON], document: 'resource' },
    preconditions: cached,
    auth: 'read',
  })
  if (c.writable) out.push(...itemWrites(c, one, writes, response, ['If-Match']))
  for (const back of reverse.get(c.name) ?? []) {
    // A page of back links creates in the linking collection's list: only where that is one
    // URL (a nested list's needs its parent) and takes writes.
    const from = collections.find((n) => n.name === back.collection)
    const creates = from?.offersForms === true && from.parent === undefined
    out.push({
      id: `list${one}${pascal(back.rel)}`,
      method: 'GET',
      path: `${c.itemPath}/${back.path}`,
      kind: 'reverse-list',
      collection: back.collection as string,
      reverse: { target: c.name, relation: back.relation as string, rel: back.rel },
      status: { success: 200, errors: [400, 404, ...read] },
      response: { mediaTypes: creates ? hal : [HAL_JSON], document: 'page' },
      preconditions: cached,
      auth: 'read',
    })
  }
  return out
}

/** A writable collection's item operations: replace, update (a patch) and delete. */
function itemWrites(
  c: CollectionModel,
  one: string,
  writes: (success: number, ...errors: number[]) => OperationModel['status'],
  response: OperationModel['response'],
  written: OperationModel['preconditions'],
): OperationModel[] {
  return [
    {
      id: `replace${one}`,
      method: 'PUT',
      path: c.itemPath,
      kind: 'replace',
      collection: c.name,
      status: writes(200, 404, 406, 412, 413, 415, 422),
      request: { mediaTypes: c.bodyTypes, schema: c.input },
      response,
      preconditions: written,
      auth: 'write',
    },
    {
      id: `update${one}`,
      method: 'PATCH',
      path: c.itemPath,
      kind: 'update',
      collection: c.name,
      status: writes(200, 404, 406, 409, 412, 413, 415, 422),
      request: { mediaTypes: c.patchTypes },
      response,
      preconditions: written,
      auth: 'write',
    },
    {
      id: `delete${one}`,
      method: 'DELETE',
      path: c.itemPath,
      kind: 'delete',
      collection: c.name,
      status: { success: 204, errors: [401, 403, 404, 409, 412] },
      // No content; with `Prefer: return=representation`, the record as it was.
      response: { mediaTypes: response.mediaTypes, document: 'none' },
      preconditions: written,
      auth: 'write',
    },
  ]
}
