import { API_PATH } from '../hal/links.js'
import type { Route } from './route.js'

/** A route found for a request, with its path parameters as MSW would give them. */
export interface RouteMatch {
  readonly route: Route
  readonly params: Readonly<Record<string, string>>
}

/** A route's path split once: a string is a literal segment, `{ param }` a `:param` segment. */
interface CompiledRoute {
  readonly route: Route
  readonly segments: readonly (string | { readonly param: string })[]
}

/**
 * Finds the route that the API's MSW handlers would run for a method and a path, without MSW: the
 * routes' paths are split into segments once, and a request's path is compared segment by segment.
 * It decides only plain paths (unreserved characters, no empty, dot or percent-encoded segments,
 * at most one trailing slash), where MSW's pattern matching reduces to that comparison; for any
 * other path, and when no route matches, it returns `undefined` and the caller asks MSW itself.
 *
 * @example
 * const router = new Router(blogApiRoutes(runtime))
 * router.match('GET', '/api/v1.2/blogs/1', 'http://127.0.0.1:4010')?.params
 * // { 0: 'http://127.0.0.1:4010', blogId: '1' }
 */
export class Router {
  readonly #routes: readonly CompiledRoute[]
  readonly #anyOrigin: boolean

  /** `origin` is the handlers' (`*` for any, see `routePath`). */
  constructor(routes: readonly Route[], origin = '*') {
    this.#routes = routes.map((route) => ({ route, segments: compile(route.path) }))
    this.#anyOrigin = origin === '*'
  }

  /** The route for a request to `origin` + `path` (no query), or `undefined` to ask MSW. */
  match(method: string, path: string, origin = ''): RouteMatch | undefined {
    const segments = plainSegments(path)
    if (!segments) return undefined
    // HEAD is answered by the GET route, as `toHandlers` registers it.
    const wanted = method === 'HEAD' ? 'GET' : method
    for (const { route, segments: pattern } of this.#routes) {
      if (route.method !== wanted || pattern.length !== segments.length) continue
      // MSW hands a route the origin that its leading `*` matched, as parameter "0".
      const params: Record<string, string> = this.#anyOrigin ? { 0: origin } : {}
      let matches = true
      for (let i = 0; i < pattern.length && matches; i++) {
        const expected = pattern[i] as string | { param: string }
        const actual = segments[i] as string
        if (typeof expected === 'string') matches = expected === actual
        else params[expected.param] = actual
      }
      if (matches) return { route, params }
    }
    return undefined
  }
}

/** Segments of a route path such as `/blogs/:blogId`; anything fancier is left to MSW alone. */
function compile(path: string): CompiledRoute['segments'] {
  if (path === '') return []
  return path
    .slice(1)
    .split('/')
    .map((segment) => {
      if (/^:[A-Za-z_]\w*$/.test(segment)) return { param: segment.slice(1) }
      if (isPlainSegment(segment)) return segment
      throw new Error(`Router: the route path ${path} needs MSW's own matching`)
    })
}

/**
 * The segments after {@link API_PATH} of a plain path, or `undefined` when MSW's matching could
 * differ from a segment comparison: percent-escapes (MSW decodes them), dot segments (URL parsing
 * removes them), empty segments, or another `/api/v1.2` further on (which the handlers' leading
 * `*` could match there).
 */
function plainSegments(path: string): string[] | undefined {
  if (!path.startsWith(API_PATH)) return undefined
  let rest = path.slice(API_PATH.length)
  // MSW tolerates one trailing slash.
  if (rest.endsWith('/')) rest = rest.slice(0, -1)
  if (rest === '') return []
  if (!PLAIN_PATH.test(rest) || DOT_SEGMENT.test(rest) || rest.includes(API_PATH)) return undefined
  return rest.slice(1).split('/')
}

/** Non-empty segments of unreserved characters only (RFC 3986). */
const PLAIN_PATH = /^(?:\/[\w.~-]+)+$/
/** A `.` or `..` segment, which URL parsing would resolve. */
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/

/** Whether a route's literal segment is one {@link PLAIN_PATH} accepts. */
function isPlainSegment(segment: string): boolean {
  return PLAIN_PATH.test(`/${segment}`) && !DOT_SEGMENT.test(`/${segment}`)
}
