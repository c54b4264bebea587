import type { HalRoute, NotFoundWhere } from '../definition/api.js'
import { type Answer, appendHeader, toResponse } from '../http/answer.js'
import { accepts, HAL_TYPES } from '../http/negotiation.js'
import type { Preferences } from '../http/prefer.js'
import { Problem } from '../http/problem.js'
import { fetchHalRequest, type HalRequest } from './request.js'
import { Router } from './router.js'

/** What {@link createDispatch} needs of an API: its route table and its own words. */
export interface DispatchConfig {
  /** The path every route lives under, e.g. `/api`. */
  readonly basePath: string
  readonly routes: readonly HalRoute[]
  /**
   * Runs the route the router chose, once negotiation passed: the API's guards (token, store
   * ready), then the route. A thrown {@link Problem} becomes problem details.
   */
  run(
    route: HalRoute,
    request: HalRequest,
    params: Readonly<Record<string, string>>,
    prefer: Preferences,
  ): Answer | Promise<Answer>
  /** Milliseconds to wait before every answer (`Prefer: delay` overrides it). */
  delay(): number
  /** Problem details for a thrown error (a {@link Problem}, or a 500 that leaks nothing). */
  problem(error: unknown, request: HalRequest): Answer
  /** The `detail` of a 404. */
  notFound(request: HalRequest, where: NotFoundWhere): string
  /**
   * Which URLs the API claims in a shell that shares the origin (MSW, Playwright): default, those
   * under the base path. Claim more to answer 404s of your own around it.
   */
  covers?(url: URL, underBase: boolean): boolean
}

/** What a shell adds to one answer of the API. */
export interface AnswerOptions {
  /**
   * Milliseconds the shell waits before every answer of the API (the real server's `delay`),
   * added to the API's own; a request's `Prefer: delay` decides alone. The one wait is slept here.
   */
  readonly delay?: number
}

/** The one path of a request through an API, and its fetch wrapper. */
export interface Dispatch {
  /**
   * Answers one request as plain data (status, headers, body), which each shell writes: MSW as a
   * `Response`, the real server in one socket write. Never rejects.
   */
  answer(request: HalRequest, options?: AnswerOptions): Promise<Answer>
  /** {@link Dispatch.answer} for a fetch `Request`. */
  handle(request: Request, options?: AnswerOptions): Promise<Response>
  /** Whether a shell sharing the origin hands this URL to the API (see `DispatchConfig.covers`). */
  covers(url: URL): boolean
}

/**
 * The 405 for a method a resource does not answer, with its `Allow`.
 *
 * @example
 * methodNotAllowed('TRACE', ['GET', 'HEAD', 'OPTIONS']).extra.headers // { allow: 'GET, HEAD, OPTIONS' }
 */
export function methodNotAllowed(method: string, allow: readonly string[]): Problem {
  return new Problem(405, `${method} is not allowed here; use ${allow.join(', ')}.`, {
    headers: { allow: allow.join(', ') },
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The one pipeline of the core: the router's full match (404 / 405 / `Allow` /
 * `OPTIONS`), then `Prefer` (delay, status), negotiation (406) and the route, whose problems
 * become problem details; every answer varies on `Accept`, and a HEAD's has no body.
 *
 * @example
 * const dispatch = createDispatch({ basePath: '/api', routes, run, delay: () => 0, problem, notFound })
 * const answer = await dispatch.answer(fetchHalRequest(new Request('http://localhost/api/orders')))
 */
export function createDispatch(config: DispatchConfig): Dispatch {
  const router = new Router<HalRoute>(
    config.basePath,
    config.routes.map((route) => ({ method: route.method, path: route.path, value: route })),
  )

  /** Not async: an answer without a wait is handed on without one more promise to settle. */
  function run(request: HalRequest, shellDelay: number): Answer | Promise<Answer> {
    const { path } = request
    const decision = router.decide(request.method, path)
    if (decision.kind === 'not-found') {
      const where = router.covers(path) ? 'under-base' : 'outside'
      throw new Problem(404, config.notFound(request, where))
    }
    if (decision.kind === 'options') {
      const headers: Record<string, string> = { allow: decision.allow.join(', ') }
      const acceptPatch = decision.values.find((e) => e.acceptPatch !== undefined)?.acceptPatch
      if (acceptPatch !== undefined) headers['accept-patch'] = acceptPatch
      return { status: 204, headers, body: null }
    }
    if (decision.kind === 'method-not-allowed')
      throw methodNotAllowed(request.method, decision.allow)
    const { value: route, params } = decision
    const { prefer } = request
    const wait = prefer.delay ?? shellDelay + config.delay()
    if (wait > 0) return sleep(wait).then(() => negotiate(route, request, params, prefer))
    return negotiate(route, request, params, prefer)
  }

  /** `Prefer: status`, then negotiation (406), then the route. */
  function negotiate(
    route: HalRoute,
    request: HalRequest,
    params: Readonly<Record<string, string>>,
    prefer: Preferences,
  ): Answer | Promise<Answer> {
    if (prefer.status !== undefined) {
      throw new Problem(prefer.status, `Answered ${prefer.status} as asked by Prefer: status.`)
    }
    const produces = route.produces ?? HAL_TYPES
    if (produces.length > 0 && !accepts(request.headers, produces)) {
      throw new Problem(406, `This resource is available as ${produces.join(' or ')} only.`)
    }
    return config.run(route, request, params, prefer)
  }

  async function answer(request: HalRequest, options?: AnswerOptions): Promise<Answer> {
    let result: Answer
    try {
      result = await run(request, options?.delay ?? 0)
    } catch (error) {
      result = config.problem(error, request)
    }
    const vary = result.headers.vary
    // Accept first; a route's own (the credentials of a per-caller answer) kept after it.
    result.headers.vary = 'Accept'
    if (vary) appendHeader(result.headers, 'vary', vary)
    if (request.method !== 'HEAD' || result.body === null) return result
    return { status: result.status, headers: result.headers, body: null }
  }

  return {
    answer,
    handle: async (request, options) => toResponse(await answer(fetchHalRequest(request), options)),
    covers: (url) => {
      const underBase = router.covers(url.pathname)
      return config.covers ? config.covers(url, underBase) : underBase
    },
  }
}
