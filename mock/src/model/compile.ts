import { routeShape } from '../definition/check.js'
import {
  type CollectionDefinition,
  type Curie,
  type HalApiDefinition,
  type HalRoute,
  isRelation,
  type PageView,
} from '../definition/definition.js'
import { jsonSchemaOf, type StandardSchema } from '../definition/standard-schema.js'
import { nestedCreateKey, recordNoun, withArticle } from '../definition/words.js'
import { type FormProperty, formPropertiesOf, type JsonObjectSchema } from '../forms/properties.js'
import { acceptedTokens } from '../serve/authenticate.js'
import { type Paging, pagingOf } from './paging.js'

/**
 * A JSON Schema as plain JSON.
 *
 * @example
 * const schema: JsonSchema = { type: 'object', required: ['name'] }
 */
export type JsonSchema = Readonly<Record<string, unknown>>

/**
 * Where a page document keeps what its paging convention says, as JSON Pointers (`/page/number`),
 * found by rendering the convention's page once with marked values. A member the convention does
 * not write is `undefined`; a link it writes twice (the Blog's `_link` and `_links`) has two.
 *
 * @example
 * compileApi(definition).collection('orders').paging.layout.total // '/page/totalElements'
 */
export interface PageLayout {
  /** The array of the page's records, e.g. `/_embedded/orders`. */
  readonly items: string | undefined
  readonly total: string | undefined
  readonly totalPages: string | undefined
  readonly index: string | undefined
  readonly size: string | undefined
  /** Each navigation link's pointers (to the link object): `self`, `first`, `prev`, `next`, `last`. */
  readonly links: Readonly<Record<'self' | 'first' | 'prev' | 'next' | 'last', readonly string[]>>
}

/**
 * A collection's paging convention with its defaults, and where its page document keeps things.
 *
 * @example
 * const { page, size, firstIndex } = compileApi(definition).collection('orders').paging // 'page', 'size', 0
 */
export interface PagingModel {
  /** The query parameters of the page's index and size. */
  readonly page: string
  readonly size: string
  readonly firstIndex: 0 | 1
  readonly defaultSize: number
  readonly maxSize: number
  /** A page past the last: a 200 with no items, or a 404. */
  readonly pastEnd: 'empty' | 'not-found'
  /** Whether the page document is the core's own (Spring Data REST's `page`). */
  readonly standard: boolean
  /** The URI template suffix of a list link, e.g. `{?page,size}`. */
  readonly template: string
  readonly layout: PageLayout
  /** The convention's page document, as the core renders it. */
  readonly render: Paging['render']
}

/**
 * A link a record carries, by what it points at: a record of another collection (`relation`),
 * the page of records linking back (`reverse`), the page of a nested collection (`nested`), or
 * anything else (`plain`).
 *
 * @example
 * compileApi(definition).collection('orders').links[0] // { rel: 'customer', kind: 'relation', collection: 'customers', … }
 */
export interface LinkModel {
  readonly rel: string
  readonly kind: 'relation' | 'reverse' | 'nested' | 'plain'
  /** The collection whose record (`relation`) or page (`reverse`, `nested`) the link names. */
  readonly collection?: string
  /** Whether the link is an RFC 6570 template (a page's `{?page,size}`). */
  readonly templated: boolean
  /** For a reverse link: the segment of its list under the record (`reversePath`, else the rel). */
  readonly path?: string
  /** For a reverse link: the rel of the relation it reverses, on the linking collection. */
  readonly relation?: string
  /**
   * Whether every record carries it: a relation is absent when the record names no target
   * (the definition's `id` answers `undefined` or `null`).
   */
  readonly always: boolean
  /** For a relation: the target id(s) the definition computes from a record. */
  readonly ids?: (record: Record<string, unknown>) => number | readonly number[] | null | undefined
}

/**
 * One HAL-FORMS template a collection offers, as `_templates` writes it under {@link key}. Its
 * `target` is where it is offered: an item's templates aim at its `self`, a create template at the
 * list's URL.
 *
 * @example
 * compileApi(definition).collection('orders').templates.create
 * // { key: 'default', title: 'Create an order', method: 'POST', contentType: 'application/json', properties: […] }
 */
