/**
 * The SDK's errors, after ky's: one base class, a literal `name` per class, and type guards that
 * test that `name` (so they work across bundles and realms, where `instanceof` does not).
 */

/** RFC 9457 problem details, as servers send them with `application/problem+json`. */
export interface ProblemDetails {
  type?: string
  title?: string
  status?: number
  detail?: string
  instance?: string
  /**
   * The field errors of a 422, as RFC 9457 §3's example extension writes them (a JSON Pointer and
   * a detail each): what `defineHalApi`'s APIs send, the Blog API's among them.
   */
  errors?: FieldError[]
  [member: string]: unknown
}

/** One invalid field of a 422: a JSON Pointer into the body sent, and what is wrong with it. */
export interface FieldError {
  pointer: string
  detail: string
}

/** Every error class's `name`. */
export type HalyardErrorName =
  | 'HalyardError'
  | 'UriTemplateError'
  | 'LinkNotFoundError'
  | 'ActionNotFoundError'
  | 'InvalidResponseError'
  | HttpErrorName

/** The `name` of an error that carries an HTTP response. */
export type HttpErrorName =
  | 'HttpError'
  | 'NotFoundError'
  | 'UnauthorizedError'
  | 'PreconditionFailedError'
  | 'ValidationError'

/**
 * The base of every error the SDK throws itself. Network failures and timeouts come from ky
 * unchanged (`NetworkError`, `TimeoutError`), and an aborted call rejects with the signal's reason.
 */
export class HalyardError extends Error {
  override readonly name: HalyardErrorName = 'HalyardError'
}

/** A response with status 400 or more. The message names the status, the method and the URL. */
export class HttpError extends HalyardError {
  override readonly name: HttpErrorName = 'HttpError'
  /** The problem details the server sent, when it sent JSON. */
  readonly problem: ProblemDetails | undefined

  constructor(
    readonly method: string,
    readonly url: string,
    readonly response: Response,
    problem?: ProblemDetails,
  ) {
    // What the server said: the problem's title and detail, else the status text.
    // A title or detail that is no text (servers differ) says nothing readable.
    const what =
      [problem?.title, problem?.detail]
        .filter((part) => typeof part === 'string' && part)
        .join(': ') || response.statusText
    super(`${method} ${url} answered ${response.status}${what ? `: ${what}` : ''}`)
    this.problem = problem
  }

  /** The response status. */
  get status(): number {
    return this.response.status
  }
}

/** 401: a token is missing or unknown. */
export class UnauthorizedError extends HttpError {
  override readonly name = 'UnauthorizedError' as const
}

/** 404: no resource at that URL. */
export class NotFoundError extends HttpError {
  override readonly name = 'NotFoundError' as const
}

/** 412: the resource changed since it was read. Re-read it (`refresh()`) before trying again. */
export class PreconditionFailedError extends HttpError {
  override readonly name = 'PreconditionFailedError' as const
}

/**
 * 422: the body was refused; `errors` points at each field at fault. `action.submit()` throws it
 * too, without sending anything, when the values break the template's constraints: `sent` is then
 * `false` and `response` a stand-in 422.
 */
export class ValidationError extends HttpError {
  override readonly name = 'ValidationError' as const
  /** Whether the request was sent: `false` when the SDK refused the values itself. */
  readonly sent: boolean

  constructor(method: string, url: string, response?: Response, problem: ProblemDetails = {}) {
    super(method, url, response ?? new Response(null, { status: 422 }), problem)
    this.sent = !!response
    if (!response)
      this.message = `${method} ${url} not sent: ${problem.errors?.map((error) => error.detail).join('; ')}`
  }

  /**
   * The field errors, as JSON Pointers into the body sent: the members of the body's `errors` that
   * are `{ pointer, detail }` (RFC 9457 §3). Other shapes (strings, an object by field) stay in
   * `problem`.
   */
  get errors(): readonly FieldError[] {
    const errors: unknown = this.problem?.errors
    return Array.isArray(errors)
      ? errors.filter(
          (error) => typeof error?.pointer === 'string' && typeof error.detail === 'string',
        )
      : []
  }
}

/**
 * A response the SDK refuses to use, whatever its status: invalid JSON, JSON nested deeper than
 * 1000 levels, a body over `maxBodySize`, an invalid `Location`, more than 20 redirects. The
 * message names the method, the URL and what was wrong.
 */
