import type { CollectionModel } from '../../model/types.js'
import type { Credentials, Exchange } from '../../remote/client.js'
import type { Json } from '../documents.js'
import { namedTokens } from '../rules.js'
import { tokenHeaderOf, type VerifyRun } from '../run.js'
import { track } from './created.js'
import { checkNoStack } from './problems.js'

/**
 * A create without a token is a 401, with a wrong one a 401 or 403. Whether writes with a token can
 * be checked: not when the run was given no credentials.
 */
export async function checkAuth(
  run: VerifyRun,
  c: CollectionModel,
  post: (
    payload: unknown,
    credentials?: Credentials,
    headers?: Record<string, string>,
  ) => Promise<Exchange>,
  body: Json,
): Promise<boolean> {
  // Without a token, and with a wrong one: both unauthenticated, 401 (RFC 9110 §15.5.2).
  // Not sent where the definition promises no refusal: a server that takes them would keep them.
  for (const credentials of run.promises('auth') ? (['none', 'wrong'] as const) : []) {
    const rule = credentials === 'none' ? 'auth' : 'auth.unknown-token'
    if (!run.active(rule)) continue
    // Never tracked as created: what it names may be anyone's record, so it is said, not deleted.
    const refused = await post(body, credentials)
    const named = refused.status < 300 ? refused.headers.get('location') : null
    run.expect(
      c.name,
      rule,
      refused.status === 401,
      `A create ${credentials === 'none' ? 'without a token' : 'with a token the server does not know'} answers ${refused.status}, not 401.${named === null ? '' : ` The record it names (${named}) is left as it is: verify deletes only what its own creates made.`}`,
      refused,
    )
    checkNoStack(run, c, refused)
  }
  // The other tokens the definition names are known: each may write (a record, deleted again) or
  // is refused with 403, never 401 (docs/api.md, Tokens: `reader-token` gets 403 on writes).
  // Only with a token of the run's own: what another token creates, the run must delete.
  if (run.promises('auth') && run.active('auth.forbidden') && run.options.token !== undefined) {
    for (const token of namedTokens(run.model).filter((t) => t !== run.options.token)) {
      const { name, bearer } = tokenHeaderOf(run.model)
      const answer = await post(body, 'none', { [name]: bearer ? `Bearer ${token}` : token })
      track(run, c, answer)
      if (answer.status >= 200 && answer.status < 300) continue
      run.expect(
        c.name,
        'auth.forbidden',
        answer.status === 403,
        `A create with a token the definition names that may not write answers ${answer.status}, not 403.`,
        answer,
      )
      checkNoStack(run, c, answer)
    }
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
