import { MAX_DELAY_MS } from '../http/prefer.js'
import type { HalApiDefinition } from './api.js'
import { type CollectionDefinition, isRelation, parentLinkRel } from './definition.js'
import { nestedCreateKey } from './words.js'

/**
 * The definition of an API or a collection is wrong: thrown by `defineHalApi`, never at a request.
 *
 * @example
 * try {
 *   defineHalApi({ basePath: '/api', collections: { orders: defineCollection({ schema, parent: { collection: 'nope', member: 'x' } }) } })
 * } catch (error) {
 *   if (error instanceof HalDefinitionError) console.error(error.message)
 * }
 */
export class HalDefinitionError extends Error {
  override readonly name = 'HalDefinitionError'
}

/** Rels the core writes itself: the root's, and every item's. */
const ROOT_RELS = ['self', 'service-desc', 'curies']
const ITEM_RELS = ['self', 'curies']

/** A route path: `''`, `/`, or segments, each literal or a `{name}` parameter. */
const ROUTE_PATH = /^\/?$|^(\/([^/{}?#]+|\{[A-Za-z_]\w*\}))+$/

/** A rel that can be a path segment (a reverse rel names the route of its back links). */
const SEGMENT = /^[^/{}?#\s%]+$/

/**
 * Rejects a definition that cannot work, naming what is wrong, before any request: a bad base
 * path, delay, collection name, link target, embed, page size; a rel that would overwrite another
 * link (the root's or an item's); a CURIE without `{rel}`; an extra route that is no route path.
 *
 * @throws {HalDefinitionError} naming the collection, rel or route.
 * @example
 * checkDefinition({ basePath: 'api', collections: {} }) // throws: basePath must be a path such as /api
 */
export function checkDefinition(definition: HalApiDefinition): void {
  if (!/^(\/[\w.~-]+)*\/?$/.test(definition.basePath)) {
    throw new HalDefinitionError(
      `basePath must be a path such as /api, not "${definition.basePath}"`,
    )
  }
  const delay = definition.delay ?? 0
  if (!(delay >= 0 && delay <= MAX_DELAY_MS)) {
    throw new HalDefinitionError(`delay must be between 0 and ${MAX_DELAY_MS} ms, not ${delay}`)
  }
  const names = Object.keys(definition.collections)
  /** The root's rels, by who holds them. */
  const rootRels = new Map(ROOT_RELS.map((rel) => [rel, 'the root itself']))
  /** Each collection's item rels, by who gives them (its own links, others' reverse rels). */
  const itemRels = new Map(names.map((name) => [name, new Map<string, string>()]))
  for (const [name, collection] of Object.entries(definition.collections)) {
    if (!/^[A-Za-z][\w-]*$/.test(name) || name === 'openapi.json') {
      throw new HalDefinitionError(
        `"${name}" cannot be a collection name (letters, digits, - and _)`,
      )
    }
    const rel = collection.rel ?? name
    const holder = rootRels.get(rel)
    if (holder) {
      throw new HalDefinitionError(`${name}'s rel "${rel}" from the root is taken by ${holder}`)
    }
    rootRels.set(rel, `collection ${name}`)
    for (const [rel, link] of Object.entries(collection.links ?? {})) {
      if (ITEM_RELS.includes(rel)) {
        throw new HalDefinitionError(`${name}'s link "${rel}" is a rel the core writes itself`)
      }
      itemRels.get(name)?.set(rel, `its own link ${rel}`)
      if (isRelation(link) && !names.includes(link.to)) {
        throw new HalDefinitionError(
          `${name}'s link ${rel} is to ${link.to}, which is not a collection`,
        )
      }
    }
    const upRel = parentLinkRel(collection)
    if (upRel !== false) {
      const holder = ITEM_RELS.includes(upRel) ? 'the core' : itemRels.get(name)?.get(upRel)
      if (holder) {
        throw new HalDefinitionError(
          `${name}'s link to its parent "${upRel}" is taken by ${holder}: name another with parent.link`,
        )
      }
      itemRels.get(name)?.set(upRel, 'its link to its parent')
    }
    for (const rel of collection.embed ?? []) {
      const link = collection.links?.[rel]
      if (!link || !isRelation(link)) {
        throw new HalDefinitionError(
          `${name} embeds ${rel}, which is not one of its relation links`,
        )
      }
    }
    const { default: size = 20, max = 100 } = collection.pageSize ?? {}
    if (!(Number.isSafeInteger(size) && Number.isSafeInteger(max) && size >= 1 && size <= max)) {
      throw new HalDefinitionError(`${name}'s pageSize needs 1 <= default <= max`)
    }
  }
  // Reverse rels once every collection's own links are known.
  for (const [name, collection] of Object.entries(definition.collections)) {
    for (const [rel, link] of Object.entries(collection.links ?? {})) {
      if (!isRelation(link) || link.reverse === undefined) continue
      const { reverse, to } = link
      const segment = link.reversePath ?? reverse
      if (!SEGMENT.test(segment)) {
        throw new HalDefinitionError(
          `${name}'s link ${rel} has ${link.reversePath === undefined ? 'reverse' : 'reversePath'} "${segment}", which cannot be a path segment`,
        )
      }
      const rels = itemRels.get(to) as Map<string, string>
      const holder = ITEM_RELS.includes(reverse) ? 'the core' : rels.get(reverse)
      if (holder) {
        throw new HalDefinitionError(
          `${name}'s link ${rel} has reverse "${reverse}", but ${to} records already have "${reverse}" from ${holder}`,
        )
      }
      rels.set(reverse, `${name}'s reverse of ${rel}`)
    }
  }
  checkAddresses(definition)
  checkTemplateKeys(definition)
  for (const curie of definition.curies ?? []) {
    if (!curie.href.includes('{rel}')) {
      throw new HalDefinitionError(
        `the CURIE ${curie.name} needs {rel} in its href "${curie.href}"`,
      )
    }
  }
  for (const route of definition.routes ?? []) {
    if (!ROUTE_PATH.test(route.path)) {
      throw new HalDefinitionError(
        `the route ${route.method} ${route.path} has no route path such as /search/{term}`,
      )
    }
  }
}

/**
 * Rejects two HAL-FORMS templates of one key on an item: its own (`default`, `patch`, `delete`)
 * and the create templates of the lists nested under it.
 */
function checkTemplateKeys(definition: HalApiDefinition): void {
  const { collections } = definition
  const writable = (c: CollectionDefinition) => c.readOnly !== true && c.serve !== false
  const keys = new Map<string, Map<string, string>>()
  for (const [name, collection] of Object.entries(collections)) {
    if (!writable(collection)) continue
    const own = keys.get(name) ?? new Map<string, string>()
    for (const key of ['default', 'patch', 'delete']) own.set(key, `${name}'s own ${key} template`)
    keys.set(name, own)
  }
  for (const [name, collection] of Object.entries(collections)) {
    const parent = collection.parent?.collection
    if (parent === undefined || !writable(collection)) continue
    const key = nestedCreateKey(name, collection.templates)
    if (key === undefined) continue
    const taken = keys.get(parent) ?? new Map<string, string>()
    const holder = taken.get(key)
    if (holder) {
      throw new HalDefinitionError(
        `${name}'s create template on ${parent} items is keyed "${key}", which is ${holder}: give ${name} another templates.create`,
      )
    }
    taken.set(key, `${name}'s create template`)
    keys.set(parent, taken)
  }
}

/**
 * Rejects nested collections that cannot be addressed (an unknown or circular parent, a path
 * variable used twice along one URL, a segment that is no path segment) and paging conventions
 * whose sizes or first index cannot work.
 */
function checkAddresses(definition: HalApiDefinition): void {
  const { collections } = definition
  for (const [name, collection] of Object.entries(collections)) {
    const segment = collection.path ?? name
    if (!SEGMENT.test(segment) || segment === 'openapi.json') {
      throw new HalDefinitionError(`${name}'s path "${segment}" cannot be a path segment`)
    }
    const params: string[] = []
    const seen = new Set<string>()
    let at: string | undefined = name
    while (at !== undefined) {
      if (seen.has(at)) {
        throw new HalDefinitionError(`${name}'s parents go round in a circle through ${at}`)
      }
      seen.add(at)
      const current: CollectionDefinition | undefined = collections[at]
      if (!current) {
        throw new HalDefinitionError(`${name}'s parent ${at} is not a collection`)
      }
      const param = current.param ?? 'id'
      if (!/^[A-Za-z_]\w*$/.test(param)) {
        throw new HalDefinitionError(`${at}'s param "${param}" cannot be a path variable`)
      }
      if (params.includes(param)) {
        throw new HalDefinitionError(
          `${name}'s URL would name {${param}} twice: give ${at} a param of its own (say ${at}Id)`,
        )
      }
      params.push(param)
      at = current.parent?.collection
    }
    for (const paging of [definition.paging, collection.paging]) {
      if (!paging) continue
      const { firstIndex = 0, defaultSize = 1, maxSize = Math.max(defaultSize, 100) } = paging
      if (firstIndex !== 0 && firstIndex !== 1) {
        throw new HalDefinitionError(
          `a paging convention's firstIndex is 0 or 1, not ${firstIndex}`,
        )
      }
      if (
        !(
          Number.isSafeInteger(defaultSize) &&
          Number.isSafeInteger(maxSize) &&
          defaultSize >= 1 &&
          defaultSize <= maxSize
        )
      ) {
        throw new HalDefinitionError(`${name}'s paging needs 1 <= defaultSize <= maxSize`)
      }
    }
  }
}

/**
 * A route path with its parameters' names left out: two paths of one shape match the same requests.
 *
 * @example
 * routeShape('/orders/{orderId}/') // '/orders/{}'
 */
export const routeShape = (path: string): string =>
  path.replace(/\{\w+\}/g, '{}').replace(/\/$/, '')

/**
 * Rejects a route table where a route can never be reached: two routes on one method and path
 * (parameters' names aside), say two extra routes, of which the second would never run.
 *
 * @throws {HalDefinitionError} naming both routes.
 * @example
 * checkRoutes([{ method: 'GET', path: '/search/{q}' }, { method: 'GET', path: '/search/{term}' }]) // throws
 */
export function checkRoutes(
  table: readonly { readonly method: string; readonly path: string }[],
): void {
  const seen = new Map<string, string>()
  for (const { method, path } of table) {
    const key = `${method} ${routeShape(path)}`
    const earlier = seen.get(key)
    if (earlier) {
      throw new HalDefinitionError(
        `the route ${method} ${path} would never run: ${earlier} answers the same requests`,
      )
    }
    seen.set(key, `${method} ${path}`)
  }
}
