import type { HalApiDefinition } from '../definition/api.js'
import { acceptedTokens } from '../definition/tokens.js'
import type { HeaderReader } from '../http/headers.js'
import { Problem } from '../http/problem.js'
import type { HalRequest } from './request.js'

/**
 * An API's one token check: its own `authenticate`, or by default one of the tokens it accepts
 * ({@link acceptedTokens}), which is the grant. The API's routes and the real server's `/__admin`
 * routes both ask it, so the two accept the same credentials.
 *
 * @example
 * const grant = await authenticatorOf(shop.definition)(fetchHalRequest(request))
 */
export function authenticatorOf(definition: HalApiDefinition): (request: HalRequest) => unknown {
  if (definition.authenticate) return definition.authenticate.bind(definition)
  const tokens = new Set(acceptedTokens(definition))
  const realm = (definition.title ?? 'HAL API').replace(/["\\\r\n]/g, '')
  const schemes = definition.securitySchemes
  return (request) => {
    const token = schemes ? schemeTokenOf(request, schemes) : tokenOf(request)
    if (token === undefined || !tokens.has(token)) {
      throw new Problem(
        401,
        token === undefined
          ? 'This request needs an access token (X-Access-Token or Authorization: Bearer).'
          : 'The access token is not known.',
        { headers: { 'www-authenticate': `Bearer realm="${realm}"` } },
      )
    }
    return token
  }
}

/**
 * The token a request carries where an API's `securitySchemes` say: an `apiKey`'s header or
 * cookie, an `http` bearer's `Authorization`. The default `authenticate` of an API that declares
 * schemes reads them (a recorded API's, say), in their order.
 */
function schemeTokenOf(
  request: HalRequest,
  schemes: NonNullable<HalApiDefinition['securitySchemes']>,
): string | undefined {
  for (const scheme of Object.values(schemes)) {
    const name = typeof scheme.name === 'string' ? scheme.name : undefined
    if (scheme.type === 'apiKey' && name !== undefined) {
      const value =
        scheme.in === 'cookie'
          ? request.cookies[name]
          : scheme.in === 'header'
            ? request.headers.get(name.toLowerCase())
            : undefined
      if (value !== undefined && value !== null) return value
    }
    if (scheme.type === 'http' && /^bearer$/i.test(String(scheme.scheme))) {
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')
      if (bearer?.[1] !== undefined) return bearer[1]
    }
  }
  return undefined
}

/**
 * Where {@link tokenOf} looks for a token after `X-Access-Token`.
 *
 * @example
 * const sources: TokenSources = { bearer: false, cookie: 'access_token' }
 */
export interface TokenSources {
  /** `Authorization: Bearer …`. Default true. */
  readonly bearer?: boolean
  /** The name of a cookie holding the token (only for an API whose pages send no other site's). */
  readonly cookie?: string
}

/**
 * The token a request carries: `X-Access-Token`, else `Authorization: Bearer …`, else the cookie
 * `sources` names. The default `authenticate` reads the first two; an API of its own reads as its
 * reference says (the Blog API: the header, else the `access_token` cookie).
 *
 * @example
 * tokenOf(request) // 'dev-token' for `X-Access-Token: dev-token` or `Authorization: Bearer dev-token`
 * tokenOf(request, { bearer: false, cookie: 'access_token' }) // the header, else the cookie
 */
export function tokenOf(
  request: { readonly headers: HeaderReader; readonly cookies?: Readonly<Record<string, string>> },
  sources: TokenSources = {},
): string | undefined {
  const header = request.headers.get('x-access-token')
  if (header !== null) return header
  if (sources.bearer !== false) {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')
    if (bearer?.[1] !== undefined) return bearer[1]
  }
  return sources.cookie === undefined ? undefined : request.cookies?.[sources.cookie]
}
