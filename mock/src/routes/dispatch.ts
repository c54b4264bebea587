import type { Answer } from '../http/answer.js'
import { allowedMethods } from './fallback.js'
import { needsToken, type Route, type RouteRequest, type Runtime, runRoute } from './route.js'
import { Router } from './router.js'

/**
 * The real server's shortcut to the routes: it runs the route that the instance's MSW handlers
 * would run, as their resolver would, without `getResponse` and without fetch objects. The routes
 * stay the single definition; this only skips MSW's generic machinery on the hot path.
 *
 * @example
 * const answer = dispatcher.dispatch(request, '/api/v1.2/blogs/1')
 * if (answer === undefined) response = await getResponse(api.handlers, fetchRequest)
 */
export class Dispatcher {
  readonly #router: Router
  readonly #runtime: Runtime
  readonly #routes: readonly Route[]

  constructor(routes: readonly Route[], runtime: Runtime) {
    this.#router = new Router(routes, runtime.options.origin)
    this.#runtime = runtime
    this.#routes = routes
  }

  /**
   * The methods the routes answer at `url` (HEAD and OPTIONS included), empty where no route is:
   * for the `Allow` of a method that only the server sees (fetch cannot carry `TRACE`).
   */
  allowedMethods(url: URL): string[] {
    return allowedMethods(this.#routes, this.#runtime.options.origin, url)
  }

  /**
   * The route's answer, or `undefined` when only MSW can tell what to answer: a path the router
   * does not decide, no route for it (MSW's fallback answers 404, 405 or OPTIONS), another origin
   * than the handlers', or a token to be read from cookies, which MSW parses its own way.
   */
  dispatch(request: RouteRequest, path: string): Promise<Answer> | undefined {
    const { options } = this.#runtime
    if (options.origin !== '*' && options.origin !== request.origin) return undefined
    const match = this.#router.match(request.method, path, request.origin)
    if (!match) return undefined
    const cookieToken =
      needsToken(match.route, options) &&
      request.headers.get('x-access-token') === null &&
      request.headers.get('cookie') !== null
    if (cookieToken) return undefined
    return runRoute(match.route, this.#runtime, request, match.params)
  }
}

const dispatchers = new WeakMap<object, Dispatcher>()

/** Remembers the dispatcher of an API instance, for the real server to find. */
export function attachDispatcher(api: object, dispatcher: Dispatcher): void {
  dispatchers.set(api, dispatcher)
}

/**
 * The dispatcher of an instance made by `createBlogApi`, if any.
 *
 * @example
 * const dispatcher = dispatcherOf(createBlogApi())
 */
export function dispatcherOf(api: object): Dispatcher | undefined {
  return dispatchers.get(api)
}
