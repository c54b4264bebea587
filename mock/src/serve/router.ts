/** One entry of a route table: a method, a path such as `/orders/{id}`, and what it leads to. */
export interface RouteEntry<T> {
  readonly method: string
  /** Literal segments and `{name}` parameters, e.g. `/customers/{id}/orders`; `''` for the base. */
  readonly path: string
  readonly value: T
}

/** What the router decides for one request. */
export type RouteDecision<T> =
  | { readonly kind: 'match'; readonly value: T; readonly params: Readonly<Record<string, string>> }
  /** `OPTIONS` on a known path: answer 204 with `Allow`; `values` are the path's routes. */
  | { readonly kind: 'options'; readonly allow: readonly string[]; readonly values: readonly T[] }
  /** A known path without this method: 405 with `Allow`. */
  | { readonly kind: 'method-not-allowed'; readonly allow: readonly string[] }
  | { readonly kind: 'not-found' }

type Segment = string | { readonly param: string }

interface Compiled<T> {
  readonly entry: RouteEntry<T>
  readonly segments: readonly Segment[]
  /** Literal segments count: a path with more of them wins (`/orders/new` over `/orders/{id}`). */
  readonly literals: number
}

/**
 * The one router of the core: a full match of a request path against a route table, and the
 * 404 / 405 / `Allow` / `OPTIONS` decisions made from that table. Paths are compared segment by
 * segment after percent-decoding each segment and resolving dot segments, so `/api/orders/%31`
 * and `/api/x/../orders/1` reach `/orders/{id}` with `id` `1`, as a URL parser would read them.
 * One trailing slash is tolerated; empty segments never match.
 *
 * @example
 * const router = new Router('/api', [{ method: 'GET', path: '/orders/{id}', value: 'order' }])
 * router.decide('GET', '/api/orders/7') // { kind: 'match', value: 'order', params: { id: '7' } }
 * router.decide('PUT', '/api/orders/7') // { kind: 'method-not-allowed', allow: ['GET', 'HEAD', 'OPTIONS'] }
 */
export class Router<T> {
  readonly #base: readonly string[]
  readonly #routes: readonly Compiled<T>[]

  /** `base` is the path every route lives under (`/api`); `''` or `/` for the root. */
  constructor(base: string, routes: readonly RouteEntry<T>[]) {
    this.#base = splitPath(base) ?? []
    this.#routes = routes
      .map((entry) => {
        const segments = compile(entry.path)
        return { entry, segments, literals: segments.filter((s) => typeof s === 'string').length }
      })
      // Stable: among equally literal paths, the table's order decides.
      .sort((a, b) => b.literals - a.literals)
  }

  /** The decision for a method and a path (no query), raw or already parsed by a URL parser. */
  decide(method: string, path: string): RouteDecision<T> {
    const segments = this.#relative(path)
    if (!segments) return NOT_FOUND
    // HEAD is a GET without a body.
    const wanted = method === 'HEAD' ? 'GET' : method
    // Made only when the path is known but not with this method: a match allocates no list.
    let allow: Set<string> | undefined
    const values: T[] = []
    for (const { entry, segments: pattern } of this.#routes) {
      if (!matches(pattern, segments)) continue
      if (entry.method === wanted) {
        return { kind: 'match', value: entry.value, params: paramsOf(pattern, segments) }
      }
      allow ??= new Set<string>()
      allow.add(entry.method)
      values.push(entry.value)
    }
    if (allow === undefined) return NOT_FOUND
    const methods = [...allow]
    if (allow.has('GET')) methods.splice(methods.indexOf('GET') + 1, 0, 'HEAD')
    methods.push('OPTIONS')
    return method === 'OPTIONS'
      ? { kind: 'options', allow: methods, values }
      : { kind: 'method-not-allowed', allow: methods }
  }

  /**
   * Whether a path lies under the base at all (the API's own 404s cover only those), including
   * one no route can match (an empty segment, a broken escape), whose raw segments start with it.
   */
  covers(path: string): boolean {
    if (this.#relative(path) !== undefined) return true
    const raw = path.split('/').filter((segment) => segment !== '')
    return raw.length >= this.#base.length && this.#base.every((segment, i) => raw[i] === segment)
  }

  #relative(path: string): string[] | undefined {
    const segments = splitPath(path)
    if (!segments || segments.length < this.#base.length) return undefined
    for (let i = 0; i < this.#base.length; i++) {
      if (segments[i] !== this.#base[i]) return undefined
    }
    return segments.slice(this.#base.length)
  }
}

const NOT_FOUND: RouteDecision<never> = { kind: 'not-found' }

/**
 * A path's decoded segments, dot segments resolved (RFC 3986 §5.2.4, also when percent-encoded)
 * and one trailing slash dropped; `undefined` for an empty segment or a malformed escape.
 *
 * @example
 * splitPath('/api/x/../orders/%31/') // ['api', 'orders', '1']
 */
export function splitPath(path: string): string[] | undefined {
  let rest = path.startsWith('/') ? path.slice(1) : path
  if (rest.endsWith('/')) rest = rest.slice(0, -1)
  if (rest === '') return []
  const out: string[] = []
  for (const raw of rest.split('/')) {
    // Most segments have no escape at all: nothing to decode (the hot path of every request).
    const escaped = raw.includes('%')
    let segment = raw
    if (escaped) {
      try {
        segment = decodeURIComponent(raw)
      } catch {
        return undefined
      }
    }
    // Only the raw text says whether it was a dot segment: `%2E` is one, a decoded `%2F` is data.
    const dots = escaped ? raw.replace(/%2e/gi, '.') : raw
    if (dots === '.') continue
    if (dots === '..') {
      out.pop()
      continue
    }
    if (segment === '') return undefined
    out.push(segment)
  }
  return out
}

function compile(path: string): Segment[] {
  const segments = path === '' || path === '/' ? [] : path.replace(/^\//, '').split('/')
  return segments.map((segment) => {
    const param = /^\{([A-Za-z_]\w*)\}$/.exec(segment)?.[1]
    if (param) return { param }
    if (segment === '' || segment.includes('{')) {
      throw new Error(`Router: "${path}" is not a route path such as /orders/{id}`)
    }
    return segment
  })
}

/** Whether a path's segments fit a pattern; a request tries every route: nothing is allocated. */
function matches(pattern: readonly Segment[], segments: readonly string[]): boolean {
  if (pattern.length !== segments.length) return false
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i] as Segment
    if (typeof expected === 'string' && expected !== segments[i]) return false
  }
  return true
}

/** The parameters of a path that {@link matches} its pattern. */
function paramsOf(
  pattern: readonly Segment[],
  segments: readonly string[],
): Record<string, string> {
  const params: Record<string, string> = {}
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i] as Segment
    if (typeof expected !== 'string') params[expected.param] = segments[i] as string
  }
  return params
}
