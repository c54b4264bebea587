import type { HttpHandler } from 'msw'
import type { BlogStore } from '../data/store.js'
import { API_PATH, ApiUrls } from '../hal/links.js'
import { type Answer, toResponse, utf8Length } from '../http/answer.js'
import { authenticate, type TokenGrant } from '../http/auth.js'
import type { BodyRequest } from '../http/body.js'
import type { HeaderReader } from '../http/headers.js'
import { accepts } from '../http/negotiation.js'
import { type Preferences, parsePrefer } from '../http/prefer.js'
import { Problem, problemBody } from '../http/problem.js'
import type { ConditionalRequest } from '../http/respond.js'
import { ByteLru, stringBytes } from '../memory/byte-lru.js'
import type { ResolvedOptions } from '../options.js'
import { RouteHandler } from './route-handler.js'

/** What a route needs from the instance it belongs to; `store()` changes on reset. */
export interface Runtime {
  readonly store: () => BlogStore
  readonly options: ResolvedOptions
}

/**
 * What a route reads of one request, whichever shell received it: an MSW handler (a fetch
 * `Request`) or the real server (a `node:http` request, read lazily).
 */
export interface RouteRequest extends ConditionalRequest, BodyRequest {
  readonly method: string
  /** The origin the request was addressed to; the answer's links are built on it. */
  readonly origin: string
  readonly url: URL
  readonly headers: HeaderReader
  /** The request's cookies, as MSW parses them. */
  readonly cookies: Readonly<Record<string, string>>
  readonly body: ReadableStream<Uint8Array> | null
  /** The request as a fetch `Request`, for code that needs one (graphql-http). */
  toFetch(): Request
}

/** Everything a route's `handle` sees of one request. */
export interface RouteContext {
  readonly request: RouteRequest
  readonly url: URL
  readonly params: Readonly<Record<string, string | readonly string[] | undefined>>
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
  /** Path under {@link API_PATH}, in MSW's syntax: `/blogs/:blogId`. */
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

/** The MSW path of a route for an instance (`*` origin matches any host). */
export const routePath = (origin: string, path: string): string => `${origin}${API_PATH}${path}`

/** Whether a route asks for a token under these options. */
export const needsToken = (route: Route, options: ResolvedOptions): boolean =>
  route.access === 'write' || (route.access === 'read' && options.protectReads)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Runs one request through the protocol guards of ARCHITECTURE.md (Prefer controls, negotiation,
 * auth) and the route, turning any {@link Problem} into problem details. Never rejects.
 */
export async function runRoute(
  route: Route,
  runtime: Runtime,
  request: RouteRequest,
  params: RouteContext['params'],
): Promise<Answer> {
  const urls = urlsFor(request.origin)
  let answer: Answer
  try {
    const prefer = parsePrefer(request.headers)
    const wait = prefer.delay ?? runtime.options.delay
    if (wait > 0) await sleep(wait)
    if (prefer.status !== undefined) {
      throw new Problem(prefer.status, `Answered ${prefer.status} as asked by Prefer: status.`)
    }
    if (route.produces.length > 0 && !accepts(request.headers, route.produces)) {
      throw new Problem(406, `This resource is available as ${route.produces.join(' or ')} only.`)
    }
    const { tokens } = runtime.options
    const grant = needsToken(route, runtime.options)
      ? authenticate(request.headers, request.cookies, tokens)
      : undefined
    const store = runtime.store()
    await store.ready
    answer = await route.handle({
      request,
      get url() {
        return request.url
      },
      params,
      urls,
      store,
      prefer,
      grant,
    })
  } catch (error) {
    answer = problemAnswer(error, urls, request.url.pathname)
  }
  return finish(request, answer)
}

/** Problem details for a thrown {@link Problem}; anything else is a 500 that leaks nothing. */
export function problemAnswer(error: unknown, urls: ApiUrls, instance: string): Answer {
  const problem =
    error instanceof Problem ? error : new Problem(500, 'The mock failed to answer this request.')
  if (!(error instanceof Problem)) console.error('[halyard-mock] unexpected error:', error)
  const body = JSON.stringify(
    problemBody(problem.status, problem.detail, urls.base, instance, problem.extra.errors),
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

/**
 * {@link problemAnswer} as a fetch `Response`.
 *
 * @example
 * problemResponse(new Problem(404, 'No blog with id 7.'), urls, '/api/v1.2/blogs/7').status // 404
 */
export function problemResponse(error: unknown, urls: ApiUrls, instance: string): Response {
  return toResponse(problemAnswer(error, urls, instance))
}

/** Adds `Vary: Accept` and drops the body of a HEAD answer. */
function finish(request: RouteRequest, answer: Answer): Answer {
  answer.headers.vary = 'Accept'
  if (request.method !== 'HEAD' || answer.body === null) return answer
  return { status: answer.status, headers: answer.headers, body: null }
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

/** A fetch `Request` seen through {@link RouteRequest}, with the cookies MSW parsed for it. */
export function fetchRouteRequest(
  request: Request,
  cookies: Readonly<Record<string, string>>,
): RouteRequest {
  const url = new URL(request.url)
  return {
    method: request.method,
    origin: url.origin,
    url,
    headers: request.headers,
    cookies,
    get body() {
      return request.body
    },
    toFetch: () => request,
  }
}

/**
 * MSW handlers for routes: one per route, plus a HEAD handler for each GET route, so a user can
 * override any single one with `server.use()`. Each rules out other routes' requests cheaply (see
 * {@link RouteHandler}).
 *
 * @example
 * const handlers = toHandlers([getBlog], runtime)
 */
export function toHandlers(routes: readonly Route[], runtime: Runtime): HttpHandler[] {
  return routes.flatMap((route) => {
    const path = routePath(runtime.options.origin, route.path)
    const resolver = async ({
      request,
      params,
      cookies,
    }: {
      request: Request
      params: RouteContext['params']
      cookies: Record<string, string>
    }) => toResponse(await runRoute(route, runtime, fetchRouteRequest(request, cookies), params))
    const handler = new RouteHandler(route.method, path, route.path, resolver)
    return route.method === 'GET'
      ? [handler, new RouteHandler('HEAD', path, route.path, resolver)]
      : [handler]
  })
}
