import Negotiator from 'negotiator'
import { ByteLru, stringBytes } from '../memory/byte-lru.js'
import type { HeaderReader } from './headers.js'
import { HAL_FORMS_JSON, HAL_JSON, HTML, JSON_TYPE } from './media-types.js'

/**
 * What the HAL routes can produce; `application/json` is served as HAL since HAL is JSON.
 *
 * @example
 * const route: HalRoute = { method: 'GET', path: '/search', produces: HAL_TYPES, access: 'read', handle }
 */
export const HAL_TYPES = [HAL_JSON, JSON_TYPE] as const
/** What the resources offering HAL-FORMS templates produce (docs/api.md, HTTP semantics, ext). */
export const FORMS_TYPES = [...HAL_TYPES, HAL_FORMS_JSON] as const
/**
 * What the documentation pages produce.
 *
 * @example
 * if (accepts(request.headers, HTML_TYPES)) return { status: 200, headers: { 'content-type': 'text/html' }, body: page }
 */
export const HTML_TYPES = [HTML] as const

/** What negotiation decided for one `Accept`: HAL-FORMS, another acceptable type, or nothing. */
type Verdict = 'forms' | 'plain' | 'none'

/** `Accept` verdicts per list of types: clients send very few distinct values. */
const memos = new WeakMap<readonly string[], ByteLru<string, Verdict>>()

function verdictOf(headers: HeaderReader, available: readonly string[]): Verdict {
  const accept = headers.get('accept')
  if (accept === null) return 'plain'
  let memo = memos.get(available)
  if (!memo) {
    memo = new ByteLru('accept', (_, accept) => stringBytes(accept))
    memos.set(available, memo)
  }
  let verdict = memo.get(accept)
  if (verdict === undefined) {
    verdict = !negotiate(accept, available)
      ? 'none'
      : available.includes(HAL_FORMS_JSON) && prefersForms(accept)
        ? 'forms'
        : 'plain'
    memo.set(accept, verdict)
  }
  return verdict
}

/**
 * Whether a request's `Accept` admits one of `available` (q-values honoured, `q=0` excludes;
 * an absent `Accept` admits anything), by the jshttp negotiator rather than a hand-made parser.
 *
 * @example
 * accepts(new Headers({ accept: 'text/html;q=0.9, application/*' }), HAL_TYPES) // true
 */
export function accepts(headers: HeaderReader, available: readonly string[]): boolean {
  return verdictOf(headers, available) !== 'none'
}

/**
 * Whether a request to a resource offering templates asks for HAL-FORMS (docs/api.md, HTTP semantics, ext).
 *
 * @example
 * wantsForms(new Headers({ accept: 'application/prs.hal-forms+json, application/hal+json' })) // true
 */
export function wantsForms(headers: HeaderReader): boolean {
  return verdictOf(headers, FORMS_TYPES) === 'forms'
}

/**
 * Whether an `Accept` value prefers an HTML page to HAL (q-values honoured, `q=0` excludes; on
 * equal ones, the range listed first): a browser's does, a wildcard alone and an absent one do not.
 *
 * @example
 * prefersHtml('text/html,application/xhtml+xml;q=0.9') // true
 * prefersHtml('text/html;q=0, application/hal+json') // false
 */
export function prefersHtml(accept: string | null): boolean {
  if (accept === null) return false
  return new Negotiator({ headers: { accept } }).mediaType([...HAL_TYPES, HTML]) === HTML
}

function negotiate(accept: string, available: readonly string[]): boolean {
  // What is sent is UTF-8, so `application/hal+json; charset=utf-8` is acceptable too: the
  // negotiator only matches an Accept parameter that the offered type also carries.
  const offered = available.flatMap((type) => [type, `${type}; charset=utf-8`])
  return new Negotiator({ headers: { accept } }).mediaType(offered) !== undefined
}

/**
 * Whether `Accept` names `application/prs.hal-forms+json` itself (a wildcard does not count) with
 * a q-value at least that of `application/hal+json`. The negotiator cannot tell: it never shows
 * q-values, and on equal ones it prefers the range listed first, where the contract prefers forms.
 */
function prefersForms(accept: string): boolean {
  const ranges = parseAccept(accept)
  const forms = ranges.find((range) => range.type === HAL_FORMS_JSON)?.q ?? 0
  return forms > 0 && forms >= qualityOf(ranges, HAL_JSON)
}

interface MediaRange {
  readonly type: string
  readonly q: number
}

/** The media ranges of an `Accept` value with their q-values (RFC 9110 §12.5.1). */
function parseAccept(accept: string): MediaRange[] {
  return accept.split(',').flatMap((part) => {
    const [type = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase())
    if (!type.includes('/')) return []
    const q = params.find((param) => /^q\s*=/.test(param))
    const quality = q === undefined ? 1 : Number(q.slice(q.indexOf('=') + 1))
    return [{ type, q: Number.isFinite(quality) ? quality : 0 }]
  })
}

/** The q-value a type gets from the most specific range naming it (0 when none does). */
function qualityOf(ranges: readonly MediaRange[], type: string): number {
  const [major] = type.split('/')
  for (const candidate of [type, `${major}/*`, '*/*']) {
    const range = ranges.find((r) => r.type === candidate)
    if (range) return range.q
  }
  return 0
}
