/**
 * How long a response may be reused without asking the server, per RFC 9111 for a private cache:
 * the time (ms since the epoch) it stays fresh, 0 when it must be revalidated before each use
 * (`no-cache`, `must-revalidate` once stale, or no freshness information: no heuristic), and
 * `undefined` when it must not be kept at all (`no-store`). `max-age`, else `Expires` less the
 * response's `Date`, counts from the response's `Age`.
 *
 * @example
 * ```ts
 * freshUntil(new Headers({ 'cache-control': 'max-age=60' })) // Date.now() + 60_000
 * ```
 */
export function freshUntil(headers: Headers, now = Date.now()): number | undefined {
  const directives = headers.get('cache-control')?.toLowerCase() ?? ''
  if (/\bno-store/.test(directives)) return undefined
  if (/\bno-cache/.test(directives)) return 0
  const maxAge = /\bmax-age="?(\d+)/.exec(directives)
  const expires = headers.get('expires')
  // RFC 9111 §4.2.1: without max-age, Expires less Date (or now); an invalid Expires is stale.
  const lifetime = maxAge
    ? Number(maxAge[1]) * 1000
    : expires === null
      ? 0
      : Date.parse(expires) - (Date.parse(headers.get('date') ?? '') || now)
  const until = now + lifetime - Number(headers.get('age') ?? 0) * 1000
  return until > now ? until : 0
}
