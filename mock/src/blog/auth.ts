import { type HalRequest, Problem, tokenOf } from '../index.js'

/** What one access token may do: the blogs it may write to (`'*'` for all). */
export interface TokenGrant {
  readonly blogs: readonly number[] | '*'
}

/** The challenge every 401 carries (docs/api.md, Writes). */
export const WWW_AUTHENTICATE = 'Token realm="blog-api"'

/**
 * The grant of a request's token, or a 401 when it has none or an unknown one.
 *
 * @example
 * const grant = authenticate(request, tokens)
 */
export function authenticate(
  request: Pick<HalRequest, 'headers' | 'cookies'>,
  tokens: ReadonlyMap<string, TokenGrant>,
): TokenGrant {
  // docs/api.md, Writes: the header, else the cookie; no `Authorization`.
  const token = tokenOf(request, { bearer: false, cookie: 'access_token' })
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
