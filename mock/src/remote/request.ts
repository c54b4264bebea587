import type { RequestGuard } from './deadline.js'

/** Which credentials a request carries: the token, none, or a token no server knows. */
export type Credentials = 'token' | 'none' | 'wrong'

/** A token no server knows, for the wrong-token checks. */
const WRONG_TOKEN = 'halyard-verify-wrong-token'

/**
 * A request's headers: the user's and the token (in its header, `Bearer …` or as it is), or,
 * without the token or with a wrong one, none of the user's at all; then the request's own.
 */
export function requestHeaders(
  given: {
    readonly headers: Readonly<Record<string, string>>
    readonly tokenHeader?: { readonly name: string; readonly bearer: boolean }
    readonly token?: string | undefined
  },
  credentials: Credentials,
  own: Readonly<Record<string, string>>,
): Headers {
  const { name, bearer } = given.tokenHeader ?? { name: 'authorization', bearer: true }
  // Without the token: none of the user's headers either, the check is about a request without credentials.
  const all = new Headers(credentials === 'token' ? given.headers : {})
  const token =
    credentials === 'token' ? given.token : credentials === 'wrong' ? WRONG_TOKEN : undefined
  if (token !== undefined) all.set(name, bearer ? `Bearer ${token}` : token)
  for (const [key, value] of Object.entries(own)) all.set(key, value)
  return all
}

/**
 * One fetch under its guard, redirects left to the caller. A kept-alive connection the server
 * closed just as it was reused fails before any answer: a safe request is sent again once
 * (RFC 9110, 9.2.2), never after a timeout or a stop, and a write never.
 */
export async function fetchOnce(
  send: (request: Request) => Promise<Response>,
  init: {
    readonly method: string
    readonly url: string
    readonly headers: Headers
    readonly body: string | undefined
    readonly guard: RequestGuard
    readonly safe: boolean
  },
): Promise<Response> {
  const { method, url, headers, body, guard, safe } = init
  const request = () =>
    guard.until(
      send(
        new Request(url, {
          method,
          headers,
          ...(body === undefined ? {} : { body }),
          redirect: 'manual',
          signal: guard.signal,
        }),
      ),
    )
  try {
    return await request()
  } catch (error) {
    if (!safe || guard.signal.aborted) throw error
    return await request()
  }
}