export interface TemplateModel {
  /** Its key in `_templates`. */
  readonly key: string
  readonly title: string
  readonly method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  readonly contentType?: string
  /** The inputs, from the input schema (never the parent's member, which the URL gives). */
  readonly properties: readonly FormProperty[]
}

/**
 * A writable collection's HAL-FORMS templates: create on its pages (and, nested, on its parent's
 * items), replace, update and delete on its items.
 *
 * @example
 * compileApi(definition).collection('books').templates.createOnParent?.key // 'createBooks'
 */
export interface TemplatesModel {
  readonly create: TemplateModel
  /** A nested collection's create template on its parent's items (`createBooks`). */
  readonly createOnParent?: TemplateModel
  readonly replace: TemplateModel
  readonly update: TemplateModel
  readonly delete: TemplateModel
}

/**
 * One HTTP operation the API answers, as the router and the OpenAPI document see it.
 *
 * @example
 * compileApi(definition).operations.find((o) => o.id === 'deleteOrder')?.status.success // 204
 */
export interface OperationModel {
  /** The OpenAPI operationId it gets when no route of yours took it (`listOrders`, `getOrder`). */
  readonly id: string
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Under the API's base, with `{param}` variables (`/blogs/{blogId}/articles`); `''` the root. */
  readonly path: string
  readonly kind:
    | 'root'
    | 'openapi'
    | 'list'
    | 'create'
    | 'read'
    | 'replace'
    | 'update'
    | 'delete'
    | 'reverse-list'
    | 'route'
  /** The collection it serves; none for the root, the OpenAPI document and your routes. */
  readonly collection?: string
  /**
   * For a `reverse-list`: the collection whose record the listed records link to, the rel of
   * their relation and the reverse rel (`customers`, `customer`, `orders`).
   */
  readonly reverse?: { readonly target: string; readonly relation: string; readonly rel: string }
  /** Its success status (`201` for a create, `204` for a delete) and the error statuses it may answer. */
  readonly status: { readonly success: number; readonly errors: readonly number[] }
  /** The request body's media types and schema (creates and replacements; a patch's formats). */
  readonly request?: { readonly mediaTypes: readonly string[]; readonly schema?: StandardSchema }
  /** What a success answers: the media types and the document (`resource`, `page`…). */
  readonly response: {
    readonly mediaTypes: readonly string[]
    readonly document: 'root' | 'resource' | 'page' | 'openapi' | 'none' | 'any'
  }
  /** Conditional requests: reads answer 304 to `If-None-Match`, writes 412 to a stale `If-Match`. */
  readonly preconditions: readonly ('If-None-Match' | 'If-Modified-Since' | 'If-Match')[]
  /** `public` needs no token, `read` one only when the API protects reads, `write` always. */
  readonly auth: 'public' | 'read' | 'write'
  /** The route of yours that answers it, for `kind: 'route'`. */
  readonly route?: HalRoute
}

/**
 * One collection of a compiled API: its address, records, links, paging and writes.
 *
 * @example
 * compileApi(definition).collection('articles').listPath // '/blogs/{blogId}/articles'
 */
