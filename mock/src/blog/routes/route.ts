import type { Endpoint } from '../../core/dispatch.js'
import type { HalRequest } from '../../core/request.js'
import type { RouteEntry } from '../../core/router.js'
import { type Answer, utf8Length } from '../../http/answer.js'
import type { Preferences } from '../../http/prefer.js'
import { Problem, problemBody } from '../../http/problem.js'
import { ByteLru, stringBytes } from '../../memory/byte-lru.js'
import { authenticate, type TokenGrant } from '../auth.js'
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
  readonly handle: (context: RouteContext) => Answer | Promise<Answer>
}

/** Identity, for inference and to mark a route definition. */
export const defineRoute = (route: Route): Route => route

/** Whether a route asks for a token under these options. */
export const needsToken = (route: Route, options: ResolvedOptions): boolean =>
  route.access === 'write' || (route.access === 'read' && options.protectReads)

/**
 * The Blog API's routes as the core's endpoints: each checks the token its access needs (with the
 * cookie, as the Blog API reads it), waits for the seed, and runs with the Blog's context. The
 * core's one pipeline does the rest (router, Prefer, negotiation, problems).
 */
export function blogEndpoints(routes: readonly Route[], runtime: Runtime): RouteEntry<Endpoint>[] {
  return routes.map((route) => ({
    method: route.method,
    path: route.path,
    value: {
      produces: route.produces,
      ...(route.acceptPatch === undefined ? {} : { acceptPatch: route.acceptPatch }),
      async run({ request, params, prefer }) {
        const grant = needsToken(route, runtime.options)
          ? authenticate(request.headers, request.cookies, runtime.options.tokens)
          : undefined
        const store = runtime.store()
        await store.ready
        const urls = urlsFor(request.origin)
        return route.handle({
          request,
          // Parsed only if the route reads it (a plain GET does not).
          get url() {
            return request.url
          },
          params,
          urls,
          store,
          prefer,
          grant,
        })
      },
    },
  }))
}

/**
 * Problem details of the Blog API for a thrown {@link Problem} (anything else is a 500 that leaks
 * nothing): its `type` is the page under `…/docs/problems/` on the request's origin.
 *
 * @example
 * blogProblem(new Problem(404, 'No blog with id 7.'), 'http://127.0.0.1:4010', '/api/v1.2/blogs/7')
 */
export function blogProblem(error: unknown, origin: string, instance: string): Answer {
  const problem =
    error instanceof Problem ? error : new Problem(500, 'The mock failed to answer this request.')
  if (!(error instanceof Problem)) console.error('[halyard-mock] unexpected error:', error)
  const body = JSON.stringify(
    problemBody(
      problem.status,
      problem.detail,
      urlsFor(origin).base,
      instance,
      problem.extra.errors,
    ),
  )
  return {
    status: problem.status,
    // The length too, as MSW's `HttpResponse.json` sets it.
    headers: {
      'content-type': 'application/problem+json',
      ...problem.extra.headers,
      'content-length': String(utf8Length(body)),
    },
    body,
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
