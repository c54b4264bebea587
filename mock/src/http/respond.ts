import { ByteLru, stringBytes } from '../memory/byte-lru.js'
import type { Answer } from './answer.js'
import type { HeaderReader } from './headers.js'
import { evaluatePreconditions, type Validators } from './preconditions.js'
import { Problem } from './problem.js'
import { httpDate, strongEtag } from './validators.js'

/** The media type of every HAL answer. */
export const HAL_JSON = 'application/hal+json'

/** A serialized representation with its validators. */
export interface Representation extends Validators {
  readonly json: string
}

/** What the preconditions read of a request. */
export interface ConditionalRequest {
  readonly method: string
  readonly headers: HeaderReader
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

/**
 * The representations last built for recent resources, so that reading an unchanged resource
 * again skips serializing and hashing it. An entry serves only while every input it was built
 * from is still the same value (`===`): the store replaces a record on every write, and the
 * inputs also name the fields read, in case a record is edited in place. Bounded in bytes (the
 * text and the string inputs it pins), least recently used first out.
 *
 * @example
 * const recent = new RepresentationMemo<ArticleRecord>('articles')
 * const rep = recent.get(article, [urls, blog, article.title], () => represent(body(), at))
 */
export class RepresentationMemo<K extends {}> {
  readonly #entries: ByteLru<K, { inputs: readonly unknown[]; rep: Representation }>

  constructor(budget: 'pages' | 'articles') {
    this.#entries = new ByteLru(budget, ({ inputs, rep }) =>
      inputs.reduce<number>(
        (bytes, input) => (typeof input === 'string' ? bytes + stringBytes(input) : bytes),
        stringBytes(rep.json) + stringBytes(rep.etag),
      ),
    )
  }

  get(key: K, inputs: readonly unknown[], build: () => Representation): Representation {
    const entry = this.#entries.get(key)
    if (entry && sameValues(entry.inputs, inputs)) return entry.rep
    const rep = build()
    // A page larger than the whole budget is answered but not kept.
    this.#entries.set(key, { inputs, rep })
    return rep
  }
}

const sameValues = (a: readonly unknown[], b: readonly unknown[]): boolean =>
  a.length === b.length && a.every((value, i) => value === b[i])

/** The validator and caching headers every 200, 201 and 304 of a cacheable resource carries. */
export function validatorHeaders({ etag, lastModified }: Validators): Record<string, string> {
  return { etag, 'last-modified': httpDate(lastModified), 'cache-control': 'no-cache' }
}

/**
 * A 200 for a read, or 304 / 412 when the request's preconditions say so.
 *
 * @example
 * return answerRead(context.request, represent(body, changedAt))
 */
export function answerRead(request: ConditionalRequest, rep: Representation): Answer {
  const outcome = evaluatePreconditions(request.method, request.headers, rep)
  if (outcome === 304) return { status: 304, headers: validatorHeaders(rep), body: null }
  if (outcome === 412) throw preconditionFailed()
  return {
    status: 200,
    headers: { 'content-type': HAL_JSON, ...validatorHeaders(rep) },
    body: rep.json,
  }
}

/** A HAL answer to a write, carrying the new validators. */
export function answerWrite(
  rep: Representation,
  status: number,
  headers: Record<string, string> = {},
): Answer {
  return {
    status,
    headers: { 'content-type': HAL_JSON, ...validatorHeaders(rep), ...headers },
    body: rep.json,
  }
}

/**
 * Throws a 412 unless the request's preconditions hold for the resource as it is now. Call it
 * inside the store's write lock, right before the write.
 */
export function checkWritePreconditions(request: ConditionalRequest, current: Validators): void {
  if (evaluatePreconditions(request.method, request.headers, current) !== 'proceed') {
    throw preconditionFailed()
  }
}

const preconditionFailed = () =>
  new Problem(
    412,
    'The resource has changed since you read it (If-Match / If-Unmodified-Since failed). Re-read it before retrying.',
  )
