import { type HttpHandler, http, matchRequestUrl } from 'msw'
import { API_PATH, ApiUrls } from '../hal/links.js'
import { Problem } from '../http/problem.js'
import { problemResponse, type Route, routePath } from './route.js'
import { isAnchored } from './router.js'

/**
 * The last handler: for a path the API knows, `OPTIONS` (204) and 405 with `Allow`; otherwise 404,
 * naming the supported version when the path asks for another one.
 *
 * @example
 * setupServer(...toHandlers(routes, runtime), fallbackHandler(routes, '*'))
 */
export function fallbackHandler(routes: readonly Route[], origin: string): HttpHandler {
  return http.all(`${origin}/api/*`, ({ request }) => {
    const url = new URL(request.url)
    const urls = new ApiUrls(url.origin)
    const allowed = allowedMethods(routes, origin, url)
    let response: Response
    if (allowed.length > 0 && request.method === 'OPTIONS') {
      response = new Response(null, { status: 204, headers: { allow: allowed.join(', ') } })
      const acceptPatch = acceptPatchOf(routes, origin, url)
      if (acceptPatch !== undefined) response.headers.set('accept-patch', acceptPatch)
    } else {
      const problem = allowed.length > 0 ? methodNotAllowed(request.method, allowed) : notFound(url)
      response = problemResponse(problem, urls, url.pathname)
    }
    response.headers.set('vary', 'Accept')
    return response
  })
}

/**
 * The 405 for a method a resource does not answer, with its `Allow`.
 *
 * @example
 * methodNotAllowed('TRACE', ['GET', 'HEAD', 'OPTIONS']).extra.headers // { allow: 'GET, HEAD, OPTIONS' }
 */
export function methodNotAllowed(method: string, allowed: readonly string[]): Problem {
  return new Problem(405, `${method} is not allowed here; use ${allowed.join(', ')}.`, {
    headers: { allow: allowed.join(', ') },
  })
}

function notFound(url: URL): Problem {
  const inVersion = url.pathname === API_PATH || url.pathname.startsWith(`${API_PATH}/`)
  return new Problem(
    404,
    inVersion
      ? `There is no resource at ${url.pathname}.`
      : `There is no resource at ${url.pathname}: this server implements the Blog API v1.2 only, under ${API_PATH}.`,
  )
}

/** The methods the routes answer at this URL, with HEAD beside GET and OPTIONS always. */
export function allowedMethods(routes: readonly Route[], origin: string, url: URL): string[] {
  const methods = new Set<string>()
  for (const route of routes) {
    const match = matchRequestUrl(url, routePath(origin, route.path))
    if (isAnchored(match, url.href)) methods.add(route.method)
  }
  if (methods.size === 0) return []
  if (methods.has('GET')) methods.add('HEAD')
  methods.add('OPTIONS')
  return [...methods]
}

/** The `Accept-Patch` of the PATCH route answering at this URL, if any. */
function acceptPatchOf(routes: readonly Route[], origin: string, url: URL): string | undefined {
  return routes.find(
    (route) =>
      route.acceptPatch !== undefined &&
      matchRequestUrl(url, routePath(origin, route.path)).matches,
  )?.acceptPatch
}
