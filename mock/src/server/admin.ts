import type { ProblemWriter } from '../core/problem.js'
import { fetchHalRequest, type HalRequest } from '../core/request.js'
import { toResponse } from '../http/answer.js'
import { Problem } from '../http/problem.js'
import type { CorsPolicy } from './cors.js'
import { logged, type RecordedRequest, type RequestLog } from './request-log.js'

/** Where the mock controls live (`docs/api.md`, Admin); not part of any API. */
export const ADMIN_PATH = '/__admin'

/**
 * Whether a path is one of the admin routes'.
 *
 * @example
 * isAdminPath('/__admin/reset') // true
 */
export const isAdminPath = (pathname: string): boolean =>
  pathname === ADMIN_PATH || pathname.startsWith(`${ADMIN_PATH}/`)

/** What the admin routes need of the server besides the request. */
export interface AdminContext {
  /** The API whose seed `POST /__admin/reset` restores. */
  readonly api: { reset(): Promise<void> }
  readonly log: RequestLog<RecordedRequest>
  readonly cors: CorsPolicy
  /**
   * The API's own token check, when its reads are protected (`undefined` otherwise): the admin
   * routes accept what its routes accept.
   */
  readonly authenticate: ((request: HalRequest) => unknown) | undefined
  /** Problem details as the API behind the server writes them. */
  readonly problem: ProblemWriter
}

/** `application/json` or any `+json` type, parameters allowed. */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i

/**
 * The admin routes of the real server: `POST /__admin/reset` restores the seed (and empties the
 * request log), `GET /__admin/requests` lists the last requests received. Both answer only requests
 * from the server's own origin, a trusted CORS origin (loopback or listed; `*` is not enough) or a client that is no web page (no
 * `Origin`, not `Sec-Fetch-Site: cross-site`): a page elsewhere must neither wipe the data nor read
 * the log. The reset also needs `Content-Type: application/json`, which no CORS simple request can
 * carry, so a page on an allowed origin must pass a preflight and no form or `no-cors` fetch can
 * send it. With protected reads both need what the API's own routes accept (its `authenticate`), sent
 * in a header: never a cookie, which a browser attaches by itself.
 *
 * @example
 * await adminResponse(new Request('http://127.0.0.1:4010/__admin/requests'), context)
 */
export async function adminResponse(request: Request, context: AdminContext): Promise<Response> {
  const url = new URL(request.url)
  try {
    return await answer(request, url, context)
  } catch (error) {
    return toResponse(context.problem(error, url.origin, url.pathname))
  }
}

async function answer(request: Request, url: URL, context: AdminContext): Promise<Response> {
  const { pathname } = url
  const route = pathname.slice(ADMIN_PATH.length)
  const known = route === '/reset' || route === '/requests'
  if (!known) {
    throw new Problem(
      404,
      `There is no admin route at ${pathname}; there are POST /__admin/reset and GET /__admin/requests.`,
    )
  }
  refuseOtherSites(request, url.origin, context.cors)
  const allow = route === '/reset' ? 'POST' : 'GET'
  if (request.method !== allow && !(allow === 'GET' && request.method === 'HEAD')) {
    throw new Problem(405, `Use ${allow} ${pathname}.`, { headers: { allow } })
  }
  if (context.authenticate) await context.authenticate(withoutCookies(request))
  if (route === '/requests') {
    return Response.json({ requests: context.log.list().map(logged) })
  }
  const type = request.headers.get('content-type') ?? ''
  if (!JSON_TYPE.test(type)) {
    throw new Problem(
      415,
      `Send POST ${pathname} with Content-Type: application/json, not ${type || 'no Content-Type'}, so that no web page can send it without asking first (CORS preflight).`,
    )
  }
  await context.api.reset()
  context.log.clear()
  return new Response(null, { status: 204 })
}

/** A 403 for a request that a page on another, not allowed, origin made. */
function refuseOtherSites(request: Request, origin: string, cors: CorsPolicy): void {
  const from = request.headers.get('origin')
  if (from === null) {
    // A request without Origin is a navigation, a subresource or no browser at all.
    if (request.headers.get('sec-fetch-site') !== 'cross-site') return
  } else if (from === origin || cors.trusts(from)) {
    return
  }
  throw new Problem(
    403,
    `The admin routes answer only pages on this server's origin or on an allowed origin, not ${from ?? 'a cross-site page'}. Allow it with --cors-origin <origin> (corsOrigins in createMockServer).`,
  )
}

/** The request as the API's token check sees it, with no cookies: only what a page sends on purpose. */
function withoutCookies(request: Request): HalRequest {
  const headers = new Headers(request.headers)
  headers.delete('cookie')
  return fetchHalRequest(new Request(request.url, { method: request.method, headers }), {})
}
