import { type HeaderReader, Problem } from '../index.js'

/** What one access token may do: the blogs it may write to (`'*'` for all). */
export interface TokenGrant {
  readonly blogs: readonly number[] | '*'
}

/** The challenge every 401 carries (docs/api.md, Writes). */
export const WWW_AUTHENTICATE = 'Token realm="blog-api"'

/** The token a request carries: `X-Access-Token`, else the `access_token` cookie. */
export function tokenOf(
  headers: HeaderReader,
  cookies: Record<string, string>,
): string | undefined {
  return headers.get('x-access-token') ?? cookies.access_token ?? undefined
}

/**
 * The grant of a request's token, or a 401 when it has none or an unknown one.
 *
 * @example
 * const grant = authenticate(request.headers, cookies, tokens)
 */
export function authenticate(
  headers: HeaderReader,
  cookies: Record<string, string>,
  tokens: ReadonlyMap<string, TokenGrant>,
): TokenGrant {
  const token = tokenOf(headers, cookies)
  const grant = token === undefined ? undefined : tokens.get(token)
  if (grant) return grant
  throw new Problem(
    401,
    token === undefined
      ? 'This request needs an access token in the X-Access-Token header.'
      : 'The access token is not known.',
    { headers: { 'www-authenticate': WWW_AUTHENTICATE } },
  )
}

/** A 403 unless the grant may write to `blogId`. */
export function authorizeWrite(grant: TokenGrant, blogId: number): void {
  if (grant.blogs === '*' || grant.blogs.includes(blogId)) return
  throw new Problem(403, `This access token may not write to blog ${blogId}.`)
}
