/** Methods a cross-origin page may use (CONTRACT §3). */
const ALLOW_METHODS = 'GET, HEAD, POST, PUT, DELETE, OPTIONS'
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
 * Adds the CORS answer headers. The origin is echoed rather than `*` so that a page may also send
 * the `access_token` cookie with credentials.
 *
 * @example
 * withCors(request, await answer(request))
 */
export function withCors(request: Request, response: Response): Response {
  const origin = request.headers.get('origin')
  if (origin === null) return response
  const headers = response.headers
  headers.set('access-control-allow-origin', origin)
  headers.set('access-control-allow-credentials', 'true')
  headers.set('access-control-expose-headers', EXPOSE_HEADERS)
  headers.append('vary', 'Origin')
  return response
}
