import type { State } from '@halyard/sdk'
import type { InfiniteData, Query, QueryClient } from '@tanstack/query-core'

/**
 * What a query of a resource holds besides its state: the pages that follow it (`pages`).
 *
 * @example
 * ```ts
 * halQueryKey(pageUri, { pages: true } satisfies HalKeyVariant) // the infinite query's key
 * ```
 */
export interface HalKeyVariant {
  pages?: true
}

/**
 * The key of a resource's query: `['hal', uri]`, its URI, then the variant when there is one.
 * Every query of a URI starts with `['hal', uri]`, so that prefix reaches them all. The
 * representation is the client's (its adapter's `Accept`): one per URI.
 *
 * @example
 * ```ts
 * const key: HalQueryKey = ['hal', 'http://127.0.0.1:4010/api/v1.2/blogs/1']
 * ```
 */
export type HalQueryKey = readonly ['hal', string] | readonly ['hal', string, HalKeyVariant]

/**
 * The query key of the resource at `uri` (absolute), in the form every function of this package
 * uses: for `getQueryData`, `setQueryData` or filters of your own.
 *
 * @example
 * ```ts
 * const state = queryClient.getQueryData(halQueryKey(articleUri)) // State | undefined
 * await queryClient.invalidateQueries({ queryKey: halQueryKey(articleUri) }) // every variant
 * ```
 */
export function halQueryKey(uri: string, variant?: HalKeyVariant): HalQueryKey {
  return variant?.pages ? ['hal', uri, variant] : ['hal', uri]
}

/** The HAL queries in a client's cache, each with the states it holds (one, or its pages). */
export function* halQueries(client: QueryClient): Generator<[Query, string, readonly State[]]> {
  for (const query of client.getQueryCache().getAll()) {
    const [tag, uri] = query.queryKey
    if (tag !== 'hal' || typeof uri !== 'string') continue
    const data = query.state.data as State | InfiniteData<State> | undefined
    yield [query, uri, data === undefined ? [] : 'pages' in data ? data.pages : [data]]
  }
}
