import { isPassthroughResponse, type RequestHandler } from 'msw'
import { toResponse } from '../../http/answer.js'
import { overridesFirst, type Responder } from '../../serve/overrides.js'
import { problemAnswer } from '../../serve/problem.js'
import { CorsPolicy, isPreflight } from '../common/cors.js'

/** Only this test's pages reach the mock: each may read its answers, with credentials. */
const cors = CorsPolicy.everyOrigin()

/**
 * Answers one fetch `Request` from MSW handlers as the real server would: a CORS preflight first,
 * then the first handler that answers, with the CORS headers a cross-origin page needs. Resolves
 * to `undefined` when no handler answers or one calls `passthrough()`, so the caller lets the
 * request go on. A handler that throws becomes a 500 problem that leaks nothing.
 *
 * `baseUrl` is what relative handler paths (`http.get('/api/orders/1', …)`) resolve against;
 * in a browser that is the page's location. `then` answers what no handler does (an API made with
 * `defineHalApi`, see `halResponder`).
 *
 * @example
 * const request = new Request('https://any.host/api/orders/1')
 * const response = await answerRequest(request, overrides, pageUrl, halResponder(shop))
 * response?.status // 200
 */
export async function answerRequest(
  request: Request,
  handlers: readonly RequestHandler[],
  baseUrl?: string,
  then?: Responder,
): Promise<Response | undefined> {
  const origin = request.headers.get('origin')
  if (isPreflight(request)) {
    return new Response(null, { status: 204, headers: cors.preflightHeaders(origin ?? '') })
  }
  let response: Response | undefined
  try {
    response = await overridesFirst(request, handlers, then, { baseUrl })
  } catch (error) {
    const url = new URL(request.url)
    // A handler of the test's own failed: no API's problem types apply.
    response = toResponse(problemAnswer(error, url.pathname))
  }
  if (response === undefined || isPassthroughResponse(response)) return undefined
  // `HttpResponse.error()`: the caller aborts the request as a network failure.
  if (response.type === 'error') return response
  // A copy, because a handler may return a `fetch` response whose headers are immutable.
  const copy = new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  })
  cors.withCors(origin, copy.headers)
  return copy
}
