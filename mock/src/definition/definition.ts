import type { Answer } from '../http/answer.js'
import type { Preferences } from '../http/prefer.js'
import type { HalRequest } from '../serve/request.js'
import type { InferInput, InferOutput, StandardSchema } from './standard-schema.js'

/** A record as the core stores it: the schema's fields and the `id` the core assigns. */
export type HalRecord<S extends StandardSchema = StandardSchema> = {
  readonly id: number
} & InferOutput<S>

/** A seed value: the schema's input, with an `id` of its own when links must point at it. */
export type SeedValue<S extends StandardSchema> = InferInput<S> & { readonly id?: number }

/** A record another record links to, as a computed link attribute reads it. */
export type LinkedRecord = { readonly id: number } & Readonly<Record<string, unknown>>

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
  /**
   * The path segment of that list under the linked record, when not `reverse` itself: a recorded
   * API's `td:tasks` at `/projects/{id}/tasks` has `reversePath: 'tasks'`.
   */
  readonly reversePath?: string
  /**
   * The link's `title`: a string, or computed from the linked record (say `(blog) => blog.title`;
   * a value that is no string is written as one, none when `undefined` or `null`), which a change
   * of that record shows at once (its version keys the memoised representations).
   */
  readonly title?: string | ((linked: LinkedRecord) => unknown)
  /**
   * What a DELETE of a linked record (or of the record it is nested under) does to this record,
   * as SQL's `ON DELETE`: `refuse`, a 409 naming this record; `cascade`, this record is deleted
   * too (with what is nested under it, by the same rules); `unlink`, this record is kept without
   * the link (its member left out, or the id taken out of its array), which its schema must
   * allow, else a 409. Default `refuse`.
   */
  readonly onDelete?: 'refuse' | 'cascade' | 'unlink'
}

/** Any other link: a URI or URI template relative to the API's base (or absolute). */
export interface PlainLink<R> {
  /** The link's target for a record, relative to `basePath` or absolute. */
  href(record: R): string
  /** Whether `href` is an RFC 6570 template. */
  readonly templated?: boolean
  readonly title?: string
}

/**
 * Where a nested collection lives: under one record of `collection`, named by the record's
 * `member`. Its list is `{parent item}/{path}`, its items `{parent item}/{path}/{param}`.
 *
 * @example
 * // Books at /authors/{authorId}/books/{bookId}; an author links them as `books`.
 * // A book links its author as `up`; an author's HAL-FORMS template `createBooks` adds a book.
 * const books = defineCollection({
 *   schema: z.object({ authorId: z.number(), title: z.string() }),
 *   parent: { collection: 'authors', member: 'authorId', rel: 'books' },
 *   param: 'bookId',
 * })
 */
export interface ParentDefinition {
  /** The parent collection. */
  readonly collection: string
  /**
   * The member of a record that holds its parent's id, which its URL gives: set by the server,
   * never a form field nor required in a body; a body (or a patch) that names another parent is
   * a 422 pointing at it.
   */
  readonly member: string
  /** The rel of the parent's link to the nested list. Default: the nested collection's name. */
  readonly rel?: string
  /**
   * The rel of a nested record's link to its parent. Default `up` (the IANA link relation for a
   * parent in a hierarchy), unless one of the collection's own relation links leads to the parent
   * collection (the Blog's `doc:blog`): then that link is the way up. `false` for none.
   */
  readonly link?: string | false
}

/**
 * One page of a collection as a {@link PagingConvention.render} hook receives it.
 *
 * @example
 * const render = (page: PageView) => ({ total: page.total, _links: page.links, items: page.items })
 */
export interface PageView {
  /** The collection's name. */
  readonly collection: string
  /** The collection's rel (its `rel`, else its name): the default document's `_embedded` key. */
  readonly rel: string
  /**
   * The items' representations, each as a GET of the item answers it (`_links` with `curies`);
   * the default document drops each item's `curies`, which the page carries once.
   */
  readonly items: readonly Record<string, unknown>[]
  /** The page's index, as the convention counts (from 0 or from 1). */
  readonly index: number
  readonly size: number
  readonly total: number
  readonly totalPages: number
  /**
   * The standard (IANA) navigation links, absolute: `self`, `first` and `last` always, `prev` and
   * `next` when there is such a page (`prev` of a page past the end is the last page).
   */
  readonly links: PageLinks
  /** The API's CURIE links, to put in `_links.curies` (none when the API has no curies). */
  readonly curies: readonly PageLink[]
  /** The parent record, for a page of a nested collection. */
  readonly parent?: HalRecord
  /** The link to any page of this list, in the convention's parameters: `page(index - 1)`. */
  page(index: number): PageLink
}

