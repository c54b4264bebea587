import { type HttpHandler, http } from 'msw'
import { toResponse } from '../http/answer.js'
import type { Dispatch } from './dispatch.js'
import type { Responder } from './overrides.js'
import { fetchHalRequest } from './request.js'

/**
 * An API as a {@link Responder}: `api.handle` for a request it covers (under its base path),
 * `undefined` for any other.
 *
 * @example
 * const response = await halResponder(shop)(new Request('http://localhost/api/orders'))
 */
export function halResponder(api: Dispatch): Responder {
  return (request) =>
    api.covers(new URL(request.url)) ? api.handle(request) : Promise.resolve(undefined)
}

/**
 * The one MSW handler of an API: a catch-all that hands every request the API covers to its one
 * path (`api.answer`, with the cookies MSW parsed) and lets any other go on to the next handler.
 * Handlers added with `server.use()` come first, so they still override any route.
 *
 * @example
 * const server = setupServer(halHandler(shop))
 */
export function halHandler(api: Dispatch): HttpHandler {
  return http.all('*', async ({ request, cookies }) => {
    const view = fetchHalRequest(request, cookies)
    if (!api.covers(view.url)) return undefined
    return toResponse(await api.answer(view))
  })
}

/**
 * One object with an API instance's members and `extra`'s; `db` and `ready` stay live across
 * resets. How `setupHalApi`, `setupBlogApi`, the workers and the Playwright fixtures present an
 * instance, the Blog API's as any other.
 *
 * @example
 * const mock = withHalApi(shop, { server: setupServer(halHandler(shop)) })
 */
export function withHalApi<A extends object, T extends object>(api: A, extra: T): A & T {
  // The instance's own members, getters as getters (live `db`), so that a spread keeps them all.
  const mock = Object.defineProperties({}, Object.getOwnPropertyDescriptors(api)) as A
  return Object.assign(mock, extra)
}
