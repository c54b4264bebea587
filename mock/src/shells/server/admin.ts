import type { HalRoute } from '../../definition/api.js'
import type { Answer } from '../../http/answer.js'
import { Problem } from '../../http/problem.js'
import type { HalRequest } from '../../serve/request.js'
import type { CorsPolicy } from '../common/cors.js'
import {
  logged,
  type RecordedRequest,
  type RequestLog,
  type Secrets,
} from '../common/request-log.js'

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
  /** What the log hides: the API's declared credentials besides the usual ones. */
  readonly secrets: Secrets
  readonly cors: CorsPolicy
  /**
   * The API's own token check, when its reads are protected (`undefined` otherwise): the admin
   * routes accept what its routes accept.
   */
  readonly authenticate: ((request: HalRequest) => unknown) | undefined
}

/** The `detail` of a 404 under {@link ADMIN_PATH}. */
export const adminNotFound = (pathname: string): string =>
  `There is no admin route at ${pathname}; there are POST /__admin/reset and GET /__admin/requests.`

/** `application/json` or any `+json` type, parameters allowed. */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i

/**
 * The admin routes of the real server, for its route table (the core's router decides their 404s
 * and 405s): `POST /__admin/reset` restores the seed (and empties the request log),
 * `GET /__admin/requests` lists the last requests received. Both answer only requests from the
 * server's own origin, a trusted CORS origin (loopback or listed; `*` is not enough) or a client
 * that is no web page (no `Origin`, not `Sec-Fetch-Site: cross-site`): a page elsewhere must
 * neither wipe the data nor read the log. The reset also needs `Content-Type: application/json`,
 * which no CORS simple request can carry, so a page on an allowed origin must pass a preflight and
 * no form or `no-cors` fetch can send it. With protected reads both need what the API's own routes
 * accept (its `authenticate`), sent in a header: never a cookie, which a browser attaches by itself.
 *
 * @example
 * const routes = adminRoutes({ api, log, secrets: secretsOf(api.definition), cors, authenticate: undefined })
 */
export function adminRoutes(context: AdminContext): HalRoute[] {
  /** The checks both routes make before anything else. */
  const admitted = async (request: HalRequest) => {
    refuseOtherSites(request, context.cors)
    if (context.authenticate) await context.authenticate(withoutCookies(request))
  }
  return [
    {
      method: 'GET',
      path: `${ADMIN_PATH}/requests`,
      access: 'public',
      produces: [],
      async handle({ http: request }): Promise<Answer> {
        await admitted(request)
        const body = JSON.stringify({
          requests: context.log.list().map((entry) => logged(entry, context.secrets)),
        })
        return { status: 200, headers: { 'content-type': 'application/json' }, body }
      },
    },
    {
      method: 'POST',
      path: `${ADMIN_PATH}/reset`,
      access: 'public',
      produces: [],
      async handle({ http: request }): Promise<Answer> {
        await admitted(request)
        const type = request.headers.get('content-type') ?? ''
        if (!JSON_TYPE.test(type)) {
          throw new Problem(
            415,
            `Send POST ${request.path} with Content-Type: application/json, not ${type || 'no Content-Type'}, so that no web page can send it without asking first (CORS preflight).`,
          )
        }
        await context.api.reset()
        context.log.clear()
        return { status: 204, headers: {}, body: null }
      },
    },
  ]
}

/** A 403 for a request that a page on another, not allowed, origin made. */
function refuseOtherSites(request: HalRequest, cors: CorsPolicy): void {
  const from = request.headers.get('origin')
  if (from === null) {
    // A request without Origin is a navigation, a subresource or no browser at all.
    if (request.headers.get('sec-fetch-site') !== 'cross-site') return
  } else if (from === request.origin || cors.trusts(from)) {
    return
  }
  throw new Problem(
    403,
    `The admin routes answer only pages on this server's origin or on an allowed origin, not ${from ?? 'a cross-site page'}. Allow it with --cors-origin <origin> (corsOrigins in createHalServer).`,
  )
}

/** The request as the API's token check sees it, with no cookies: only what a page sends on purpose. */
function withoutCookies(request: HalRequest): HalRequest {
  const headers = {
    get: (name: string) => (name.toLowerCase() === 'cookie' ? null : request.headers.get(name)),
  }
  return {
    method: request.method,
    origin: request.origin,
    get url() {
      return request.url
    },
    path: request.path,
    headers,
    cookies: {},
    get prefer() {
      return request.prefer
    },
    body: null,
    toFetch() {
      const fetched = request.toFetch()
      const copy = new Headers(fetched.headers)
      copy.delete('cookie')
      return new Request(fetched.url, { method: fetched.method, headers: copy })
    },
  }
}
