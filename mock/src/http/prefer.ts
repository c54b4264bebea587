import type { HeaderReader } from './headers.js'

/** The request preferences (RFC 7240) the mock honours. */
export interface Preferences {
  /** `return=representation`: DELETE answers 200 with a body instead of 204. */
  readonly returnRepresentation: boolean
  /** `status=<code>`: answer that error status (400–599) with a problem body. */
  readonly status?: number
  /** `delay=<ms>`: wait before answering, capped at 10 000 ms (`MAX_DELAY_MS`). */
  readonly delay?: number
}

/**
 * The longest wait `Prefer: delay` or a definition's `delay` may ask for, in milliseconds: an
 * answer is never held longer, so a request cannot tie the server up.
 *
 * @example
 * if (delay > MAX_DELAY_MS) throw new RangeError(`delay must be at most ${MAX_DELAY_MS} ms`)
 */
export const MAX_DELAY_MS = 10_000

/** What a request without `Prefer` asks for (shared: preferences are never mutated). */
const NO_PREFERENCES: Preferences = { returnRepresentation: false }

/**
 * Reads the `Prefer` header(s). Unknown or malformed preferences are ignored, as RFC 7240 asks.
 *
 * @example
 * parsePrefer(new Headers({ prefer: 'return=representation, delay=200' }))
 * // { returnRepresentation: true, delay: 200 }
 */
export function parsePrefer(headers: HeaderReader): Preferences {
  const prefer = headers.get('prefer')
  if (prefer === null) return NO_PREFERENCES
  let returnRepresentation = false
  let status: number | undefined
  let delay: number | undefined
  for (const part of prefer.split(',')) {
    const [token = '', raw = ''] = part.split(';')[0]?.split('=') ?? []
    const name = token.trim().toLowerCase()
    const value = raw.trim().replace(/^"(.*)"$/, '$1')
    if (name === 'return' && value === 'representation') returnRepresentation = true
    if (name === 'status' && /^[45]\d\d$/.test(value)) status = Number(value)
    if (name === 'delay' && /^\d{1,9}$/.test(value)) delay = Math.min(Number(value), MAX_DELAY_MS)
  }
  return {
    returnRepresentation,
    ...(status === undefined ? {} : { status }),
    ...(delay === undefined ? {} : { delay }),
  }
}
