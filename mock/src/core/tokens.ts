import type { HalApiDefinition } from './definition.js'

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
