import {
  HttpHandler,
  type HttpRequestResolverExtras,
  type PathParams,
  type ResponseResolver,
} from 'msw'
import { compilePath, isAnchored, matchPattern, type PathPattern, plainSegments } from './router.js'

/** The plain path segments of each request (`null`: not plain), shared by every handler MSW tries. */
const segmentsByRequest = new WeakMap<Request, readonly string[] | null>()

function requestSegments(request: Request): readonly string[] | null {
  let segments = segmentsByRequest.get(request)
  if (segments === undefined) {
    segments = plainSegments(new URL(request.url).pathname) ?? null
    segmentsByRequest.set(request, segments)
  }
  return segments
}

/**
 * An MSW `HttpHandler` for one route, that turns down a request for another method or another
 * plain path at once, where MSW would first parse it (URL, cookies, pattern) only to find it does
 * not match. MSW tries the API's handlers one by one, so a request no longer pays for every route
 * listed before its own. Whatever it does not turn down, MSW runs as usual, so it matches exactly
 * what `http[method](path, resolver)` matches (`router.test.ts` holds it to that).
 *
 * @example
 * new RouteHandler('GET', 'http://127.0.0.1:4010/api/v1.2/blogs/:blogId', '/blogs/:blogId', resolver)
 */
export class RouteHandler extends HttpHandler {
  readonly #method: string
  readonly #pattern: PathPattern

  /**
   * @param path MSW's path, origin included (see `routePath`).
   * @param routePath the route's path under the API path, which {@link compilePath} can split.
   */
  constructor(
    method: string,
    path: string,
    routePath: string,
    resolver: ResponseResolver<HttpRequestResolverExtras<PathParams>>,
  ) {
    super(method, path, resolver)
    this.#method = method
    this.#pattern = compilePath(routePath)
  }

  /**
   * MSW's match, anchored: the leading `*` of a handler for any origin (see `routePath`) matches
   * anything before `/api/v1.2`, a path prefix too (`/x/api/v1.2/…`); only the origin may fill it.
   */
  override async predicate(args: Parameters<HttpHandler['predicate']>[0]): Promise<boolean> {
    return (await super.predicate(args)) && isAnchored(args.parsedResult.match, args.request.url)
  }

  override run(args: Parameters<HttpHandler['run']>[0]): ReturnType<HttpHandler['run']> {
    // A request this route cannot match returns at once: MSW would parse it only to say so.
    if (this.#rulesOut(args.request)) return Promise.resolve(null)
    return super.run(args)
  }

  /** Whether the request's method, or its plain path, differs from the route's. */
  #rulesOut(request: Request): boolean {
    // fetch upper-cases the standard methods but PATCH, and MSW matches methods in any case.
    if (request.method !== this.#method && request.method.toUpperCase() !== this.#method)
      return true
    const segments = requestSegments(request)
    return segments !== null && matchPattern(this.#pattern, segments) === undefined
  }
}
