import type { State } from '@halyard/sdk'
import type { QueryClient } from '@tanstack/query-core'
import { halQueryKey } from './keys.js'
import { sameState } from './state-json.js'

/**
 * Puts every resource embedded in `state` (at any depth) in the cache under its own `self`, fresh
 * as of `updatedAt`, as the container is, and as the representation it came in (`accept`, when
 * the state was asked for with an `Accept` of its own): opening it then sends no request. A copy
 * that says nothing new leaves the cached state in place (with its validators). Copies from another origin
 * are not taken: a document may not speak for another origin's resources. The queries of this
 * package call it on every response; call it for a state read through the SDK directly.
 *
 * @example
 * ```ts
 * const page = await api.articlePage(1).get() // read without TanStack
 * seedEmbedded(queryClient, page) // its articles now open with no request
 * ```
 */
export function seedEmbedded(
  client: QueryClient,
  state: State,
  updatedAt = Date.now(),
  /** The `Accept` the state was asked with, when not the client's own. */
  accept?: string,
): void {
  const { origin } = new URL(state.uri)
  for (const copy of state.embeddedStates()) {
    if (copy.uri === state.uri || new URL(copy.uri).origin !== origin) continue
    client.setQueryData<State>(
      halQueryKey(copy.uri, { accept }),
      (cached) => (cached && sameState(cached, copy) ? cached : copy),
      { updatedAt },
    )
  }
}
