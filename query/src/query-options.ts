import { nextPageUri, type Resource, type ResourcePromise, type State } from '@halyard/sdk'
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
  /**
   * Who retries a failed read, one layer only. `'sdk'` (default): the client does, as its
   * `retry` says (two more attempts of a GET by default, backing off, honouring `Retry-After`,
   * the whole call within its `totalTimeout`), and the query sets TanStack's `retry: false`.
   * `'tanstack'`: TanStack does (its `retry` and `retryDelay`, from these options or the
   * `QueryClient`'s defaults), and every read the query makes is one attempt of the SDK.
   */
  retries?: 'sdk' | 'tanstack'
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
  /** `false` unless `retries: 'tanstack'`: the SDK retries. */
  retry?: false
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
  /**
   * The rels that lead to the next page, tried in order. Default the client's own `nextRels`
   * (`['next']` unless the client was given others), as `pages()` follows them.
   */
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
  /** `false` unless `retries: 'tanstack'`: the SDK retries. */
  retry?: false
  staleTime?: StaleTime
  gcTime?: number
}

/**
 * A resource, or a chain of `follow()` not resolved yet: `root.follow('projects')` is a query of
 * its own, keyed by where the chain starts and the rels it follows.
 *
 * @example
 * ```ts
 * const projects: HalTarget<Projects> = client.go<Root>().follow('projects')
 * ```
 */
export type HalTarget<T> = Resource<T> | ResourcePromise<T>

/** Where a target's queries are keyed, and a resource of its client (to open the next pages). */
function addressOf<T>(target: HalTarget<T>): {
  uri: string
  follow?: ResourcePromise<T>['steps']
  on: Resource<unknown>
} {
  if (!('steps' in target)) return { uri: target.uri, on: target as Resource<unknown> }
  if (!target.from)
    throw new TypeError(
      'A ResourcePromise not made by follow() names no resource before it is found: await it first',
    )
  return { uri: target.from.uri, follow: target.steps, on: target.from as Resource<unknown> }
}

const keep = (previous: unknown, next: unknown): unknown =>
  sameState(previous as State | undefined, next as State) ? previous : next

/**
 * Reads `resource` for TanStack: always from the server, conditionally when the SDK's cache holds
 * validators (a 304 gives the very same `State` back). Freshness is TanStack's `staleTime` alone.
 * With `once`, each request is a single attempt: TanStack is the one that retries.
 */
async function read<T>(
  resource: Resource<T>,
  { client, signal }: { client: QueryClient; signal: AbortSignal },
  accept: string | undefined,
  once: boolean,
): Promise<State<T>> {
  const state = await resource.refresh({
    signal,
    ...(accept !== undefined && { headers: { accept } }),
    ...(once && { retry: 0 }),
  })
  seedEmbedded(client, state as State, Date.now(), accept)
  return state
}

/**
 * The resource `target` names: a chain's steps are followed again with one attempt per read
 * when TanStack retries, so that no step of it retries underneath.
 */
function found<T>(target: HalTarget<T>, once: boolean): PromiseLike<Resource<T>> | Resource<T> {
  if (!once || !('steps' in target) || !target.from) return target
  type Step = { follow(...args: unknown[]): Step }
  let at = target.from as unknown as Step
  for (const { rel, variables, name, title } of target.steps)
    at = at.follow(rel, variables, {
      retry: 0,
      ...(name !== undefined && { name }),
      ...(title !== undefined && { title }),
    })
  return at as unknown as ResourcePromise<T>
}

/** TanStack's `retry: false` when the SDK retries; nothing (TanStack's own) when TanStack does. */
const retryOption = (once: boolean): { retry?: false } => (once ? {} : { retry: false })

/**
 * Query options for a resource: keyed by its URI (and the representation asked for, `accept`),
 * its data the SDK's `State`, typed as the resource is. A chain of `follow()` not awaited yet
 * works too, keyed by where it starts and the rels it follows. Resources embedded in the state are
 * cached under their own `self`; a refetch is a conditional request, and an unchanged state stays
 * the same object.
 *
 * @example
 * ```ts
 * import { useQuery } from '@tanstack/react-query'
 * import { halQueryOptions } from '@halyard/query'
 *
 * const { data } = useQuery(halQueryOptions(api.article(uri), { staleTime: 30_000 }))
 * data?.data.title // typed by Article
 * const plain = useQuery(halQueryOptions(api.article(uri), { accept: 'application/hal+json' }))
 * const blog = useQuery(halQueryOptions(api.root().follow('doc:blog', { blogId: 1 }))) // a chain
 * ```
 */
export function halQueryOptions<T>(
  resource: HalTarget<T>,
  { accept, retries = 'sdk', ...extras }: HalQueryExtras = {},
): HalQueryOptions<T> {
  const { uri, follow } = addressOf(resource)
  const once = retries === 'tanstack'
  return {
    ...retryOption(once),
    ...extras,
    queryKey: halQueryKey(uri, { follow, accept }) as HalQueryOptions<T>['queryKey'],
    queryFn: async (context) => read(await found(resource, once), context, accept, once),
    structuralSharing: keep,
  }
}

/**
 * Infinite query options for a collection: one page per request, the next page where the page's
 * links lead by the SDK's rule (`Resource.nextPage()`: the client's `nextRels`, or the ones given
 * here); no page counting. A link back to a page already read ends the list. A chain of `follow()`
 * works too: its first page is wherever the chain leads.
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
  resource: HalTarget<T>,
  { nextRels, accept, retries = 'sdk', ...extras }: HalInfiniteQueryExtras = {},
): HalInfiniteQueryOptions<T> {
  const { uri, follow, on } = addressOf(resource)
  const once = retries === 'tanstack'
  // A chain's first page is wherever the chain leads: its page param is empty until then.
  const first = follow ? '' : uri
  return {
    ...retryOption(once),
    ...extras,
    queryKey: halQueryKey(uri, {
      pages: true,
      follow,
      accept,
    }) as HalInfiniteQueryOptions<T>['queryKey'],
    queryFn: async (context) =>
      read(
        context.pageParam === first ? await found(resource, once) : on.go<T>(context.pageParam),
        context,
        accept,
        once,
      ),
    initialPageParam: first,
    // The SDK's own rule, with the client's nextRels unless told others.
    getNextPageParam: (page, pages, _param, params) => {
      const next = nextRels ? nextPageUri(page, nextRels) : on.nextPage(page as State<unknown>)
      // A link back to a page already read would loop: the list ends there.
      return next === undefined || params.includes(next) || pages.some((each) => each.uri === next)
        ? undefined
        : next
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
