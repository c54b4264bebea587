import { sha256 } from '@noble/hashes/sha2.js'

const encoder = new TextEncoder()

/**
 * A strong ETag: a hash of the representation's bytes. Synchronous on purpose, so a precondition
 * check and the write it guards can run without yielding to another request.
 *
 * @example
 * strongEtag('{"id":1}') // '"…22 base64url characters…"'
 */
export function strongEtag(body: string): string {
  const digest = sha256(encoder.encode(body)).subarray(0, 16)
  let binary = ''
  for (const byte of digest) binary += String.fromCharCode(byte)
  return `"${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}"`
}

/** An HTTP-date (IMF-fixdate) for epoch milliseconds, which HTTP carries to the second. */
export function httpDate(ms: number): string {
  return new Date(ms).toUTCString()
}

/** Epoch seconds of an HTTP-date header value, or `undefined` when it is absent or not a date. */
export function parseHttpDate(value: string | null): number | undefined {
  if (value === null) return undefined
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000)
}

/** Epoch seconds, the precision at which `Last-Modified` is compared. */
export const toSeconds = (ms: number): number => Math.floor(ms / 1000)
