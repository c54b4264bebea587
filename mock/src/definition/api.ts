import type { Answer } from '../http/answer.js'
import type { Preferences } from '../http/prefer.js'
import type { ProblemDetails } from '../http/problem.js'
import type { HalRequest } from '../serve/request.js'
import type { CollectionDefinition, HalRecord, PagingConvention } from './definition.js'

/** A named link template of the API's rels (HAL CURIE), e.g. `{ name: 'shop', href: '/docs/{rel}' }`. */
export interface Curie {
  readonly name: string
  /**
   * Relative to the API's base (`../rels/{rel}` for one beside it: RFC 3986 dot-segments), or
   * absolute; has a `{rel}` variable.
   */
  readonly href: string
  /**
   * Write `href` in documents exactly as given (an origin-relative `/docs/rels/{rel}`, as some APIs
   * write it) instead of resolved against the base into an absolute URL. Default false.
   */
  readonly asIs?: boolean
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
  /**
   * Which documents carry `curies`: at the top of every document (`documents`, the default; HAL
   * §8.2), on the root only (`root`), or on every resource, embedded ones too (`everywhere`).
   */
  readonly curiesIn?: 'documents' | 'root' | 'everywhere'
  /**
   * How a lone CURIE is written: in an array of one (`array`, the default; HAL §8.2), or as the
   * link object itself (`object`, as js-hal writes `"curies": { "name": "lib", … }`). Two or more
   * are always an array.
   *
   * @example
   * defineHalApi({ basePath: '/api', collections: {}, curies: [lib], singleCurie: 'object' })
   */
  readonly singleCurie?: 'array' | 'object'
  /**
   * How the documents write their hrefs: absolute URLs on the origin asked (`absolute`, the
   * default), or origin-relative paths (`origin-relative`: `/api/orders/1`, as APIs built on halson
   * often write them), which a client resolves against the document's URL (RFC 3986 §5). Headers
   * (`Location`) stay absolute.
   *
   * @example
   * defineHalApi({ basePath: '/shop', collections: { orders }, hrefs: 'origin-relative' })
   */
  readonly hrefs?: 'absolute' | 'origin-relative'
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
   * Bearer`, as the default `authenticate` reads them. Without an `authenticate` of its own, the
   * default one reads the token where these say (an `apiKey` header or cookie, `http` bearer).
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
  /**
   * How the API writes its errors, when not as the toolkit does (RFC 9457 problem details, 422 for
   * a body refused): the status of a refused body and each error's body and media type. `verify`
   * holds a server to the same format. Default: problem details, 422.
   */
  readonly errors?: HalErrorFormat
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
 * An API's own error format (see {@link HalApiDefinition.errors}): every error the mock answers
 * (a 404, a 401, a refused body…) is first made as problem details, then written in it.
 *
 * @example
 * // A server answering 400 `{ "error": "Bad Request", "message": "title is required." }`.
 * const errors: HalErrorFormat = {
 *   invalid: 400,
 *   mediaType: 'application/json',
 *   body: (problem) => ({ error: problem.title, message: problem.detail }),
 * }
 */
export interface HalErrorFormat {
  /**
   * The status of a body the API refuses: every 422 the mock makes (the schema's refusal, a link
   * to no record, a patch that cannot apply) is answered with it. Unset: 422, and `verify` takes
   * 400 or 422 from the server (a recording that never saw a refusal leaves it unset).
   */
  readonly invalid?: 400 | 422
  /** The `Content-Type` of an error's body. Default `application/problem+json`. */
  readonly mediaType?: string
  /**
   * The body of an error from the problem details the mock made (`status` already `invalid`,
   * `errors` on a refused body, one per invalid member by JSON Pointer); `undefined` for no body.
   * Default: the problem details. A hook that throws is logged and the problem details sent.
   */
  body?(problem: ProblemDetails): unknown
}

/**
 * The behaviours `verify` holds a server to beyond its documents, each `true` unless set `false`.
 *
 * @example
 * const promises: HalPromises = { validators: false, notAcceptable: false, skip: ['vary'] }
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
  /** Reads carry `Cache-Control` and `Vary: Accept`; without this, their absence is a warning. */
  readonly caching?: boolean
  /**
   * Rules of `verify` not checked, by name (`'page.size.bounds'`), for a known difference of the
   * server: each is listed as skipped in every report.
   */
  readonly skip?: readonly string[]
}