export interface CollectionModel {
  readonly name: string
  /** What one record is called (`order` for `orders`). */
  readonly noun: string
  /** The rel of its link from the root (top-level collections) or from its parent's items. */
  readonly rel: string
  /** The URL segment of the list. */
  readonly segment: string
  /** The path variable of an item (`{articleId}`). */
  readonly param: string
  /** Route paths under the base, e.g. `/blogs/{blogId}/articles` and `…/{articleId}`. */
  readonly listPath: string
  readonly itemPath: string
  /** The parent, for a nested collection: its name, the member holding its id, the rel to the list. */
  readonly parent?: { readonly collection: string; readonly member: string; readonly rel: string }
  /** The collections nested under its records. */
  readonly children: readonly string[]
  /** Whether the core serves it (`false`: your routes answer for its records). */
  readonly served: boolean
  /** Whether its list is served. */
  readonly listed: boolean
  /** Whether it takes POST, PUT, PATCH and DELETE (else 405 with `Allow: GET, HEAD, OPTIONS`). */
  readonly writable: boolean
  /**
   * Whether its documents offer HAL-FORMS templates to write it: it is writable and some token may
   * write it (not under the API's `tokens: []` nor its own `writers: []`, where every write is a 401
   * or a 403).
   */
  readonly offersForms: boolean
  /** Tokens that may write it, when the definition names some. */
  readonly writers?: readonly string[]
  readonly paging: PagingModel
  /** The records as stored, and what clients send (the `input`, else the same schema). */
  readonly schema: StandardSchema
  readonly input: StandardSchema
  /** JSON Schemas: a record's stored members, and a body's. */
  readonly jsonSchema: { readonly record: JsonSchema; readonly input: JsonSchema }
  /** Whether `represent` shapes the representation (it shows not all of the record, or more). */
  readonly represented: boolean
  /** Whether a body with a member the input schema does not name is refused. */
  readonly strict: boolean
  /** The links of its records besides `self` and CURIEs. */
  readonly links: readonly LinkModel[]
  /** The rels embedded in `_embedded`, with their target collection. */
  readonly embeds: readonly { readonly rel: string; readonly collection: string }[]
  /** The media types of POST and PUT bodies, and `Accept-Patch`. */
  readonly bodyTypes: readonly string[]
  readonly patchTypes: readonly string[]
  /**
   * Its HAL-FORMS templates, which the representations write and the OpenAPI document names; the
   * same when it is read-only, though then no document offers them.
   */
  readonly templates: TemplatesModel
  /** The definition it is compiled from. */
  readonly definition: CollectionDefinition
}

/**
 * A link of the root: to a collection (its list, or its items by id), or one of the API's own.
 *
 * @example
 * compileApi(definition).root[0] // { rel: 'orders', kind: 'list', href: '/orders{?page,size}', … }
 */
export interface RootLinkModel {
  readonly rel: string
  readonly kind: 'list' | 'item' | 'link' | 'service-desc'
  readonly collection?: string
  /** Relative to the base path, or absolute; a template for lists and items. */
  readonly href: string
  readonly templated: boolean
}

/**
 * One compiled model of an API definition: its collections with their addresses, records, links
 * and paging; the root's links; every operation with its statuses, bodies, preconditions and auth.
 * What reads an API without serving it (`halyard-mock verify`) reads this.
 *
 * @example
 * const model: ApiModel = compileApi(shop.definition)
 */
export interface ApiModel {
  readonly title: string
  readonly basePath: string
  readonly curies: readonly Curie[]
  /** Collections in definition order, parents before their nested collections. */
  readonly collections: readonly CollectionModel[]
  readonly root: readonly RootLinkModel[]
  readonly operations: readonly OperationModel[]
  readonly auth: {
    /** Whether reads need a token. */
    readonly protectReads: boolean
    /** Tokens the default token check accepts; `undefined` when `authenticate` decides. */
    readonly tokens: readonly string[] | undefined
    /** Whether any write can be authorized at all (`tokens: []` makes an API read-only). */
    readonly writes: boolean
    /** OpenAPI security schemes: how a token is sent. */
    readonly schemes: Readonly<Record<string, Readonly<Record<string, unknown>>>>
  }
  /** The collection of a name. */
  collection(name: string): CollectionModel
  /** The definition it is compiled from. */
  readonly definition: HalApiDefinition
}

const HAL = 'application/hal+json'
const HAL_FORMS = 'application/prs.hal-forms+json'
const JSON_TYPE = 'application/json'
const URLENCODED = 'application/x-www-form-urlencoded'
const MERGE_PATCH = 'application/merge-patch+json'
const JSON_PATCH = 'application/json-patch+json'

/** How the default token check reads a token (mirrors the OpenAPI document's default). */
const DEFAULT_SCHEMES = {
  token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' },
  bearer: { type: 'http', scheme: 'bearer' },
} as const

