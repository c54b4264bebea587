import Negotiator from 'negotiator'
import { ByteLru, stringBytes } from '../memory/byte-lru.js'
import type { HeaderReader } from './headers.js'

/** What the HAL routes can produce; `application/json` is served as HAL since HAL is JSON. */
export const HAL_TYPES = ['application/hal+json', 'application/json'] as const
/** What the documentation pages produce. */
export const HTML_TYPES = ['text/html'] as const

/** `Accept` verdicts per list of types: clients send very few distinct values. */
const memos = new WeakMap<readonly string[], ByteLru<string, boolean>>()

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
    memo = new ByteLru('accept', (_, accept) => stringBytes(accept))
    memos.set(available, memo)
  }
  let verdict = memo.get(accept)
  if (verdict === undefined) {
    verdict = negotiate(accept, available)
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
