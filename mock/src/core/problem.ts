import type { Answer } from '../http/answer.js'
import { Problem, type ProblemDetails } from '../http/problem.js'
import { reasonPhrase } from '../http/reason-phrase.js'

/**
 * RFC 9457 problem details for a thrown {@link Problem} (anything else is a 500 that leaks
 * nothing): type `about:blank`, since a generated API has no problem pages of its own, and the
 * status's reason phrase as its title.
 *
 * @example
 * problemAnswer(new Problem(404, 'No order 7.'), '/api/orders/7').status // 404
 */
export function problemAnswer(error: unknown, instance: string): Answer {
  const problem =
    error instanceof Problem ? error : new Problem(500, 'The mock failed to answer this request.')
  if (!(error instanceof Problem)) console.error('[halyard-mock] unexpected error:', error)
  const { status } = problem
  const details: ProblemDetails = {
    type: 'about:blank',
    title: reasonPhrase(status) ?? (status >= 500 ? 'Server Error' : 'Client Error'),
    status,
    detail: problem.detail,
    instance,
    ...(problem.extra.errors === undefined ? {} : { errors: problem.extra.errors }),
  }
  return {
    status,
    headers: { 'content-type': 'application/problem+json', ...problem.extra.headers },
    body: JSON.stringify(details),
  }
}

/**
 * How a server writes the problem details of its own refusals (Host, admin, explorer, what
 * node:http cannot parse): the Blog API's with its problem pages, any other API's `about:blank`.
 *
 * @example
 * const write: ProblemWriter = plainProblem
 * write(new Problem(403, 'Foreign Host.'), 'http://127.0.0.1:4010', '/api').status // 403
 */
export type ProblemWriter = (error: unknown, origin: string, instance: string) => Answer

/**
 * {@link problemAnswer} as a {@link ProblemWriter}: `about:blank`, whatever the origin.
 *
 * @example
 * plainProblem(new Problem(404, 'No order 7.'), 'http://127.0.0.1:4010', '/api/orders/7').status // 404
 */
export const plainProblem: ProblemWriter = (error, _origin, instance) =>
  problemAnswer(error, instance)
