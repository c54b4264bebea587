import type { CollectionModel } from '../../model/types.js'
import type { Exchange } from '../../remote/client.js'
import type { Json } from '../documents.js'
import type { VerifyRun } from '../run.js'

/**
 * A create without a token is a 401, with a wrong one a 401 or 403. Whether writes with a token can
 * be checked: not when the run was given no credentials.
 */
export async function checkAuth(
  run: VerifyRun,
  c: CollectionModel,
  post: (payload: unknown, credentials?: 'none' | 'wrong') => Promise<Exchange>,
  body: Json,
): Promise<boolean> {
  // Without a token, and with a wrong one.
  // Not sent where the definition promises no refusal: a server that takes them would keep them.
  for (const credentials of run.promises('auth') ? (['none', 'wrong'] as const) : []) {
    // Never tracked as created: what it names may be anyone's record, so it is said, not deleted.
    const refused = await post(body, credentials)
    const expected = credentials === 'none' ? [401] : [401, 403]
    const named = refused.status < 300 ? refused.headers.get('location') : null
    run.expect(
      c.name,
      'auth',
      expected.includes(refused.status),
      `A create ${credentials === 'none' ? 'without a token' : 'with a wrong token'} answers ${refused.status}, not ${expected.join(' or ')}.${named === null ? '' : ` The record it names (${named}) is left as it is: verify deletes only what its own creates made.`}`,
      refused,
    )
  }
  const headers = Object.keys(run.options.headers ?? {})
  if (run.options.token === undefined && headers.length === 0) {
    run.finding(
      c.name,
      'create',
      'No token given (--token-env, --header): writes with a token are not checked.',
      undefined,
      'warning',
    )
    return false
  }
  return true
}