/**
 * Compiles a definition into its {@link ApiModel}: nothing is served or stored, and no seed is
 * read. The page layout of each paging convention is found by rendering one page of marked
 * values through the convention's `render`.
 *
 * @example
 * import { compileApi } from '@halyard/mock'
 *
 * const model = compileApi(shop.definition)
 * model.collection('orders').itemPath // '/orders/{id}'
 * model.collection('orders').paging.layout.items // '/_embedded/orders'
 * model.operations.find((o) => o.id === 'createOrder')?.status.success // 201
 */
export function compileApi(definition: HalApiDefinition): ApiModel {
  const basePath = definition.basePath.replace(/\/$/, '')
  const byName = new Map<string, CollectionModel>()
  const entries = Object.entries(definition.collections)
  const reverse = new Map<string, LinkModel[]>()
  for (const [name, collection] of entries) {
    for (const [rel, link] of Object.entries(collection.links ?? {})) {
      if (!isRelation(link) || !link.reverse) continue
      const list = reverse.get(link.to) ?? []
      list.push({
        rel: link.reverse,
        kind: 'reverse',
        collection: name,
        templated: true,
        always: true,
        path: link.reversePath ?? link.reverse,
        relation: rel,
      })
      reverse.set(link.to, list)
    }
  }
  const tokens = definition.authenticate ? undefined : acceptedTokens(definition)
  const writes = tokens === undefined || tokens.length > 0
  const visit = (name: string): CollectionModel => {
    const known = byName.get(name)
    if (known) return known
    const collection = definition.collections[name] as CollectionDefinition
    const parent = collection.parent && visit(collection.parent.collection)
    const segment = collection.path ?? name
    const param = collection.param ?? 'id'
    const listPath = `${parent ? parent.itemPath : ''}/${segment}`
    const input = collection.input ?? collection.schema
    const inputJson = jsonSchemaOf(input)
    const links: LinkModel[] = []
    for (const [rel, link] of Object.entries(collection.links ?? {})) {
      links.push(
        isRelation(link)
          ? {
              rel,
              kind: 'relation',
              collection: link.to,
              templated: false,
              always: false,
              ids: link.id as LinkModel['ids'] & object,
            }
          : { rel, kind: 'plain', templated: link.templated === true, always: true },
      )
    }
    links.push(...(reverse.get(name) ?? []))
    const urlencoded = collection.urlencoded !== false
    const noun = recordNoun(name, collection)
    const paging = pagingOf(definition, collection)
    const { render, ...conventions } = paging
    const model: CollectionModel & { children: string[] } = {
      name,
      noun,
      // A nested list's rel is its parent's link to it; `rel` names a root link only.
      rel: collection.parent ? (collection.parent.rel ?? name) : (collection.rel ?? name),
      segment,
      param,
      listPath,
      itemPath: `${listPath}/{${param}}`,
      ...(collection.parent && {
        parent: {
          collection: collection.parent.collection,
          member: collection.parent.member,
          rel: collection.parent.rel ?? name,
        },
      }),
      children: [],
      served: collection.serve !== false,
      listed: collection.list !== false,
      writable: collection.readOnly !== true && collection.serve !== false,
      offersForms:
        collection.readOnly !== true &&
        collection.serve !== false &&
        writes &&
        collection.writers?.length !== 0,
      ...(collection.writers && { writers: collection.writers }),
      paging: { ...conventions, render, layout: layoutOf(render, name, collection.rel ?? name) },
      schema: collection.schema,
      input,
      jsonSchema: { record: jsonSchemaOf(collection.schema), input: inputJson },
      represented: collection.represent !== undefined,
      strict: inputJson.additionalProperties === false,
      links,
      embeds: (collection.embed ?? []).flatMap((rel) => {
        const link = collection.links?.[rel]
        return link && isRelation(link) ? [{ rel, collection: link.to }] : []
      }),
      bodyTypes: urlencoded ? [JSON_TYPE, URLENCODED] : [JSON_TYPE],
      patchTypes: urlencoded ? [MERGE_PATCH, JSON_PATCH, URLENCODED] : [MERGE_PATCH, JSON_PATCH],
      templates: templatesOf(name, noun, collection, inputJson as JsonObjectSchema),
      definition: collection,
    }
    if (parent) {
      ;(parent.children as string[]).push(name)
      ;(parent.links as LinkModel[]).push({
        rel: model.rel,
        kind: 'nested',
        collection: name,
        templated: true,
        always: true,
      })
    }
    byName.set(name, model)
    return model
  }
  for (const [name] of entries) visit(name)
  const collections = entries.map(([name]) => byName.get(name) as CollectionModel)
  const root: RootLinkModel[] = []
  for (const c of collections) {
    if (!c.served || c.parent) continue
    root.push(
      c.listed
        ? {
            rel: c.definition.rel ?? c.name,
            kind: 'list',
            collection: c.name,
            href: `${c.listPath}${c.paging.template}`,
            templated: true,
          }
        : {
            rel: c.definition.rel ?? c.name,
            kind: 'item',
            collection: c.name,
            href: c.itemPath,
            templated: true,
          },
    )
  }
  for (const [rel, link] of Object.entries(definition.root?.links ?? {})) {
    root.push({ rel, kind: 'link', href: link.href, templated: link.templated === true })
  }
  if (definition.root?.serviceDesc !== false) {
    root.push({
      rel: 'service-desc',
      kind: 'service-desc',
      href: '/openapi.json',
      templated: false,
    })
  }
  return {
    title: definition.title ?? 'HAL API',
    basePath,
    curies: definition.curies ?? [],
    collections,
    root,
    operations: operationsOf(definition, collections, reverse),
    auth: {
      protectReads: definition.protectReads === true,
      tokens,
      writes,
      schemes: definition.securitySchemes ?? DEFAULT_SCHEMES,
    },
    collection(name) {
      const found = byName.get(name)
      if (!found) throw new Error(`The API has no collection ${name}.`)
      return found
    },
    definition,
  }
}