/** A link of a page document. */
export interface PageLink {
  readonly href: string
  readonly name?: string
  readonly templated?: true
}

/** The IANA navigation links of a page. */
export interface PageLinks {
  readonly self: PageLink
  readonly first: PageLink
  readonly prev?: PageLink
  readonly next?: PageLink
  readonly last: PageLink
}

/**
 * How an API's collections page: the query parameters, the first index, the sizes, what a page
 * past the end answers and the page document.
 *
 * @example
 * const paging: PagingConvention = {
 *   page: 'pageIndex',
 *   size: 'pageSize',
 *   firstIndex: 1,
 *   render: (page) => ({ pageIndex: page.index, _links: page.links, _embedded: page.items }),
 * }
 */
export interface PagingConvention {
  /** The query parameter of the page's index. Default `page`. */
  readonly page?: string
  /** The query parameter of the page's size. Default `size`. */
  readonly size?: string
  /** The index of the first page. Default 0. */
  readonly firstIndex?: 0 | 1
  /** The size of a page the request names none for. Default 20. */
  readonly defaultSize?: number
  /** The largest size a request may name (a larger one is a 400). Default 100. */
  readonly maxSize?: number
  /** A page past the last: a 200 with no items, or a 404. Default `empty`. */
  readonly pastEnd?: 'empty' | 'not-found'
  /**
   * The page document. Default: `_links` (the navigation links and curies), `_embedded` by the
   * collection's rel, and Spring Data REST's `page` (`size`, `totalElements`, `totalPages`,
   * `number`).
   */
  render?(page: PageView): Record<string, unknown>
}

/**
 * What an {@link CollectionDefinition.authorize} hook decides about.
 *
 * @example
 * const authorize = ({ grant, record, parent }: AuthorizeCheck<Book>) =>
 *   grant === 'root' || (record?.authorId ?? parent?.id) === 1 || 403
 */
export interface AuthorizeCheck<R = HalRecord> {
  /** `read` is a GET of the record, whose `grant` is `undefined` unless the API protects reads. */
  readonly action: 'read' | 'create' | 'replace' | 'update' | 'delete'
  /** What `authenticate` returned for the request. */
  readonly grant: unknown
  /**
   * The record read or written (read, replace, update, delete); a write is asked again of the
   * record as it would be stored (create too), and a page of each record it would list (read).
   */
  readonly record?: R
  /** The parent record, for a create in a nested collection. */
  readonly parent?: HalRecord
}

/**
 * The titles and names of a collection's HAL-FORMS templates.
 *
 * @example
 * const templates: TemplateNames = { create: 'createArticle', createTitle: 'Write an article' }
 */
export interface TemplateNames {
  /**
   * The key of the create template: on pages (default `default`) and, for a nested collection, on
   * its parent's items (default `create` and the collection's name, `createBooks`, beside the
   * parent's own `default`, `patch` and `delete`).
   */
  readonly create?: string
  readonly createTitle?: string
  readonly replaceTitle?: string
  readonly updateTitle?: string
  readonly deleteTitle?: string
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
  /** This collection's paging convention, over the API's {@link HalApiDefinition.paging}. */
  readonly paging?: PagingConvention
  /**
   * A nested collection: its records live under a record of another collection
   * (`/blogs/{blogId}/articles/{articleId}`); one under another parent is a 404.
   */
  readonly parent?: ParentDefinition
  /** The collection's URL segment. Default: its name. */
  readonly path?: string
  /** The path variable of an item (`{articleId}`), unique along a nested URL. Default `id`. */
  readonly param?: string
  /** Whether the collection's list (`GET /{path}`) is served. Default true. */
  readonly list?: boolean
  /** No POST, PUT, PATCH or DELETE: 405 with `Allow: GET, HEAD, OPTIONS`. Default false. */
  readonly readOnly?: boolean
  /**
   * What clients send to POST, PUT and PATCH when it is not the whole record (fields the server
   * sets, such as a time): validated by this schema, then made a record by `prepare`. Default: `schema`.
   */
  readonly input?: StandardSchema
  /**
   * Turns a valid `input` into the record's fields (without `id`; a nested record's parent member
   * is set after): for a create `current` is absent. Default: the input as it is.
   */
  prepare?(
    input: Record<string, unknown>,
    write: { readonly current?: HalRecord<S> },
  ): Record<string, unknown>
  /**
   * Per-record authorization of reads of an item and of writes, after the token check: `true`
   * allows; `false` or 403 answers 403, 401 answers 401; a thrown `Problem` is answered as it is.
   * A write is asked of the record before and after the change; a page lists only the records it
   * allows to `read` (and counts only those).
   */
  authorize?(check: AuthorizeCheck<HalRecord<S>>): boolean | 401 | 403
  /**
   * Every record may be read by whoever may read the collection: `authorize` guards writes only,
   * and pages list every record without asking it of each (so they stay memoised and never scan
   * the collection). Default false.
   *
   * @example
   * defineCollection({ schema, authorize: ownerWrites, publicReads: true })
   */
  readonly publicReads?: boolean
  /**
   * The body of a DELETE under `Prefer: return=representation`, from the record and its
   * representation as it was; `undefined` for a 204. Default: that representation.
   */
  deleted?(
    record: HalRecord<S>,
    representation: Record<string, unknown>,
  ): Record<string, unknown> | undefined
  /** The titles and keys of the collection's HAL-FORMS templates. */
  readonly templates?: TemplateNames
  /**
   * Whether POST, PUT and PATCH take `application/x-www-form-urlencoded` fields too (with the
   * token in a header). Default true; `false` for JSON only (415 for anything else).
   */
  readonly urlencoded?: boolean
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
   * them; their `openapi` may name its schemas (`NoteResource`). Default true.
   */
  readonly serve?: boolean
}

