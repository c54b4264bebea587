import type { Answer } from '../http/answer.js'
import { appendHeader } from '../http/answer.js'

/** Methods a cross-origin page may use (CONTRACT §3). */
const ALLOW_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'
/** Request headers a cross-origin page may send. */
const ALLOW_HEADERS =
  'Content-Type, Accept, X-Access-Token, If-Match, If-None-Match, If-Modified-Since, If-Unmodified-Since, Prefer'
/** Response headers a cross-origin page may read. */
const EXPOSE_HEADERS = 'ETag, Last-Modified, Location, Preference-Applied, WWW-Authenticate'

/** Whether a request is a CORS preflight, which the server answers before any route. */
export function isPreflight(request: Request): boolean {
  return (
    request.method === 'OPTIONS' &&
    request.headers.has('origin') &&
    request.headers.has('access-control-request-method')
  )
}

/** The 204 answer to a preflight: any origin, the API's methods and headers. */
export function preflightResponse(request: Request): Response {
  const response = new Response(null, {
    status: 204,
    headers: {
      'access-control-allow-methods': ALLOW_METHODS,
      'access-control-allow-headers': ALLOW_HEADERS,
      'access-control-max-age': '600',
    },
  })
  return withCors(request, response)
}

/**
 * The CORS answer headers for a request from `origin`. The origin is echoed rather than `*` so that
 * a page may also send the `access_token` cookie with credentials.
 */
function corsHeaders(origin: string): Record<string, string> {
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': EXPOSE_HEADERS,
  }
}

/**
 * Adds the CORS answer headers to a response.
 *
 * @example
 * withCors(request, await answer(request))
 */
export function withCors(request: Request, response: Response): Response {
  const origin = request.headers.get('origin')
  if (origin === null) return response
  const headers = response.headers
  for (const [name, value] of Object.entries(corsHeaders(origin))) headers.set(name, value)
  headers.append('vary', 'Origin')
  return response
}

/**
 * {@link withCors} for an {@link Answer}, given the request's `Origin` header.
 *
 * @example
 * answerWithCors(request.headers.get('origin'), await dispatcher.dispatch(request, path))
 */
export function answerWithCors(origin: string | null, answer: Answer): Answer {
  if (origin === null) return answer
  Object.assign(answer.headers, corsHeaders(origin))
  appendHeader(answer.headers, 'vary', 'Origin')
  return answer
}
