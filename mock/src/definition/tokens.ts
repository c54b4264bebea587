import type { HalApiDefinition } from './api.js'

/**
 * The token an API that names none accepts for writes, and the Blog API's writing token, so that
 * one token works for every API the mock serves.
 *
 * @example
 * await fetch('/api/orders', { method: 'POST', headers: { 'x-access-token': DEV_TOKEN }, body })
 */
export const DEV_TOKEN = 'dev-token'

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
    return [DEV_TOKEN]
  }
  return [...new Set([...(definition.tokens ?? []), ...writers])]
}

/**
 * The token the server's banner and its explorer suggest: the first the API accepts
 * ({@link acceptedTokens}), or none for a read-only API.
 *
 * @example
 * tokenHint({ basePath: '/api', collections: {} }) // 'dev-token'
 */
export function tokenHint(
  definition: Pick<HalApiDefinition, 'tokens' | 'collections' | 'authenticate'>,
): string | undefined {
  return acceptedTokens(definition)[0]
}
