import { type HttpHandler, HttpResponse, http } from 'msw'
import type { BlogStore } from '../data/store.js'
import { API_PATH, ApiUrls } from '../hal/links.js'
import { authenticate, type TokenGrant } from '../http/auth.js'
import { accepts } from '../http/negotiation.js'
import { type Preferences, parsePrefer } from '../http/prefer.js'
import { Problem, problemBody } from '../http/problem.js'
import type { ResolvedOptions } from '../options.js'

/** What a route needs from the instance it belongs to; `store()` changes on reset. */
export interface Runtime {
  readonly store: () => BlogStore
  readonly options: ResolvedOptions
}

/** Everything a route's `handle` sees of one request. */
export interface RouteContext {
  readonly request: Request
  readonly url: URL
  readonly params: Readonly<Record<string, string | readonly string[] | undefined>>
  readonly urls: ApiUrls
  readonly store: BlogStore
  readonly prefer: Preferences
  /** The token's grant on `write` routes (already authenticated). */
  readonly grant: TokenGrant | undefined
}

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

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
  readonly handle: (context: RouteContext) => Response | Promise<Response>
}

/** Identity, for inference and to mark a route definition. */
export const defineRoute = (route: Route): Route => route

/** The MSW path of a route for an instance (`*` origin matches any host). */
export const routePath = (origin: string, path: string): string => `${origin}${API_PATH}${path}`

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Runs one request through the protocol guards of ARCHITECTURE.md (Prefer controls, negotiation,
 * auth) and the route, turning any {@link Problem} into problem details. Never rejects.
 */
export async function runRoute(
  route: Route,
  runtime: Runtime,
  request: Request,
  params: RouteContext['params'],
  cookies: Record<string, string>,
): Promise<Response> {
  const url = new URL(request.url)
  const urls = new ApiUrls(url.origin)
  let response: Response
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
    const { tokens, protectReads } = runtime.options
    const needsToken = route.access === 'write' || (route.access === 'read' && protectReads)
    const grant = needsToken ? authenticate(request.headers, cookies, tokens) : undefined
    const store = runtime.store()
    await store.ready
    response = await route.handle({ request, url, params, urls, store, prefer, grant })
  } catch (error) {
    response = problemResponse(error, urls, url.pathname)
  }
  return finish(request, response)
}

/** Problem details for a thrown {@link Problem}; anything else is a 500 that leaks nothing. */
export function problemResponse(error: unknown, urls: ApiUrls, instance: string): Response {
  const problem =
    error instanceof Problem ? error : new Problem(500, 'The mock failed to answer this request.')
  if (!(error instanceof Problem)) console.error('[halyard-mock] unexpected error:', error)
  const body = problemBody(
    problem.status,
    problem.detail,
    urls.base,
    instance,
    problem.extra.errors,
  )
  return HttpResponse.json(body, {
    status: problem.status,
    headers: { 'content-type': 'application/problem+json', ...problem.extra.headers },
  })
}

/** Adds `Vary: Accept` and drops the body of a HEAD answer. */
function finish(request: Request, response: Response): Response {
  response.headers.set('vary', 'Accept')
  if (request.method !== 'HEAD' || response.body === null) return response
  return new Response(null, { status: response.status, headers: response.headers })
}

/**
 * MSW handlers for routes: one per route, plus a HEAD handler for each GET route, so a user can
 * override any single one with `server.use()`.
 *
 * @example
 * const handlers = toHandlers([getBlog], runtime)
 */
export function toHandlers(routes: readonly Route[], runtime: Runtime): HttpHandler[] {
  return routes.flatMap((route) => {
    const path = routePath(runtime.options.origin, route.path)
    const resolver = ({
      request,
      params,
      cookies,
    }: {
      request: Request
      params: RouteContext['params']
      cookies: Record<string, string>
    }) => runRoute(route, runtime, request, params, cookies)
    const method = route.method.toLowerCase() as Lowercase<RouteMethod>
    const handler = http[method](path, resolver)
    return route.method === 'GET' ? [handler, http.head(path, resolver)] : [handler]
  })
}
