import { type Answer, utf8Length } from '../http/answer.js'
import { PROBLEM_JSON } from '../http/media-types.js'
import { isProblem, Problem, type ProblemDetails } from '../http/problem.js'
import { reasonPhrase } from '../http/reason-phrase.js'

/**
 * RFC 9457 problem details for a thrown {@link Problem} (anything else is a 500 that leaks
 * nothing): the status's reason phrase as its title, and as its `type` the page `typeOf` names
 * for the status (an absolute URL), else `about:blank`.
 *
 * @example
 * problemAnswer(new Problem(404, 'No order 7.'), '/api/orders/7').status // 404
 */
export function problemAnswer(
  error: unknown,
  instance: string,
  typeOf?: (status: number) => string | undefined,
): Answer {
  const problem = isProblem(error)
    ? error
    : new Problem(500, 'The mock failed to answer this request.')
  if (!isProblem(error)) console.error('[halyard-mock] unexpected error:', error)
  const { status } = problem
  const details: ProblemDetails = {
    type: typeOf?.(status) ?? 'about:blank',
    title: reasonPhrase(status) ?? (status >= 500 ? 'Server Error' : 'Client Error'),
    status,
    detail: problem.detail,
    instance,
    ...(problem.extra.errors === undefined ? {} : { errors: problem.extra.errors }),
  }
  const body = JSON.stringify(details)
  return {
    status,
    // The length too, as MSW's `HttpResponse.json` sets it.
    headers: {
      'content-type': PROBLEM_JSON,
      ...problem.extra.headers,
      'content-length': String(utf8Length(body)),
    },
    body,
  }
}

/**
 * How a server writes the problem details of its own refusals (Host, admin, explorer, what
 * node:http cannot parse): the API's own (`HalApi.problem`, with its problem types).
 *
 * @example
 * const write: ProblemWriter = api.problem
 * write(new Problem(403, 'Foreign Host.'), 'http://127.0.0.1:4010', '/api').status // 403
 */
export type ProblemWriter = (error: unknown, origin: string, instance: string) => Answer
