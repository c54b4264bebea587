import Negotiator from 'negotiator'
import type { HeaderReader } from './headers.js'

/** What the HAL routes can produce; `application/json` is served as HAL since HAL is JSON. */
export const HAL_TYPES = ['application/hal+json', 'application/json'] as const
/** What the documentation pages produce. */
export const HTML_TYPES = ['text/html'] as const

/** Distinct `Accept` values remembered per list of types; clients send very few of them. */
const MEMO_SIZE = 256
const memos = new WeakMap<readonly string[], Map<string, boolean>>()

/**
 * Whether a request's `Accept` admits one of `available` (q-values honoured, `q=0` excludes;
 * an absent `Accept` admits anything), by the jshttp negotiator rather than a hand-made parser.
 *
 * @example
 * accepts(new Headers({ accept: 'text/html;q=0.9, application/*' }), HAL_TYPES) // true
 */
export function accepts(headers: HeaderReader, available: readonly string[]): boolean {
  const accept = headers.get('accept')
  if (accept === null) return true
  let memo = memos.get(available)
  if (!memo) {
    memo = new Map()
    memos.set(available, memo)
  }
  let verdict = memo.get(accept)
  if (verdict === undefined) {
    verdict = negotiate(accept, available)
    // A client sending ever-new values must not grow the memo without bound.
    if (memo.size >= MEMO_SIZE) memo.clear()
    memo.set(accept, verdict)
  }
  return verdict
}

function negotiate(accept: string, available: readonly string[]): boolean {
  // What is sent is UTF-8, so `application/hal+json; charset=utf-8` is acceptable too: the
  // negotiator only matches an Accept parameter that the offered type also carries.
  const offered = available.flatMap((type) => [type, `${type}; charset=utf-8`])
  return new Negotiator({ headers: { accept } }).mediaType(offered) !== undefined
}
