import { evaluatePreconditions, type Validators } from './preconditions.js'
import { Problem } from './problem.js'
import { httpDate, strongEtag } from './validators.js'

/** The media type of every HAL answer. */
export const HAL_JSON = 'application/hal+json'

/** A serialized representation with its validators. */
export interface Representation extends Validators {
  readonly json: string
}

/**
 * Serializes a HAL body once and derives its strong ETag from those bytes.
 *
 * @example
 * const rep = represent(blogRepresentation(urls, blog), store.blogChangedAt(blog))
 */
export function represent(body: unknown, lastModified: number): Representation {
  const json = JSON.stringify(body)
  return { json, etag: strongEtag(json), lastModified }
}

/** The validator and caching headers every 200, 201 and 304 of a cacheable resource carries. */
export function validatorHeaders({ etag, lastModified }: Validators): Record<string, string> {
  return { etag, 'last-modified': httpDate(lastModified), 'cache-control': 'no-cache' }
}

/**
 * A 200 for a read, or 304 / 412 when the request's preconditions say so.
 *
 * @example
 * return answerRead(request, represent(body, changedAt))
 */
export function answerRead(request: Request, rep: Representation): Response {
  const outcome = evaluatePreconditions(request.method, request.headers, rep)
  if (outcome === 304) return new Response(null, { status: 304, headers: validatorHeaders(rep) })
  if (outcome === 412) throw preconditionFailed()
  return new Response(rep.json, {
    headers: { 'content-type': HAL_JSON, ...validatorHeaders(rep) },
  })
}

/** A HAL answer to a write, carrying the new validators. */
export function answerWrite(
  rep: Representation,
  status: number,
  headers: Record<string, string> = {},
): Response {
  return new Response(rep.json, {
    status,
    headers: { 'content-type': HAL_JSON, ...validatorHeaders(rep), ...headers },
  })
}

/**
 * Throws a 412 unless the request's preconditions hold for the resource as it is now. Call it
 * inside the store's write lock, right before the write.
 */
export function checkWritePreconditions(request: Request, current: Validators): void {
  if (evaluatePreconditions(request.method, request.headers, current) !== 'proceed') {
    throw preconditionFailed()
  }
}

const preconditionFailed = () =>
  new Problem(
    412,
    'The resource has changed since you read it (If-Match / If-Unmodified-Since failed). Re-read it before retrying.',
  )
