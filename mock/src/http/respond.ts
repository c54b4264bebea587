import { ByteLru, stringBytes } from '../memory/byte-lru.js'
import type { Answer } from './answer.js'
import type { HeaderReader } from './headers.js'
import { HAL_JSON } from './media-types.js'
import { wantsForms } from './negotiation.js'
import { evaluatePreconditions, type Validators } from './preconditions.js'
import { Problem } from './problem.js'
import { httpDate, strongEtag } from './validators.js'

/** A serialized representation with its validators. */
export interface Representation extends Validators {
  readonly json: string
  /** Its media type; {@link HAL_JSON} when absent. */
  readonly contentType?: string
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
 * const rep = represent({ title: 'Ada', _links: { self: { href: '/api/customers/1' } } }, SEED_TIME)
 */
export function represent(
  body: unknown,
  lastModified: number,
  contentType: string = HAL_JSON,
): Representation {
  const json = JSON.stringify(body)
  return { json, etag: strongEtag(json), lastModified, contentType }
}

/**
 * The representation a request asks for among a resource's plain HAL and HAL-FORMS ones
 * (docs/api.md, Negotiation), built lazily; its preconditions match the other one's ETag too.
 *
 * @example
 * const rep = negotiated(context.request, () => represent(body, at), () => represent(withForms, at, HAL_FORMS_JSON))
 */
export function negotiated(
  request: ConditionalRequest,
  plain: () => Representation,
  forms: () => Representation,
): Representation {
  const [chosen, other] = wantsForms(request.headers) ? [forms, plain] : [plain, forms]
  return { ...chosen(), otherEtags: () => [other().etag] }
}

/**
 * The representations last built for recent resources, so that reading an unchanged resource
 * again skips serializing and hashing it. An entry serves while its stamp is the same: the
 * versions the store bumps on every write of what the representation reads (the record, its
 * parent, the embedded records, the collection), never a hand-kept list of fields. Keys name the
 * resource on its origin (the body holds absolute URLs); stamps are unique across stores, so one
 * memo per process serves every instance. Bounded in bytes, least recently used first out.
 *
 * @example
 * const recent = new RepresentationMemo('items')
 * const rep = recent.get(`${base}/orders/7`, [version], () => represent(body(), at))
 */
export class RepresentationMemo {
  readonly #entries: ByteLru<string, MemoEntry>

  constructor(budget: 'pages' | 'items') {
    this.#entries = new ByteLru(
      budget,
      ({ plain, forms }, key) => stringBytes(key) + repBytes(plain) + repBytes(forms),
    )
  }

  /**
   * The representation of `key` at this stamp, built when none is kept. Both representations of
   * a state (plain HAL and HAL-FORMS) share one entry, so that one never answers for the other.
   */
  get(
    key: string,
    stamp: readonly number[],
    build: () => Representation,
    variant: RepresentationVariant = 'plain',
  ): Representation {
    const entry = this.#entries.get(key)
    const same = entry !== undefined && sameValues(entry.stamp, stamp)
    const kept = same ? entry[variant] : undefined
    if (kept) return kept
    const rep = build()
    // A page larger than the whole budget is answered but not kept.
    this.#entries.set(key, { ...(same ? entry : {}), stamp, [variant]: rep })
    return rep
  }
}

/** The process's one memo of serialized items (every API's, the Blog's articles too). */
export const recentItems = new RepresentationMemo('items')

/** The process's one memo of serialized pages of collections (every API's). */
export const recentPages = new RepresentationMemo('pages')

/** Which representation of a resource's state: plain HAL, or HAL-FORMS with `_templates`. */
export type RepresentationVariant = 'plain' | 'forms'

interface MemoEntry {
  readonly stamp: readonly number[]
  readonly plain?: Representation
  readonly forms?: Representation
}

const repBytes = (rep: Representation | undefined): number =>
  rep ? stringBytes(rep.json) + stringBytes(rep.etag) : 0

const sameValues = (a: readonly number[], b: readonly number[]): boolean =>
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
    headers: { 'content-type': rep.contentType ?? HAL_JSON, ...validatorHeaders(rep) },
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
    headers: { 'content-type': rep.contentType ?? HAL_JSON, ...validatorHeaders(rep), ...headers },
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
