import type { Curie, HalApiDefinition, HalRoute } from '../definition/api.js'
import type { CollectionDefinition } from '../definition/definition.js'
import type { StandardSchema } from '../definition/standard-schema.js'
import type { CollectionForms, TemplatesModel } from '../forms/templates.js'
import type { PagingModel } from './paging.js'

/*
 * The compiled model of an API definition, as `compileApi` makes it: read-only plain data (and
 * the forms of each collection), made once per definition, which the routes, the representations,
 * the OpenAPI document and `halyard-mock verify` read. Nothing here is meant to be changed.
 */

/**
 * A JSON Schema as plain JSON.
 *
 * @example
 * const schema: JsonSchema = { type: 'object', required: ['name'] }
 */
export type JsonSchema = Readonly<Record<string, unknown>>

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
  /** Whether the definition gives it a `title` (a string, or one computed from the linked record). */
  readonly titled?: boolean
  /** `false` for a plain link whose target is not served (`served: false`): its 404 is a warning. */
  readonly served?: false
  /** For a relation: the target id(s) the definition computes from a record. */
  readonly ids?: (record: Record<string, unknown>) => number | readonly number[] | null | undefined
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
  /**
   * What it offers a client that sends forms: its `_templates` as written, the members a JSON
   * Patch may touch, urlencoded bodies read by its schema.
   */
  readonly forms: CollectionForms
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
