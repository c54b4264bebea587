import type { HeaderReader } from '../http/headers.js'
import { Problem } from '../http/problem.js'
import type { HalApiDefinition } from './definition.js'
import type { HalRequest } from './request.js'
import { acceptedTokens } from './tokens.js'

/**
 * An API's one token check: its own `authenticate`, or by default one of the tokens it accepts
 * (`acceptedTokens`: its `tokens`, its collections' `writers`, else `dev-token`), which is the grant. The API's routes and the real server's
 * `/__admin` routes both ask it, so the two accept the same credentials.
 *
 * @example
 * const grant = await authenticatorOf(shop.definition)(fetchHalRequest(request))
 */
export function authenticatorOf(definition: HalApiDefinition): (request: HalRequest) => unknown {
  if (definition.authenticate) return definition.authenticate.bind(definition)
  const tokens = new Set(acceptedTokens(definition))
  const realm = (definition.title ?? 'HAL API').replace(/["\\\r\n]/g, '')
  return (request) => {
    const token = tokenOf(request.headers)
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

/** The token of a request: `X-Access-Token`, else `Authorization: Bearer …`. */
function tokenOf(headers: HeaderReader): string | undefined {
  const header = headers.get('x-access-token')
  if (header !== null) return header
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '')
  return bearer?.[1]
}
