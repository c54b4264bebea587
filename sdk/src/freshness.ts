/**
 * How long a response may be reused without asking the server, per RFC 9111 for a private cache:
 * the time (ms since the epoch) it stays fresh, 0 when it must be revalidated before each use
 * (`no-cache`, `must-revalidate` once stale, or no freshness information: no heuristic), and
 * `undefined` when it must not be kept at all (`no-store`). `max-age` counts from the response's
 * `Age`.
 *
 * @example
 * ```ts
 * freshUntil(new Headers({ 'cache-control': 'max-age=60' })) // Date.now() + 60_000
 * ```
 */
export function freshUntil(headers: Headers, now = Date.now()): number | undefined {
  const directives = headers.get('cache-control')?.toLowerCase() ?? ''
  if (/\bno-store/.test(directives)) return undefined
  const maxAge = !/\bno-cache/.test(directives) && /\bmax-age="?(\d+)/.exec(directives)
  return maxAge ? now + (Number(maxAge[1]) - Number(headers.get('age') ?? 0)) * 1000 : 0
}
