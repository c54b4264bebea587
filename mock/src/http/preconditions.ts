import type { HeaderReader } from './headers.js'
import { parseHttpDate, toSeconds } from './validators.js'

/** The validators of a resource's current representation. */
export interface Validators {
  readonly etag: string
  /** Epoch milliseconds. */
  readonly lastModified: number
  /**
   * The ETags of the same state in the resource's other representations (HAL-FORMS beside HAL),
   * which `If-Match` / `If-None-Match` match too (docs/api.md, HTTP semantics); read only when `etag` does not match.
   */
  readonly otherEtags?: () => readonly string[]
}

/** What the preconditions decide: go on, or answer 304 / 412 instead. */
export type PreconditionOutcome = 'proceed' | 304 | 412

/**
 * Evaluates conditional headers in RFC 9110 §13.2.2 order, which also gives the source's rule that
 * an ETag condition overrides a date condition. `current` is `undefined` when the target does not
 * exist (only `If-Match` can fail then; a missing target is otherwise the route's 404).
 *
 * @example
 * evaluatePreconditions('GET', new Headers({ 'if-none-match': etag }), { etag, lastModified }) // 304
 */
export function evaluatePreconditions(
  method: string,
  headers: HeaderReader,
  current: Validators | undefined,
): PreconditionOutcome {
  const safe = method === 'GET' || method === 'HEAD'
  const ifMatch = headers.get('if-match')
  if (ifMatch !== null) {
    if (!current || !matches(ifMatch, current, 'strong')) return 412
  } else {
    const since = parseHttpDate(headers.get('if-unmodified-since'))
    if (since !== undefined && current && toSeconds(current.lastModified) > since) return 412
  }
  const ifNoneMatch = headers.get('if-none-match')
  if (ifNoneMatch !== null) {
    if (current && matches(ifNoneMatch, current, 'weak')) return safe ? 304 : 412
  } else if (safe && current) {
    const since = parseHttpDate(headers.get('if-modified-since'))
    if (since !== undefined && toSeconds(current.lastModified) <= since) return 304
  }
  return 'proceed'
}

/**
 * Whether an `If-Match` / `If-None-Match` list names the current ETag of any representation (`*`
 * names any existing resource).
 */
function matches(list: string, current: Validators, comparison: 'strong' | 'weak'): boolean {
  if (list.trim() === '*') return true
  const tags = parseEntityTags(list)
  if (tags.length === 0) return false
  if (matchesEtag(tags, current.etag, comparison)) return true
  return (current.otherEtags?.() ?? []).some((etag) => matchesEtag(tags, etag, comparison))
}

function matchesEtag(
  tags: readonly string[],
  etag: string,
  comparison: 'strong' | 'weak',
): boolean {
  const current = opaque(etag)
  return tags.some((tag) => {
    const weak = tag.startsWith('W/')
    if (comparison === 'strong' && (weak || etag.startsWith('W/'))) return false
    return opaque(tag) === current
  })
}

const opaque = (tag: string): string => (tag.startsWith('W/') ? tag.slice(2) : tag)

/** Splits `"a", W/"b"` into its entity tags; commas may appear inside quotes. */
function parseEntityTags(list: string): string[] {
  return list.match(/(?:W\/)?"[^"]*"/g) ?? []
}
