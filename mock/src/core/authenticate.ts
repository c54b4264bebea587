import type { HeaderReader } from '../http/headers.js'
import { Problem } from '../http/problem.js'
import type { HalApiDefinition } from './definition.js'
import type { HalRequest } from './request.js'

/**
 * The token an API that names none accepts for writes: the Blog API's, so that one token works
 * for every API the mock serves.
 */
export const DEFAULT_DEV_TOKEN = 'dev-token'

/**
 * The tokens the default `authenticate` accepts: the definition's `tokens` and every collection's
 * `writers`; when it names none at all (and has no `authenticate` of its own), `dev-token`. A
 * token rather than open writes: a request carrying one is never CORS-simple, so a stranger's page
 * cannot change the data without a preflight the server refuses. `tokens: []` makes an API
 * read-only.
 *
 * @example
 * acceptedTokens({ basePath: '/api', collections: {} }) // ['dev-token']
 */
export function acceptedTokens(
  definition: Pick<HalApiDefinition, 'tokens' | 'collections' | 'authenticate'>,
): readonly string[] {
  const writers = Object.values(definition.collections).flatMap((c) => c.writers ?? [])
  if (definition.tokens === undefined && writers.length === 0 && !definition.authenticate) {
    return [DEFAULT_DEV_TOKEN]
  }
  return [...new Set([...(definition.tokens ?? []), ...writers])]
}

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
