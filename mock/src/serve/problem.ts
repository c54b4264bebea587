import type { HalErrorFormat } from '../definition/api.js'
import { type Answer, utf8Length } from '../http/answer.js'
import { PROBLEM_JSON } from '../http/media-types.js'
import { isProblem, Problem, type ProblemDetails } from '../http/problem.js'
import { reasonPhrase } from '../http/reason-phrase.js'

/**
 * RFC 9457 problem details for a thrown {@link Problem} (anything else is a 500 that leaks
 * nothing): the status's reason phrase as its title, and as its `type` the page `typeOf` names
 * for the status (an absolute URL), else `about:blank`; written in the API's own error `format`
 * when it has one (a refused body's status, its body and media type).
 *
 * @example
 * problemAnswer(new Problem(404, 'No order 7.'), '/api/orders/7').status // 404
 */
export function problemAnswer(
  error: unknown,
  instance: string,
  typeOf?: (status: number) => string | undefined,
  format?: HalErrorFormat,
): Answer {
  const problem = isProblem(error)
    ? error
    : new Problem(500, 'The mock failed to answer this request.')
  if (!isProblem(error)) console.error('[halyard-mock] unexpected error:', error)
  // Every 422 of the core is a body refused: the API's own status for one.
  const status = problem.status === 422 ? (format?.invalid ?? 422) : problem.status
  const details: ProblemDetails = {
    type: typeOf?.(status) ?? 'about:blank',
    title: reasonPhrase(status) ?? (status >= 500 ? 'Server Error' : 'Client Error'),
    status,
    detail: problem.detail,
    instance,
    ...(problem.extra.errors === undefined ? {} : { errors: problem.extra.errors }),
  }
  const body = format?.body ? shaped(format, details) : JSON.stringify(details)
  if (body === undefined) return { status, headers: { ...problem.extra.headers }, body: null }
  return {
    status,
    // The length too, as MSW's `HttpResponse.json` sets it.
    headers: {
      'content-type': format?.mediaType ?? PROBLEM_JSON,
      ...problem.extra.headers,
      'content-length': String(utf8Length(body)),
    },
    body,
  }
}

/**
 * The text of the API's own body for `details` (`undefined` for none); the problem details when
 * its hook throws or gives what JSON cannot write: an error answer never fails.
 */
function shaped(format: HalErrorFormat, details: ProblemDetails): string | undefined {
  try {
    const body = format.body?.(details)
    return body === undefined ? undefined : JSON.stringify(body)
  } catch (error) {
    console.error('[halyard-mock] unexpected error:', error)
    return JSON.stringify(details)
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
