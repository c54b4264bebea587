import { API_PATH } from '../hal/links.js'
import type { Route } from './route.js'

/** A route found for a request, with its path parameters as MSW would give them. */
export interface RouteMatch {
  readonly route: Route
  readonly params: Readonly<Record<string, string>>
}

/** A route's path split once: a string is a literal segment, `{ param }` a `:param` segment. */
export type PathPattern = readonly (string | { readonly param: string })[]

interface CompiledRoute {
  readonly route: Route
  readonly pattern: PathPattern
}

/**
 * Finds the route that the API's MSW handlers would run for a method and a path, without MSW: the
 * routes' paths are split into segments once, and a request's path is compared segment by segment.
 * It decides only plain paths (see {@link plainSegments}), where MSW's pattern matching reduces to
 * that comparison; for any other path, and when no route matches, it returns `undefined` and the
 * caller asks MSW itself.
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
    this.#routes = routes.map((route) => ({ route, pattern: compilePath(route.path) }))
    this.#anyOrigin = origin === '*'
  }

  /** The route for a request to `origin` + `path` (no query), or `undefined` to ask MSW. */
  match(method: string, path: string, origin = ''): RouteMatch | undefined {
    const segments = plainSegments(path)
    if (!segments) return undefined
    // HEAD is answered by the GET route, as `toHandlers` registers it.
    const wanted = method === 'HEAD' ? 'GET' : method
    for (const { route, pattern } of this.#routes) {
      if (route.method !== wanted) continue
      const params = matchPattern(pattern, segments)
      // MSW hands a route the origin that its leading `*` matched, as parameter "0".
      if (params) return { route, params: this.#anyOrigin ? { 0: origin, ...params } : params }
    }
    return undefined
  }
}

/**
 * Whether an MSW match of a route path for any origin (a leading `*`) matched at the API's own
 * path: its `*` (parameter "0") holds exactly the request's origin, not `http://host/x`, so
 * `/x/api/v1.2/blogs/1` or `/api/v1.1/api/v1.2/blogs/1` is no route of the API. A match without
 * that parameter (a handler for one origin) is anchored already.
 *
 * @example
 * isAnchored(matchRequestUrl(url, '*\/api/v1.2/blogs/:blogId'), url.href)
 */
export function isAnchored(
  match: { readonly matches: boolean; readonly params?: Readonly<Record<string, unknown>> },
  url: string,
): boolean {
  if (!match.matches) return false
  const prefix = match.params?.[0]
  return prefix === undefined || prefix === new URL(url).origin
}

/**
 * The parameters of plain path segments that fit a pattern, or `undefined` when they do not.
 *
 * @example
 * matchPattern(compilePath('/blogs/:blogId'), ['blogs', '7']) // { blogId: '7' }
 */
export function matchPattern(
  pattern: PathPattern,
  segments: readonly string[],
): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined
  const params: Record<string, string> = {}
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i] as PathPattern[number]
    const actual = segments[i] as string
    if (typeof expected !== 'string') params[expected.param] = actual
    else if (expected !== actual) return undefined
  }
  return params
}

/**
 * The pattern of a route path such as `/blogs/:blogId`; anything fancier is left to MSW alone.
 *
 * @throws {Error} for a path that needs MSW's own matching (wildcards, optional parts).
 * @example
 * compilePath('/blogs/:blogId') // ['blogs', { param: 'blogId' }]
 */
export function compilePath(path: string): PathPattern {
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
 * The segments after {@link API_PATH} of a plain path (unreserved characters, no empty, dot or
 * percent-encoded segments, at most one trailing slash), or `undefined` when MSW's matching could
 * differ from a segment comparison: percent-escapes (MSW decodes them), dot segments (URL parsing
 * removes them), empty segments, or another `/api/v1.2` further on (which the handlers' leading
 * `*` could match there).
 *
 * @example
 * plainSegments('/api/v1.2/blogs/1/') // ['blogs', '1']
 * plainSegments('/api/v1.2/blogs/%31') // undefined
 */
export function plainSegments(path: string): string[] | undefined {
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
