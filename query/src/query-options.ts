import type { Resource, State } from '@halyard/sdk'
import type {
  DataTag,
  GetNextPageParamFunction,
  InfiniteData,
  QueryClient,
  QueryFunctionContext,
  StaleTime,
} from '@tanstack/query-core'
import { type HalQueryKey, halQueryKey } from './keys.js'
import { seedEmbedded } from './seed.js'
import { sameState } from './state-json.js'

/**
 * Options of {@link halQueryOptions} and {@link halInfiniteQueryOptions}: TanStack's freshness
 * and garbage collection; spread the result to add any other (`enabled`, `select`…).
 *
 * @example
 * ```ts
 * useQuery({ ...halQueryOptions(article, { staleTime: 60_000 }), enabled: open })
 * ```
 */
export interface HalQueryExtras {
  /**
   * The representation to ask for: the request's `Accept` (`application/hal+json` for plain HAL).
   * Default the client's own (HAL-FORMS then HAL). Each representation of a URI is a query of its
   * own, keyed `['hal', uri, { accept }]`.
   */
  accept?: string | undefined
  /** How long the state is fresh (TanStack's `staleTime`: the one freshness owner). */
  staleTime?: StaleTime
  /** How long an unused query stays cached (TanStack's `gcTime`). */
  gcTime?: number
}

/**
 * What {@link halQueryOptions} gives: options for `useQuery`, `fetchQuery`, a `QueryObserver`…
 *
 * @example
 * ```ts
 * const options: HalQueryOptions<Article> = halQueryOptions(article)
 * queryClient.getQueryData(options.queryKey) // State<Article> | undefined
 * ```
 */
export interface HalQueryOptions<T> {
  queryKey: DataTag<HalQueryKey, State<T>, Error>
  queryFn: (context: QueryFunctionContext<HalQueryKey>) => Promise<State<T>>
  structuralSharing: (previous: unknown, next: unknown) => unknown
  staleTime?: StaleTime
  gcTime?: number
}

/**
 * Options of {@link halInfiniteQueryOptions}.
 *
 * @example
 * ```ts
 * halInfiniteQueryOptions(comments, { nextRels: ['next'] })
 * ```
 */
export interface HalInfiniteQueryExtras extends HalQueryExtras {
  /** The rels that lead to the next page, tried in order. Default `['next', 'nextPage']`. */
  nextRels?: readonly string[]
}

/**
 * What {@link halInfiniteQueryOptions} gives: options for `useInfiniteQuery` and the like.
 *
 * @example
 * ```ts
 * const options: HalInfiniteQueryOptions<ArticlePage> = halInfiniteQueryOptions(page)
 * await queryClient.fetchInfiniteQuery({ ...options, pages: 3 })
 * ```
 */
export interface HalInfiniteQueryOptions<T> {
  queryKey: DataTag<HalQueryKey, InfiniteData<State<T>, string>, Error>
  queryFn: (context: QueryFunctionContext<HalQueryKey, string>) => Promise<State<T>>
  initialPageParam: string
  getNextPageParam: GetNextPageParamFunction<string, State<T>>
  structuralSharing: (previous: unknown, next: unknown) => unknown
  staleTime?: StaleTime
  gcTime?: number
}

const keep = (previous: unknown, next: unknown): unknown =>
  sameState(previous as State | undefined, next as State) ? previous : next

/**
 * Reads `resource` for TanStack: always from the server, conditionally when the SDK's cache holds
 * validators (a 304 gives the very same `State` back). Freshness is TanStack's `staleTime` alone.
 */
async function read<T>(
  resource: Resource<T>,
  { client, signal }: { client: QueryClient; signal: AbortSignal },
  accept: string | undefined,
): Promise<State<T>> {
  const state = await resource.refresh(
    accept === undefined ? { signal } : { signal, headers: { accept } },
  )
  seedEmbedded(client, state as State, Date.now(), accept)
  return state
}

/**
 * Query options for a resource: keyed by its URI (and the representation asked for, `accept`),
 * its data the SDK's `State`, typed as the resource is. Resources embedded in the state are cached under their
 * own `self`; a refetch is a conditional request, and an unchanged state stays the same object.
 *
 * @example
 * ```ts
 * import { useQuery } from '@tanstack/react-query'
 * import { halQueryOptions } from '@halyard/query'
 *
 * const { data } = useQuery(halQueryOptions(api.article(uri), { staleTime: 30_000 }))
 * data?.data.title // typed by Article
 * const plain = useQuery(halQueryOptions(api.article(uri), { accept: 'application/hal+json' }))
 * ```
 */
export function halQueryOptions<T>(
  resource: Resource<T>,
  { accept, ...extras }: HalQueryExtras = {},
): HalQueryOptions<T> {
  return {
    ...extras,
    queryKey: halQueryKey(resource.uri, { accept }) as HalQueryOptions<T>['queryKey'],
    queryFn: (context) => read(resource, context, accept),
    structuralSharing: keep,
  }
}

/**
 * Infinite query options for a collection: one page per request, the next page where the page's
 * `next` link (or the rels of `nextRels`) leads; no page counting. A link back to a page already
 * read ends the list.
 *
 * @example
 * ```ts
 * import { useInfiniteQuery } from '@tanstack/react-query'
 * import { halInfiniteQueryOptions } from '@halyard/query'
 *
 * const articles = await api.articlePage(1, { pageSize: 20 })
 * const { data, fetchNextPage, hasNextPage } = useInfiniteQuery(halInfiniteQueryOptions(articles))
 * const items = data?.pages.flatMap((page) => page.embedded('item')) ?? []
 * ```
 */
export function halInfiniteQueryOptions<T>(
  resource: Resource<T>,
  { nextRels = ['next', 'nextPage'], accept, ...extras }: HalInfiniteQueryExtras = {},
): HalInfiniteQueryOptions<T> {
  return {
    ...extras,
    queryKey: halQueryKey(resource.uri, {
      pages: true,
      accept,
    }) as HalInfiniteQueryOptions<T>['queryKey'],
    queryFn: (context) => read(resource.go<T>(context.pageParam), context, accept),
    initialPageParam: resource.uri,
    getNextPageParam: (page, _pages, _param, params) => {
      for (const rel of nextRels) {
        const link = (page as State).links.get(rel)
        if (link && !link.templated) return params.includes(link.href) ? undefined : link.href
      }
      return undefined
    },
    // Pages that did not change stay the same objects, and so does the whole when none did.
    structuralSharing: (previous, next) => {
      const before = previous as InfiniteData<State> | undefined
      const after = next as InfiniteData<State>
      if (!before) return after
      const pages = after.pages.map((page, i) => keep(before.pages[i], page) as State)
      if (
        pages.length === before.pages.length &&
        pages.every((page, i) => page === before.pages[i])
      )
        return before
      return pages.every((page, i) => page === after.pages[i]) ? after : { ...after, pages }
    },
  }
}