/**
 * A collection's templates, their properties read from the input's JSON Schema without the
 * parent's member (its URL gives it).
 */
function templatesOf(
  name: string,
  noun: string,
  collection: CollectionDefinition,
  input: JsonObjectSchema,
): TemplatesModel {
  const names = collection.templates ?? {}
  const json = collection.parent ? withoutMember(input, collection.parent.member) : input
  const properties = formPropertiesOf(json)
  const create = {
    title: names.createTitle ?? `Create ${withArticle(noun)}`,
    method: 'POST',
    contentType: JSON_TYPE,
    properties,
  } as const
  return {
    create: { key: names.create ?? 'default', ...create },
    ...(collection.parent && { createOnParent: { key: nestedCreateKey(name, names), ...create } }),
    replace: {
      key: 'default',
      title: names.replaceTitle ?? `Replace this ${noun}`,
      method: 'PUT',
      contentType: JSON_TYPE,
      properties,
    },
    update: {
      key: 'patch',
      title: names.updateTitle ?? `Change some fields of this ${noun}`,
      method: 'PATCH',
      contentType: MERGE_PATCH,
      // A merge patch sends only what changes.
      properties: formPropertiesOf(json, { required: false }),
    },
    delete: {
      key: 'delete',
      title: names.deleteTitle ?? `Delete this ${noun}`,
      method: 'DELETE',
      properties: [],
    },
  }
}

