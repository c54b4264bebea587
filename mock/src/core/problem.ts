import type { Answer } from '../http/answer.js'
import { PROBLEMS, Problem, type ProblemDetails } from '../http/problem.js'

/** Titles of the statuses the core answers beyond the Blog API's own problem types. */
const TITLES: Readonly<Record<number, string>> = { 409: 'Conflict', 501: 'Not Implemented' }

/**
 * RFC 9457 problem details for a thrown {@link Problem} (anything else is a 500 that leaks
 * nothing): type `about:blank`, since a generated API has no problem pages of its own, and the
 * status's title.
 *
 * @example
 * problemAnswer(new Problem(404, 'No order 7.'), '/api/orders/7').status // 404
 */
export function problemAnswer(error: unknown, instance: string): Answer {
  const problem =
    error instanceof Problem ? error : new Problem(500, 'The mock failed to answer this request.')
  if (!(error instanceof Problem)) console.error('[halyard-mock] unexpected error:', error)
  const { status } = problem
  const known = (PROBLEMS as Record<number, { title: string }>)[status]?.title ?? TITLES[status]
  const details: ProblemDetails = {
    type: 'about:blank',
    title: known ?? (status >= 500 ? 'Server Error' : 'Client Error'),
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
