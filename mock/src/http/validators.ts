import { sha256 } from '@noble/hashes/sha2.js'
import { ByteLru, stringBytes } from '../memory/byte-lru.js'

const encoder = new TextEncoder()

/** Representations recently hashed, by their exact text: hashing costs more than the lookup. */
const recentEtags = new ByteLru<string, string>(
  'etags',
  (etag, body) => stringBytes(body) + stringBytes(etag),
)

/**
 * A strong ETag: a hash of the representation's bytes. Synchronous on purpose, so a precondition
 * check and the write it guards can run without yielding to another request.
 *
 * @example
 * strongEtag('{"id":1}') // '"…22 base64url characters…"'
 */
export function strongEtag(body: string): string {
  let etag = recentEtags.get(body)
  if (etag === undefined) {
    const digest = sha256(encoder.encode(body)).subarray(0, 16)
    let binary = ''
    for (const byte of digest) binary += String.fromCharCode(byte)
    etag = `"${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}"`
    // Clients read the same few representations again and again; a large one is not kept.
    recentEtags.set(body, etag)
  }
  return etag
}

/** Formatted dates by epoch second: resources share few change times, and formatting costs. */
const recentDates = new ByteLru<number, string>('dates', (text) => stringBytes(text) + 8)

/** An HTTP-date (IMF-fixdate) for epoch milliseconds, which HTTP carries to the second. */
export function httpDate(ms: number): string {
  const second = Math.floor(ms / 1000)
  let text = recentDates.get(second)
  if (text === undefined) {
    text = new Date(ms).toUTCString()
    recentDates.set(second, text)
  }
  return text
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const MONTH = `(?<month>${MONTHS.join('|')})`
const TIME = String.raw`(?<hour>\d{2}):(?<minute>\d{2}):(?<second>\d{2})`
const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)'
/** The three HTTP-date formats a recipient must accept (RFC 9110 §5.6.7), all in GMT. */
const HTTP_DATE_FORMATS = [
  // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
  String.raw`${DAY}, (?<day>\d{2}) ${MONTH} (?<year>\d{4}) ${TIME} GMT`,
  // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
  String.raw`(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (?<day>\d{2})-${MONTH}-(?<year>\d{2}) ${TIME} GMT`,
  // asctime: Sun Nov  6 08:49:37 1994
  String.raw`${DAY} ${MONTH} (?<day>[ \d]\d) ${TIME} (?<year>\d{4})`,
].map((format) => new RegExp(`^${format}$`))

/**
 * Epoch seconds of an HTTP-date header value, or `undefined` when it is absent or not an
 * HTTP-date: RFC 9110 §13.1 has a recipient ignore any other value, which `Date.parse` would read
 * (`2000-01-01`, even `1`).
 *
 * @example
 * parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT') // 784111777
 */
export function parseHttpDate(value: string | null): number | undefined {
  if (value === null) return undefined
  const text = value.trim()
  for (const format of HTTP_DATE_FORMATS) {
    const date = format.exec(text)?.groups
    if (!date) continue
    const { day = '', month = '', year = '', hour = '', minute = '', second = '' } = date
    const fullYear = year.length === 2 ? rfc850Year(Number(year)) : Number(year)
    const ms = Date.UTC(fullYear, MONTHS.indexOf(month), +day, +hour, +minute, +second)
    return Math.floor(ms / 1000)
  }
  return undefined
}

/** A two-digit RFC 850 year: the latest year ending in those digits at most 50 years ahead. */
function rfc850Year(yy: number): number {
  const now = new Date().getUTCFullYear()
  const year = now - (now % 100) + yy
  return year > now + 50 ? year - 100 : year
}

/** Epoch seconds, the precision at which `Last-Modified` is compared. */
export const toSeconds = (ms: number): number => Math.floor(ms / 1000)
