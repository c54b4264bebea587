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
 * One symbol for every copy of this package in a process (`Symbol.for`): a module loaded beside the
 * CLI may bring its own copy, whose `Problem` is another class.
 */
const PROBLEM = Symbol.for('@halyard/mock.Problem')

/**
 * Whether `error` is a {@link Problem} of any copy of `@halyard/mock`, where `instanceof` would see
 * only this copy's.
 *
 * @example
 * isProblem(new Problem(404, 'No order 7.')) // true
 */
export function isProblem(error: unknown): error is Problem {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { [PROBLEM]?: unknown })[PROBLEM] === true
  )
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
  /** The brand {@link isProblem} reads, on the prototype: not an own member, so never logged. */
  get [PROBLEM](): true {
    return true
  }
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
