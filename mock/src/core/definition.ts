import type { Answer } from '../http/answer.js'
import type { Preferences } from '../http/prefer.js'
import type { HalRequest } from './request.js'
import type { InferInput, InferOutput, StandardSchema } from './standard-schema.js'

/** A record as the core stores it: the schema's fields and the `id` the core assigns. */
export type HalRecord<S extends StandardSchema = StandardSchema> = {
  readonly id: number
} & InferOutput<S>

/** A seed value: the schema's input, with an `id` of its own when links must point at it. */
export type SeedValue<S extends StandardSchema> = InferInput<S> & { readonly id?: number }

/** A link from a record to records of a collection (a relation), by their ids. */
export interface RelationLink<R> {
  /** The collection linked to. */
  readonly to: string
  /** The linked record's id, or their ids (a link each); none when `undefined` or `null`. */
  id(record: R): number | readonly number[] | null | undefined
  /**
   * The rel of the link back, on each linked record, to the paged list of the records pointing at
   * it: with `reverse: 'orders'` on an order's `customer`, a customer links `orders`.
   */
  readonly reverse?: string
  readonly title?: string
}

/** Any other link: a URI or URI template relative to the API's base (or absolute). */
export interface PlainLink<R> {
  href(record: R): string
  /** Whether `href` is an RFC 6570 template. */
  readonly templated?: boolean
  readonly title?: string
}

/** One collection of an API: its records' schema, seed, links, embeds, paging and writers. */
export interface CollectionDefinition<S extends StandardSchema = StandardSchema> {
  /** The writable fields of a record (no `id`: the core assigns it), as a Standard Schema. */
  readonly schema: S
  /** The records the API starts from, and returns to on `reset()`. */
  readonly seed?: readonly SeedValue<S>[] | (() => readonly SeedValue<S>[])
  /** The record's links by rel: relations to other collections, or plain (templated) links. */
  readonly links?: Readonly<Record<string, RelationLink<HalRecord<S>> | PlainLink<HalRecord<S>>>>
  /** Rels of relation links whose targets go into `_embedded` too. */
  readonly embed?: readonly string[]
  /** Items per page: `default` when the request names none, at most `max`. Default 20 and 100. */
  readonly pageSize?: { readonly default?: number; readonly max?: number }
  /** Tokens that may write this collection. Default: every token of the API. */
  readonly writers?: readonly string[]
  /**
   * Shapes a record's properties in its representation (default: the record as it is). A function
   * of the record alone: representations are memoised on the record's version.
   */
  represent?(record: HalRecord<S>): Record<string, unknown>
  /**
   * A record's time of last change in epoch milliseconds, read from its own fields (say
   * `(post) => post.updatedAt`): its `Last-Modified`, and its pages'. Default: the time the store
   * saw the record change (the seed's time, 2026-01-01, for seed records).
   */
  lastModified?(record: HalRecord<S>): number
  /**
   * What one record is called in messages, form titles and OpenAPI type names (`person` for
   * `people`). Default: the collection's name made singular by English rules (`books` → `book`).
   */
  readonly singular?: string
  /** Rel of the collection's link from the API root. Default: the collection's name. */
  readonly rel?: string
  /**
   * Whether the core serves the collection's routes (its pages, items and writes) and links it
   * from the root. `false`: its records are stored and indexed, and your own `routes` answer for
   * them (an API whose URLs nest, say); their `openapi` may name its schemas (`NoteResource`).
   * Default true.
   */
  readonly serve?: boolean
}

/** A named link template of the API's rels (HAL CURIE), e.g. `{ name: 'shop', href: '/docs/{rel}' }`. */
export interface Curie {
  readonly name: string
  /** Relative to the API's base, or absolute; has a `{rel}` variable. */
  readonly href: string
}

/** What an extra route sees of one request. */
export interface HalRouteContext {
  /** The request as a fetch `Request` (made when first read, if a real server received it). */
  readonly request: Request
  readonly url: URL
  /** The path parameters, percent-decoded. */
  readonly params: Readonly<Record<string, string>>
  /** The request as the core reads it (headers, cookies, body), without a fetch `Request`. */
  readonly http: HalRequest
  /** The request's `Prefer` preferences (`return=representation`, `respond-async`…). */
  readonly prefer: Preferences
  /**
   * What {@link HalApiDefinition.authenticate} returned for the request (by default its token), on
   * a route that asked for one; `undefined` on the others.
   */
  readonly grant: unknown
}

/**
 * A plain answer a route may return instead of a `Response` (no fetch objects made): the status,
 * the headers in lower case, the body text.
 */
export type HalAnswer = Answer

/**
 * A route beside the collections', answered by your own code (after the same guards). One with the
 * method and path of a route the core makes (the root, say) takes its place.
 */