/** A JSON Schema of an object without one member, nor that member among the required ones. */
function withoutMember(json: JsonObjectSchema, member: string): JsonObjectSchema {
  if (!json.properties || !Object.hasOwn(json.properties, member)) return json
  const { [member]: _, ...properties } = json.properties
  const required = json.required?.filter((name) => name !== member)
  return { ...json, properties, ...(required ? { required } : {}) }
}

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
function operationsOf(
  definition: HalApiDefinition,
  collections: readonly CollectionModel[],
  reverse: ReadonlyMap<string, readonly LinkModel[]>,
): OperationModel[] {
  const read = definition.protectReads ? [401, 406] : [406]
  const cached = ['If-None-Match', 'If-Modified-Since'] as const
  const written = ['If-Match'] as const
  const hal = [HAL, HAL_FORMS]
  const out: OperationModel[] = [
    {
      id: 'getRoot',
      method: 'GET',
      path: '',
      kind: 'root',
      status: { success: 200, errors: read },
      response: { mediaTypes: [HAL], document: 'root' },
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
    if (!c.served) continue
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
        response: { mediaTypes: c.offersForms ? hal : [HAL], document: 'page' },
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
      response: { mediaTypes: templated ? hal : [HAL], document: 'resource' },
      preconditions: cached,
      auth: 'read',
    })
    if (c.writable) {
      out.push(
        {
          id: `replace${one}`,
          method: 'PUT',
          path: c.itemPath,
          kind: 'replace',
          collection: c.name,
          status: writes(200, 404, 406, 412, 413, 415, 422),
          request: body,
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
          response: { mediaTypes: hal, document: 'none' },
          preconditions: written,
          auth: 'write',
        },
      )
    }
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
        response: { mediaTypes: creates ? hal : [HAL], document: 'page' },
        preconditions: cached,
        auth: 'read',
      })
    }
  }
  // Your route takes the place of the core's at its method and path, whatever the names of its
  // variables: the router's rule (`routeShape`).
  const key = (o: { method: string; path: string }) => `${o.method} ${routeShape(o.path)}`
  const routes = definition.routes ?? []
  const yours = new Set(routes.map(key))
  const kept = out.filter((o) => !yours.has(key(o)))
  for (const route of routes) {
    const access = route.access ?? 'read'
    const produces = route.produces ?? [HAL]
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

/** Marked values a probe page is rendered with: distinct, so each is found where it lands. */
const PROBE = { index: 4, size: 3, total: 17, totalPages: 6 } as const

/** Where a convention's page document keeps its parts, by rendering one page of marked values. */
function layoutOf(render: Paging['render'], name: string, rel: string): PageLayout {
  const item = { '~probe': true }
  const href = (role: string) => ({ href: `urn:halyard-probe:${role}` })
  const view: PageView = {
    collection: name,
    rel,
    items: [item],
    ...PROBE,
    links: {
      self: href('self'),
      first: href('first'),
      prev: href('prev'),
      next: href('next'),
      last: href('last'),
    },
    curies: [],
    page: (n) => href(`page-${n}`),
  }
  const found: Record<string, string[]> = {}
  const note = (key: string, at: string) => {
    const list = found[key] ?? []
    list.push(at)
    found[key] = list
  }
  const walk = (node: unknown, at: string): void => {
    if (Array.isArray(node)) {
      // By its mark: a render may copy the items it is given (`p.items.map(withoutCuries)`).
      if (node.some((x) => typeof x === 'object' && x !== null && '~probe' in x)) note('items', at)
      else for (const [i, child] of node.entries()) walk(child, `${at}/${i}`)
      return
    }
    if (typeof node === 'number') {
      for (const [key, value] of Object.entries(PROBE)) if (node === value) note(key, at)
      return
    }
    if (typeof node !== 'object' || node === null) return
    const target = (node as { href?: unknown }).href
    if (typeof target === 'string' && target.startsWith('urn:halyard-probe:')) {
      const role = target.slice('urn:halyard-probe:'.length)
      const n = /^page-(\d+)$/.exec(role)?.[1]
      const named =
        n === undefined
          ? role
          : Number(n) === PROBE.index - 1
            ? 'prev'
            : Number(n) === PROBE.index + 1
              ? 'next'
              : role
      note(`link:${named}`, at)
      return
    }
    for (const [key, value] of Object.entries(node)) walk(value, `${at}/${pointerSegment(key)}`)
  }
  try {
    walk(render(view), '')
  } catch {
    // A render that needs more than a page (its parent record): no layout known.
  }
  const first = (key: string) => found[key]?.[0]
  return {
    items: first('items'),
    total: first('total'),
    totalPages: first('totalPages'),
    index: first('index'),
    size: first('size'),
    links: {
      self: found['link:self'] ?? [],
      first: found['link:first'] ?? [],
      prev: found['link:prev'] ?? [],
      next: found['link:next'] ?? [],
      last: found['link:last'] ?? [],
    },
  }
}

/** A member name as a JSON Pointer segment (RFC 6901). */
const pointerSegment = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1')