/** A named link template of the API's rels (HAL CURIE), e.g. `{ name: 'shop', href: '/docs/{rel}' }`. */
export interface Curie {
  readonly name: string
  /**
   * Relative to the API's base (`../rels/{rel}` for one beside it: RFC 3986 dot-segments), or
   * absolute; has a `{rel}` variable.
   */
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
 * How an API's store loads its data (see {@link HalApiDefinition.storage}), at start and at
 * every `reset()`.
 *
 * @example
 * // Load data of your own beside the collections' seed, and trust a seed made by code.
 * const storage: HalStorage = {
 *   start: (load) => Promise.all([load(), persons.load()]).then(() => undefined),
 *   prepareSeed: (_, value) => value as HalRecord,
 *   generateSeed: (name) =>
 *     name === 'events' ? { count: 100_000, record: (id) => ({ id, name: `Event ${id}` }) } : undefined,
 * }
 */
export interface HalStorage {
  /**
   * Decides how the store starts: call `load` to load the seed, or not. Default: load the seed.
   */
  start?(load: () => Promise<void>): Promise<void>
  /**
   * The record to store for a seed value known to be valid, its links included (a seed made by
   * code, or checked already), skipping the checks that cost seconds at 1 000 000 records;
   * `undefined` to check it as usual.
   */
  prepareSeed?(collection: string, value: unknown): HalRecord | undefined
  /**
   * A collection's seed made by code record by record, trusted as `prepareSeed` trusts it, in
   * place of its `seed`: the store indexes ids 1 to `count` at load and makes each record again,
   * to keep, when it is first read (a million records kept from the start cost seconds of
   * garbage collection). `undefined` to load the collection's `seed` as usual.
   */
  generateSeed?(collection: string): GeneratedSeed | undefined
}

/**
 * A seed of `count` records with ids 1 to `count`, made on demand (see
 * {@link HalStorage.generateSeed}). `record(id)` must give equal records at every call, with its
 * links valid: the store may make one several times, and checks none.
 *
 * @example
 * const articles: GeneratedSeed = {
 *   count: 1_000_000,
 *   record: (id) => ({ id, title: `Article ${id}` }),
 * }
 * const storage: HalStorage = { generateSeed: (name) => (name === 'articles' ? articles : undefined) }
 */
export interface GeneratedSeed {
  /** How many records: ids 1 to `count`. */
  readonly count: number
  /**
   * The record with this id, as stored and served: `id` first, as the store writes records, and
   * the same at every call.
   */
  record(id: number): HalRecord
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
   * With an `authenticate` of its own, the tokens it accepts: the first is the one the CLI and
   * the explorer suggest.
   */
  readonly tokens?: readonly string[]
  /** Require a known token on reads too. Default false. */
  readonly protectReads?: boolean
  readonly curies?: readonly Curie[]
  readonly routes?: readonly HalRoute[]
  /** The paging convention of every collection (a collection's own `paging` overrides it). */
  readonly paging?: PagingConvention
  /**
   * The root's links beside the collections' (hrefs relative to the base path, or absolute), and
   * whether it links the OpenAPI document as `service-desc` (default true).
   */
  readonly root?: {
    readonly links?: Readonly<
      Record<
        string,
        { readonly href: string; readonly templated?: boolean; readonly title?: string }
      >
    >
    readonly serviceDesc?: boolean
  }
  /** How the store starts and what it keeps besides the records (persistence). */
  readonly storage?: HalStorage
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
   * More request headers that carry credentials, beyond those the request log already redacts
   * (`Authorization`, `Cookie`, `X-Access-Token`, a header `apiKey` of `securitySchemes`, names
   * with `token`, `key`, `secret`…, and any header `authenticate` has read): the log shows them as
   * `[redacted]`, and answers that depend on the caller vary on them.
   */
  readonly secretHeaders?: readonly string[]
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
  /**
   * What a real server answering this definition is held to by `verify` beyond its documents: all
   * of it unless set `false` here. The mock serves all of it whatever this says; a recording sets
   * `false` what the recorded API showed no sign of (docs/guide/recording.md).
   */
  readonly promises?: HalPromises
}

/**
 * The behaviours `verify` holds a server to beyond its documents, each `true` unless set `false`.
 *
 * @example
 * const promises: HalPromises = { validators: false, notAcceptable: false }
 */
export interface HalPromises {
  /** Reads carry `ETag` and `Last-Modified`, and answer 304 to `If-None-Match`/`If-Modified-Since`. */
  readonly validators?: boolean
  /** An `Accept` no representation matches gets 406. */
  readonly notAcceptable?: boolean
  /** HAL-FORMS templates offer the writes allowed. */
  readonly forms?: boolean
  /** `OPTIONS` answers `Allow`, and a method not allowed gets 405 with `Allow`. */
  readonly allow?: boolean
  /** A write without a token gets 401, with a wrong one 401 or 403. */
  readonly auth?: boolean
  /** A stale `If-Match` gets 412. */
  readonly preconditions?: boolean
  /** A body the schema refuses gets a 4xx problem. */
  readonly problems?: boolean
  /**
   * Writable collections take every write the definition allows; without this, a write answered
   * 404, 405, 415 or 501 is a method the server does not offer (a warning), not a broken one.
   */
  readonly writes?: boolean
  /** Hrefs are absolute URLs (a relative one resolves against the document it is in otherwise). */
  readonly absoluteLinks?: boolean
}

type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T

/**
 * A collection as `defineCollection` and `defineHalApi` take it: its seed may be written as
 * constants (read-only arrays), since they keep the definition's literal types.
 */
export type WrittenCollection<S extends StandardSchema> = Omit<CollectionDefinition<S>, 'seed'> & {
  readonly seed?: readonly DeepReadonly<SeedValue<S>>[] | (() => readonly SeedValue<S>[])
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
export function defineCollection<S extends StandardSchema, const D>(
  // `D`: the collection as written (its links' targets, its embeds…), for `ClientTypes`.
  definition: D & WrittenCollection<S>,
): NoInfer<Omit<D, 'seed'> & Pick<CollectionDefinition<S>, 'seed'>>
/**
 * {@link defineCollection} for a seed the first form cannot take as its own type (one of
 * `...list.map(…)` beside records written out): the seed is not read into `D`.
 *
 * @example
 * const books = defineCollection({
 *   schema: z.object({ title: z.string() }),
 *   seed: [...titles.map((title) => ({ title })), { title: 'Notes' }],
 * })
 */
export function defineCollection<S extends StandardSchema, const D>(
  definition: { [K in keyof D]: K extends 'seed' ? unknown : D[K] } & WrittenCollection<S>,
): NoInfer<Omit<D, 'seed'> & Pick<CollectionDefinition<S>, 'seed'>>
export function defineCollection<S extends StandardSchema, const D>(
  definition: D & WrittenCollection<S>,
): NoInfer<Omit<D, 'seed'> & Pick<CollectionDefinition<S>, 'seed'>> {
  // A seed written as constants is read, never changed.
  return definition as Omit<D, 'seed'> & Pick<CollectionDefinition<S>, 'seed'>
}

/**
 * The rel of a nested record's link to its parent (see {@link ParentDefinition.link}), or `false`.
 *
 * @example
 * parentLinkRel({ schema, parent: { collection: 'authors', member: 'authorId' } }) // 'up'
 */
export function parentLinkRel(collection: CollectionDefinition): string | false {
  const { parent } = collection
  if (!parent) return false
  if (parent.link !== undefined) return parent.link
  const own = Object.values(collection.links ?? {}).some(
    (link) => isRelation(link) && link.to === parent.collection,
  )
  return own ? false : 'up'
}

/** Whether a link is a relation to another collection. */
export const isRelation = <R>(link: RelationLink<R> | PlainLink<R>): link is RelationLink<R> =>
  'to' in link
