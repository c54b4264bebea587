import { CREDENTIAL_NAME } from '../redact.js'

// How the API reads credentials, from the headers a recording was made with (`--header`): the
// OpenAPI security schemes the definition declares, so the replay and `verify` send the token
// where the API reads it. Values are never kept, only where they go.

/** A security scheme as OpenAPI writes one (`type`, `in`, `name`, `scheme`). */
export type SecurityScheme = Readonly<Record<string, string>>

/**
 * The security schemes the headers sent show: `Authorization: Bearer …` a bearer scheme, a cookie
 * an API key in that cookie, a header named like a credential (`X-Api-Key`) an API key in it.
 * Undefined when none carries a credential.
 *
 * @example
 * securitySchemesOf({ Authorization: 'Bearer abc' }) // { bearer: { type: 'http', scheme: 'bearer' } }
 */
export function securitySchemesOf(
  headers: Readonly<Record<string, string>>,
): Record<string, SecurityScheme> | undefined {
  const schemes: Record<string, SecurityScheme> = {}
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase()
    if (lower === 'authorization') {
      if (/^bearer\s/i.test(value)) schemes.bearer = { type: 'http', scheme: 'bearer' }
      else if (/^basic\s/i.test(value)) schemes.basic = { type: 'http', scheme: 'basic' }
    } else if (lower === 'cookie') {
      const cookie = value.split(';')[0]?.split('=')[0]?.trim()
      if (cookie) schemes.cookie = { type: 'apiKey', in: 'cookie', name: cookie }
    } else if (CREDENTIAL_NAME.test(name)) {
      schemes[lower === 'x-access-token' ? 'token' : 'apiKey'] = {
        type: 'apiKey',
        in: 'header',
        name,
      }
    }
  }
  return Object.keys(schemes).length > 0 ? schemes : undefined
}