export interface HalRoute {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Under the API's base, e.g. `/search/{term}`; `''` is the root. */
  readonly path: string
  /**
   * `write` routes need a token of the API, `read` ones too with `protectReads`, `public` ones
   * never (documentation pages). Default `read`.
   */
  readonly access?: 'read' | 'write' | 'public'
  /** Media types it answers with; the negotiation answers 406 for others. Default: HAL. */
  readonly produces?: readonly string[]
  /** A PATCH route's `Accept-Patch` (RFC 5789), which `OPTIONS` on its path answers too. */
  readonly acceptPatch?: string
  /** A sentence for the OpenAPI document. */
  readonly summary?: string
  /**
   * OpenAPI Operation Object members that describe the route better than the defaults (an
   * `operationId` from its method and path, a tag from its first segment, its summary as the
   * description, a 200 in the media types it `produces`, problem details otherwise): they replace
   * those, except `responses` and `parameters`, which add to them (by status, after the path's).
   */
  readonly openapi?: HalRouteOperation
  /** The answer; throw a `Problem` for problem details. */
  handle(context: HalRouteContext): Response | HalAnswer | Promise<Response | HalAnswer>
}

/**
 * Members of an OpenAPI 3.1 Operation Object for a route of yours, put over the generated ones;
 * a `$ref` to `#/components/schemas/<Type>` reaches a collection's schemas (`Note`,
 * `NoteResource`, `NotePage`).
 *
 * @example
 * const search: HalRouteOperation = {
 *   operationId: 'searchProducts',
 *   responses: { 200: { description: 'Matching products', content: { 'application/hal+json': {} } } },
 * }
 */
export interface HalRouteOperation {
  readonly operationId?: string
  readonly description?: string
  readonly tags?: readonly string[]
  readonly requestBody?: Readonly<Record<string, unknown>>
  /** More parameters than the path's (query parameters), each an OpenAPI Parameter Object. */
  readonly parameters?: readonly Readonly<Record<string, unknown>>[]
  /** Responses by status (`'200'`, `'default'`), each an OpenAPI Response Object. */
  readonly responses?: Readonly<Record<string, Readonly<Record<string, unknown>>>>
  readonly [member: string]: unknown
}

/** Where a path lies for a 404: under the API's base path, or outside it. */
export type NotFoundWhere = 'under-base' | 'outside'

/** An API: where it lives, its collections and its extra routes. */
export interface HalApiDefinition {
  /** The path every URL of the API starts with, e.g. `/api`. */
  readonly basePath: string
  /** The API's name, for the OpenAPI document. Default `HAL API`. */
  readonly title?: string
  readonly collections: Readonly<Record<string, CollectionDefinition>>
  /**
   * Known access tokens, sent as `X-Access-Token` or `Authorization: Bearer`. Default: `dev-token`
   * when no collection names `writers` and there is no `authenticate`; `[]` makes the API read-only.
   */
  readonly tokens?: readonly string[]
  /** Require a known token on reads too. Default false. */
  readonly protectReads?: boolean
  readonly curies?: readonly Curie[]
  readonly routes?: readonly HalRoute[]
  /** Milliseconds to wait before every answer (`Prefer: delay` overrides it). Default 0. */
  readonly delay?: number
  /**
   * Who is calling, on a route that needs a token: returns (or resolves to) what the routes read
   * as `context.grant`, or throws (rejects with) a 401 `Problem`. Default: the request's
   * `X-Access-Token` (or `Authorization: Bearer`) if it is one of `tokens`, and only `writers`
   * write their collection.
   */
  authenticate?(request: HalRequest): unknown
  /**
   * How `authenticate` reads credentials, for the OpenAPI document: its `securitySchemes` by name,
   * any one of which a protected route accepts. Default: `X-Access-Token` and `Authorization:
   * Bearer`, as the default `authenticate` reads them.
   */
  readonly securitySchemes?: Readonly<Record<string, Readonly<Record<string, unknown>>>>
  /**
   * The `type` of problem details of this status, relative to the base path (a page of your API,
   * say `/docs/problems/not-found`) or absolute. Default (or `undefined`): `about:blank`.
   */
  problemType?(status: number): string | undefined
  /** The `detail` of a 404. Default: "There is no resource at {path}." */
  notFound?(request: HalRequest, where: NotFoundWhere): string
  /**
   * Which URLs the API claims in a shell that shares the origin (MSW, Playwright). Default: those
   * under the base path; claim more to answer 404s of your own around it.
   */
  covers?(url: URL, underBase: boolean): boolean
}

/**
 * One collection, with its records' type inferred from `schema` for the callbacks: an identity
 * function, for types only.
 *
 * @example
 * const customers = defineCollection({
 *   schema: z.object({ name: z.string() }),
 *   represent: (customer) => ({ name: customer.name.toUpperCase() }),
 * })
 */
export function defineCollection<S extends StandardSchema>(
  definition: CollectionDefinition<S>,
): CollectionDefinition<S> {
  return definition
}

/** Whether a link is a relation to another collection. */
export const isRelation = <R>(link: RelationLink<R> | PlainLink<R>): link is RelationLink<R> =>
  'to' in link
