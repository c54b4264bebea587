import { type HttpHandler, http } from 'msw'
import type { HalApi, HalCollections } from './api.js'
import type { Responder } from './overrides.js'

/**
 * An API as a {@link Responder}: `api.handle` for a request under its base path, `undefined` for
 * any other.
 *
 * @example
 * const response = await halResponder(shop)(new Request('http://localhost/api/orders'))
 */
export function halResponder<C extends HalCollections>(api: HalApi<C>): Responder {
  return (request) =>
    api.covers(new URL(request.url)) ? api.handle(request) : Promise.resolve(undefined)
}

/**
 * The one MSW handler of an API: a catch-all that hands every request under the API's base path
 * to `api.handle` and lets any other go on to the next handler. Handlers added with `server.use()`
 * come first, so they still override any route.
 *
 * @example
 * const server = setupServer(halHandler(shop))
 */
export function halHandler<C extends HalCollections>(api: HalApi<C>): HttpHandler {
  const respond = halResponder(api)
  return http.all('*', ({ request }) => respond(request))
}

/**
 * One object with an API instance's members and `extra`'s; `db` and `ready` stay live across
 * resets. How `setupHalApi`, `setupHalWorker` and the Playwright fixture present an instance.
 *
 * @example
 * const mock = withHalApi(shop, { server: setupServer(halHandler(shop)) })
 */
export function withHalApi<C extends HalCollections, T extends object>(
  api: HalApi<C>,
  extra: T,
): HalApi<C> & T {
  return Object.assign(Object.create(api) as HalApi<C>, extra)
}
