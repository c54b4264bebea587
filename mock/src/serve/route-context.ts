import type { HalRoute, HalRouteContext } from '../definition/api.js'
import { type Answer, answerOf } from '../http/answer.js'
import type { Preferences } from '../http/prefer.js'
import type { HalRequest } from './request.js'

/**
 * One request as a route sees it, the core's, yours and the server's own alike: a class, so that
 * the lazy `url` and `request` are getters of its prototype rather than accessors made per request.
 */
class Call implements HalRouteContext {
  constructor(
    readonly http: HalRequest,
    readonly params: Readonly<Record<string, string>>,
    readonly prefer: Preferences,
    readonly grant: unknown,
  ) {}

  /** Made only if the route reads it (graphql-http does; the core's routes do not). */
  get request(): Request {
    return this.http.toFetch()
  }

  /** Parsed only if the route reads it (a plain GET of the real server does not). */
  get url(): URL {
    return this.http.url
  }
}

/** A route's answer as the pipeline takes it: a `Response` read into a plain answer. */
const plainAnswer = (answer: Response | Answer): Answer | Promise<Answer> =>
  answer instanceof Response ? answerOf(answer) : answer

/**
 * Runs a route on one request, its guards passed: the one place a {@link HalRouteContext} is made.
 *
 * @example
 * const answer = await runRoute(route, request, { id: '1' }, parsePrefer(null), undefined)
 */
export function runRoute(
  route: HalRoute,
  request: HalRequest,
  params: Readonly<Record<string, string>>,
  prefer: Preferences,
  grant: unknown,
): Answer | Promise<Answer> {
  const answer = route.handle(new Call(request, params, prefer, grant))
  // A plain answer needs no extra turn of the event loop.
  return answer instanceof Promise ? answer.then(plainAnswer) : plainAnswer(answer)
}
