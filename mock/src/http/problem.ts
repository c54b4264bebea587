/** An RFC 9457 problem details object, as the mock sends it. */
export interface ProblemDetails {
  type: string
  title: string
  status: number
  detail: string
  instance?: string
  /** On 422: one entry per invalid member of the body. */
  errors?: readonly FieldError[]
}

/** One invalid member of a request body, located by a JSON Pointer (RFC 6901). */
export interface FieldError {
  pointer: string
  detail: string
}

/** The problem types the mock emits; each has a page under `…/docs/problems/{slug}`. */
export const PROBLEMS = {
  400: { slug: 'bad-request', title: 'Bad Request' },
  401: { slug: 'unauthorized', title: 'Unauthorized' },
  403: { slug: 'forbidden', title: 'Forbidden' },
  404: { slug: 'not-found', title: 'Not Found' },
  405: { slug: 'method-not-allowed', title: 'Method Not Allowed' },
  406: { slug: 'not-acceptable', title: 'Not Acceptable' },
  412: { slug: 'precondition-failed', title: 'Precondition Failed' },
  413: { slug: 'content-too-large', title: 'Content Too Large' },
  415: { slug: 'unsupported-media-type', title: 'Unsupported Media Type' },
  422: { slug: 'validation-failed', title: 'Unprocessable Content' },
  500: { slug: 'internal-error', title: 'Internal Server Error' },
} as const satisfies Record<number, { slug: string; title: string }>

export type ProblemStatus = keyof typeof PROBLEMS

/**
 * Thrown anywhere in a route to answer with problem details; the route runner turns it into the
 * response, so handlers read as the happy path.
 *
 * @example
 * throw new Problem(404, 'No blog with id 7.')
 */
export class Problem extends Error {
  override readonly name = 'Problem'
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly extra: {
      headers?: Record<string, string>
      errors?: readonly FieldError[]
    } = {},
  ) {
    super(detail)
  }
}
