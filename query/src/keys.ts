import type { FollowStep, State } from '@halyard/sdk'
import type { InfiniteData, Query, QueryClient } from '@tanstack/query-core'

/**
 * What tells a resource's queries apart beside its URI: the pages that follow it (`pages`), and
 * the representation asked for (`accept`, the request's `Accept`; absent for the client's own,
 * HAL-FORMS then HAL by default).
 *
 * @example
 * ```ts
 * halQueryKey(pageUri, { pages: true } satisfies HalKeyVariant) // the infinite query's key
 * halQueryKey(articleUri, { accept: 'application/hal+json' }) // plain HAL, a query of its own
 * ```
 */
export interface HalKeyVariant {
  pages?: true
  /**
   * The rels followed from the key's URI to the resource, for a query made from a chain that is
   * not resolved yet (`halQueryOptions(root.follow('projects'))`): its state is the resource's.
   */
  follow?: readonly FollowStep[] | undefined
  /** An `Accept` value; in the key without whitespace and in lower case, as the SDK keys it. */
  accept?: string | undefined
}

/**
 * The key of a resource's query: `['hal', uri]`, its URI, then the variant when there is one
 * (`{ pages: true }`, `{ accept }` or both). Every query of a URI starts with `['hal', uri]`, so
 * that prefix reaches them all: every representation, and the pages.
 *
 * @example
 * ```ts
 * const key: HalQueryKey = ['hal', 'http://127.0.0.1:4010/api/v1.2/blogs/1']
 * ```
 */
export type HalQueryKey = readonly ['hal', string] | readonly ['hal', string, HalKeyVariant]

/**
 * The query key of the resource at `uri` (absolute), in the form every function of this package
 * uses: for `getQueryData`, `setQueryData` or filters of your own. An `accept` is normalized as
 * the SDK's cache normalizes it (whitespace removed, lower case).
 *
 * @example
 * ```ts
 * const state = queryClient.getQueryData(halQueryKey(articleUri)) // State | undefined
 * await queryClient.invalidateQueries({ queryKey: halQueryKey(articleUri) }) // every variant
 * ```
 */
export function halQueryKey(
  uri: string,
  { pages, follow, accept }: HalKeyVariant = {},
): HalQueryKey {
  const variant: HalKeyVariant = {
    ...(pages && { pages }),
    ...(follow?.length && { follow }),
    ...(accept !== undefined && { accept: accept.replace(/\s/g, '').toLowerCase() }),
  }
  return Object.keys(variant).length ? ['hal', uri, variant] : ['hal', uri]
}

/**
 * The HAL queries in a client's cache, each with the URI of the resource it holds (for a query
 * keyed by a chain of rels, the URI the chain led to, once it has) and its states (one, or its
 * pages).
 */
export function* halQueries(client: QueryClient): Generator<[Query, string, readonly State[]]> {
  for (const query of client.getQueryCache().getAll()) {
    const [tag, uri, variant] = query.queryKey as readonly unknown[]
    if (tag !== 'hal' || typeof uri !== 'string') continue
    const data = query.state.data as State | InfiniteData<State> | undefined
    const states = data === undefined ? [] : 'pages' in data ? data.pages : [data]
    const followed = (variant as HalKeyVariant | undefined)?.follow !== undefined
    const at = followed ? states[0]?.uri : uri
    if (at !== undefined) yield [query, at, states]
  }
}
