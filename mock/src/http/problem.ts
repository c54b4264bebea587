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
