import type { HalRoute, HalRouteContext, HalRouteOperation } from '../../core/definition.js'
import type { HalRequest } from '../../core/request.js'
import type { Answer } from '../../http/answer.js'
import type { Preferences } from '../../http/prefer.js'
import { ByteLru, stringBytes } from '../../memory/byte-lru.js'
import type { TokenGrant } from '../auth.js'
import { type API_PATH, ApiUrls } from '../links.js'
import type { ResolvedOptions } from '../options.js'
import type { BlogStore } from '../store.js'

/** What a route needs from the instance it belongs to; `store()` changes on reset. */
export interface Runtime {
  readonly store: () => BlogStore
  readonly options: ResolvedOptions
}

/** Everything a route's `handle` sees of one request. */
export interface RouteContext {
  readonly request: HalRequest
  readonly url: URL
  readonly params: Readonly<Record<string, string>>
  readonly urls: ApiUrls
  readonly store: BlogStore
  readonly prefer: Preferences
  /** The token's grant on `write` routes (already authenticated). */
  readonly grant: TokenGrant | undefined
}

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * One route of the API as a plain value: what it answers and how. `access` decides the token
 * check: `write` always needs one, `read` only with protected reads, `public` never.
 */
export interface Route {
  readonly method: RouteMethod
  /** Path under {@link API_PATH}, as the core's router takes it: `/blogs/{blogId}`. */
  readonly path: string
  /** Media types it can answer with; empty when the route negotiates by itself (GraphQL). */
  readonly produces: readonly string[]
  readonly access: 'read' | 'write' | 'public'
  /** A PATCH route's `Accept-Patch` (RFC 5789 §3.1), which `OPTIONS` on its path answers too. */
  readonly acceptPatch?: string
  /** What the OpenAPI document says of it beyond the defaults (a request body's schema). */
  readonly openapi?: HalRouteOperation
  readonly handle: (context: RouteContext) => Answer | Promise<Answer>
}

/** Identity, for inference and to mark a route definition. */
export const defineRoute = (route: Route): Route => route

/**
 * A route of the Blog as a route of its definition: it waits for the seed and runs with the
 * Blog's context (its URL builder on the request's origin, its store, the token's grant). The
 * core's one pipeline does the rest (router, token check, Prefer, negotiation, problems).
 *
 * @example
 * const routes = blogApiRoutes(runtime).map((route) => blogRoute(route, runtime))
 */
export function blogRoute(route: Route, runtime: Runtime): HalRoute {
  return {
    method: route.method,
    path: route.path,
    access: route.access,
    produces: route.produces,
    ...(route.acceptPatch === undefined ? {} : { acceptPatch: route.acceptPatch }),
    ...(route.openapi === undefined ? {} : { openapi: route.openapi }),
    // The core waits for the store's `ready` before any route runs.
    handle: (context) => route.handle(new BlogCall(context, runtime.store())),
  }
}

/** A request as a route of the Blog sees it (a class: its lazy `url` is a prototype getter). */
class BlogCall implements RouteContext {
  readonly request: HalRequest
  readonly params: Readonly<Record<string, string>>
  readonly urls: ApiUrls
  readonly prefer: Preferences
  readonly grant: TokenGrant | undefined
  readonly #context: HalRouteContext

  constructor(
    context: HalRouteContext,
    readonly store: BlogStore,
  ) {
    this.#context = context
    this.request = context.http
    this.params = context.params
    this.urls = urlsFor(context.http.origin)
    this.prefer = context.prefer
    this.grant = context.grant as TokenGrant | undefined
  }

  /** Parsed only if the route reads it (a plain GET does not). */
  get url(): URL {
    return this.#context.url
  }
}

/** Links for one origin; requests come from very few, so each gets its builder once. */
const urlsByOrigin = new ByteLru<string, ApiUrls>(
  'urls',
  // The builder keeps two strings made from the origin, and its methods.
  (_, origin) => 4 * stringBytes(origin) + 1024,
)

/**
 * The URL builder for an origin, reused across requests.
 *
 * @example
 * urlsFor('http://127.0.0.1:4010').article(1, 2)
 */
export function urlsFor(origin: string): ApiUrls {
  let urls = urlsByOrigin.get(origin)
  if (!urls) {
    urls = new ApiUrls(origin)
    urlsByOrigin.set(origin, urls)
  }
  return urls
}