export class InvalidResponseError extends HalyardError {
  override readonly name = 'InvalidResponseError' as const

  constructor(
    readonly method: string,
    readonly url: string,
    /** What was wrong, e.g. `invalid JSON`. */
    readonly reason: string,
  ) {
    super(`${method} ${url} answered ${reason}`)
  }
}

/** A rel the document does not hold (or no link of it matches the selection). */
export class LinkNotFoundError extends HalyardError {
  override readonly name = 'LinkNotFoundError' as const

  constructor(
    readonly rel: string,
    readonly url: string,
    /** The rels the document does hold. */
    readonly available: readonly string[],
    /** The `name` or `title` asked for, if any. */
    readonly selection?: string,
  ) {
    super(
      `GET ${url} has no link '${rel}'${selection ? ` '${selection}'` : ''}; its rels: ${available.join(', ')}`,
    )
  }
}

/** An action (a HAL-FORMS template) the state does not offer. */
export class ActionNotFoundError extends HalyardError {
  override readonly name = 'ActionNotFoundError' as const

  constructor(
    readonly action: string,
    readonly url: string,
    /** The actions the state does offer. */
    readonly available: readonly string[],
  ) {
    super(
      available.length > 0
        ? `GET ${url} has no action '${action}'; its actions: ${available.join(', ')}`
        : // Most often a client that reads no HAL-FORMS: say how to get the templates.
          `GET ${url} has no action '${action}': it offers none to this client (actions are read from HAL-FORMS templates: createClient({ adapter: halFormsAdapter() }), from '@halyard/sdk/forms')`,
    )
  }
}

/** An invalid RFC 6570 template, or variables it cannot take. */
export class UriTemplateError extends HalyardError {
  override readonly name = 'UriTemplateError' as const

  constructor(
    readonly template: string,
    reason: string,
  ) {
    super(`Invalid URI template '${template}': ${reason}`)
  }
}

const guard =
  <E extends HalyardError>(names: RegExp) =>
  (error: unknown): error is E =>
    error instanceof Error && names.test(error.name)

/**
 * Type guards by `name`.
 *
 * @example
 * ```ts
 * try { await article.put(input) } catch (error) {
 *   if (isPreconditionFailedError(error)) await article.refresh()
 *   else throw error
 * }
 * ```
 */
export const isHalyardError = guard<HalyardError>(
  /^(Halyard|UriTemplate|LinkNotFound|ActionNotFound|InvalidResponse|Http|NotFound|Unauthorized|PreconditionFailed|Validation)Error$/,
)
/** True for any error that carries an HTTP response (`HttpError` and its subclasses). */
export const isHttpError = guard<HttpError>(
  /^(Http|NotFound|Unauthorized|PreconditionFailed|Validation)Error$/,
)
/** True for a 401 (`UnauthorizedError`); works across bundles (it tests `name`). */
export const isUnauthorizedError = guard<UnauthorizedError>(/^UnauthorizedError$/)
/** True for a 404 (`NotFoundError`); works across bundles (it tests `name`). */
export const isNotFoundError = guard<NotFoundError>(/^NotFoundError$/)
/** True for a 412 (`PreconditionFailedError`): someone changed the resource since it was read; works across bundles (it tests `name`). */
export const isPreconditionFailedError = guard<PreconditionFailedError>(/^PreconditionFailedError$/)
/** True for a 422 or values an action refused before sending (`ValidationError`); works across bundles (it tests `name`). */
export const isValidationError = guard<ValidationError>(/^ValidationError$/)
/** True for a rel the document lacks (`LinkNotFoundError`); works across bundles (it tests `name`). */
export const isLinkNotFoundError = guard<LinkNotFoundError>(/^LinkNotFoundError$/)
/** True for a template the document lacks (`ActionNotFoundError`); works across bundles (it tests `name`). */
export const isActionNotFoundError = guard<ActionNotFoundError>(/^ActionNotFoundError$/)
/** True for a response the SDK refused (`InvalidResponseError`); works across bundles (it tests `name`). */
export const isInvalidResponseError = guard<InvalidResponseError>(/^InvalidResponseError$/)
/** True for an invalid URI template or variable (`UriTemplateError`); works across bundles (it tests `name`). */
export const isUriTemplateError = guard<UriTemplateError>(/^UriTemplateError$/)
