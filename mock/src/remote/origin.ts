// Where a run may send: the root's origin only. Whatever a server names elsewhere (a link, a
// Location, a redirect) is reported, never sent the credentials.

/**
 * The origin of `url` (`http://host:port`), or undefined for what is no http(s) URL. `//host/x`
 * and `/\host/x` are other hosts once resolved (WHATWG URL reads `\` as `/` in http URLs).
 *
 * @example
 * originOf('/\\evil:81/x', 'http://127.0.0.1:4010/api') // 'http://evil:81'
 */
export function originOf(url: string, base?: string): string | undefined {
  try {
    const parsed = new URL(url, base)
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined
    // Userinfo in a link is a way to send credentials of its own, or to confuse a reader.
    if (parsed.username !== '' || parsed.password !== '') return undefined
    return parsed.origin
  } catch {
    return undefined
  }
}

/** Why a request to `url` is not sent by a client of `origin`, if it is not. */
export function offOrigin(url: string, origin: string): string | undefined {
  const at = originOf(url)
  if (at === origin) return undefined
  return at === undefined
    ? 'not an http(s) URL of the root’s origin: not sent'
    : `another origin (${at}): only the root’s origin (${origin}) is sent requests and credentials`
}

/** A URL as one key: resolved, its fragment dropped (`/a/../b#x` and `/b` are one). */
export function urlKey(url: string, base?: string): string {
  try {
    const parsed = new URL(url, base)
    parsed.hash = ''
    return parsed.href
  } catch {
    return url
  }
}
