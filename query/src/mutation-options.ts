import {
  type ActionName,
  type ActionResult,
  type ActionValues,
  type CreatedOf,
  type CreateInputOf,
  type InputOf,
  isPreconditionFailedError,
  type MergePatch,
  type Resource,
  type State,
} from '@halyard/sdk'
import type { MutationFunctionContext, MutationOptions, QueryClient } from '@tanstack/query-core'
import { applyWrite } from './invalidate.js'
import { type HalKeyVariant, halQueries, halQueryKey } from './keys.js'
import { halQueryOptions } from './query-options.js'
import { withData } from './state-json.js'

/**
 * The writes {@link halMutationOptions} makes from a method name.
 *
 * @example
 * ```ts
 * const method: HalMethod = 'patch'
 * ```
 */
export type HalMethod = 'put' | 'patch' | 'post' | 'delete'

/**
 * What `mutate()` takes for a method: `put` the input, `patch` a merge patch of it, `post` the new
 * resource's input, `delete` nothing.
 *
 * @example
 * ```ts
 * const rename: HalVariables<Article, 'patch'> = { title: 'New' }
 * ```
 */
export type HalVariables<T, M extends HalMethod> = M extends 'put'
  ? InputOf<T>
  : M extends 'patch'
    ? MergePatch<InputOf<T>>
    : M extends 'post'
      ? CreateInputOf<T>
      : // biome-ignore lint/suspicious/noConfusingVoidType: TanStack's mutate() takes no argument for void
        void

/**
 * What a mutation of a method resolves to: the new `State`, the created `Resource`, or nothing.
 *
 * @example
 * ```ts
 * type Created = HalResult<ArticlePage, 'post'> // Resource<Article>
 * ```
 */
export type HalResult<T, M extends HalMethod> = M extends 'post'
  ? Resource<CreatedOf<T>>
  : M extends 'delete'
    ? undefined
    : State<T>

/**
 * What `onMutate` handed on: the state an optimistic update replaced, to roll back to.
 *
 * @example
 * ```ts
 * halMutationOptions(article, 'patch', {
 *   onError: (_error, _values, mutated: HalMutationContext | undefined) => console.log(mutated?.previous),
 * })
 * ```
 */
export interface HalMutationContext {
  previous?: State | undefined
}

/**
 * Options of {@link halMutationOptions}: TanStack's (but `mutationFn` and `onMutate`, which it
 * writes), and `optimistic`. Your `onSuccess` runs once the cache is up to date.
 *
 * @example
 * ```ts
 * halMutationOptions(article, 'patch', { optimistic: true, onSuccess: () => toast('Saved') })
 * ```
 */
export type HalMutationExtras<TData, TVariables> = Omit<
  MutationOptions<TData, Error, TVariables, HalMutationContext>,
  'mutationFn' | 'onMutate'
> & {
  /**
   * `put` and `patch`: show the new data at once (the cached state with the values merged in), and
   * put the previous state back if the write fails (a 412 included). Default `false`.
   */
  optimistic?: boolean
}

/**
 * What {@link halMutationOptions} gives: options for `useMutation` or a `MutationObserver`.
 *
 * @example
 * ```ts
 * const options: HalMutationOptions<State<Article>, ArticlePatch> = halMutationOptions(article, 'patch')
 * ```
 */
export type HalMutationOptions<TData, TVariables> = MutationOptions<
  TData,
  Error,
  TVariables,
  HalMutationContext
>

/**
 * A HAL-FORMS action of the resource, by name (see `State.action()`).
 *
 * @example
 * ```ts
 * halMutationOptions(blog, { action: 'createArticle' } satisfies HalAction<'createArticle'>)
 * ```
 */
export interface HalAction<K extends string> {
  action: K
}

/** `If-Match` from the cached state when it has a strong ETag; else the SDK's own choice. */
const ifMatch = (client: QueryClient, uri: string): string | true => {
  const etag = client.getQueryData<State>(halQueryKey(uri))?.etag
  return etag && !etag.startsWith('W/') ? etag : true
}

/**
 * The state of `uri` that offers `action`, as a query already holds it in the client's own
 * representation (a page of an infinite query included): submitting from it costs no read.
 */
const heldWith = (client: QueryClient, uri: string, action: string): State | undefined => {
  for (const [query, , states] of halQueries(client))
    if ((query.queryKey[2] as HalKeyVariant | undefined)?.accept === undefined)
      for (const state of states) if (state.uri === uri && state.hasAction(action)) return state
  return undefined
}

/** A merge patch (RFC 7396) applied to `data`, one level deep: enough for an optimistic view. */
const merged = (data: object, patch: object): object => {
  const result: Record<string, unknown> = { ...data }
  for (const [key, value] of Object.entries(patch))
    if (value === null) delete result[key]
    else result[key] = value
  return result
}

/**
 * Mutation options for a write to `resource` (`put`, `patch`, `post`, `delete`) or for one of its
 * HAL-FORMS actions (`{ action: name }`, submitted from the cached state). `If-Match` comes from
 * the cached state, and a 412 rejects with the SDK's `PreconditionFailedError` (the stale query is
 * then refetched). On success the cache follows the write: the target takes the answered state, a
 * deleted resource leaves, and exactly the target, `Location`, `Content-Location` and the cached
 * documents that embed or link the target are invalidated (see {@link applyWrite}).
 *
 * @example
 * ```ts
 * import { useMutation } from '@tanstack/react-query'
 * import { halMutationOptions } from '@halyard/query'
 *
 * const rename = useMutation(halMutationOptions(api.article(uri), 'patch', { optimistic: true }))
 * rename.mutate({ title: 'New title' })
 * const remove = useMutation(halMutationOptions(api.article(uri), 'delete'))
 * const edit = useMutation(halMutationOptions(api.article(uri), { action: 'default' }))
 * ```
 */
export function halMutationOptions<T, M extends HalMethod>(
  resource: Resource<T>,
  method: M,
  extras?: HalMutationExtras<HalResult<T, M>, HalVariables<T, M>>,
): HalMutationOptions<HalResult<T, M>, HalVariables<T, M>>
export function halMutationOptions<T, K extends ActionName<T>>(
  resource: Resource<T>,
  action: HalAction<K>,
  extras?: HalMutationExtras<ActionResult<T, K>, ActionValues<T, K>>,
): HalMutationOptions<ActionResult<T, K>, ActionValues<T, K>>
export function halMutationOptions(
  resource: Resource,
  how: HalMethod | HalAction<string>,
  options: object = {},
): object {
  const {
    optimistic = false,
    onSuccess,
    onError,
    ...extras
  } = options as HalMutationExtras<unknown, unknown>
  const target = resource.uri
  const key = halQueryKey(target)
  let method = typeof how === 'string' ? how.toUpperCase() : ''
  let sentTo = target
  const mutation: HalMutationOptions<unknown, unknown> = {
    ...extras,
    mutationFn: async (variables, { client }: MutationFunctionContext) => {
      if (typeof how !== 'string') {
        const options = halQueryOptions(resource)
        let state: State =
          heldWith(client, target, how.action) ?? (await client.ensureQueryData(options))
        // An embedded copy carries no templates: the resource's own document does.
        if (!state.hasAction(how.action))
          state = await client.fetchQuery({ ...options, staleTime: 0 })
        const action = state.action(how.action)
        method = action.method
        sentTo = action.uri
        return action.submit(variables as Record<string, unknown>)
      }
      if (how === 'post') return resource.post(variables)
      const write = { ifMatch: ifMatch(client, target) }
      if (how === 'delete') return resource.delete(write)
      return how === 'put'
        ? resource.put(variables as never, write)
        : resource.patch(variables as never, write)
    },
    onMutate: async (variables, { client }) => {
      const edits = how === 'put' || how === 'patch'
      if (!optimistic || !edits || !variables || typeof variables !== 'object') return {}
      await client.cancelQueries({ queryKey: key, exact: true })
      const previous = client.getQueryData<State>(key)
      if (previous) {
        const data = method === 'PUT' ? variables : merged(previous.data, variables)
        client.setQueryData(
          key,
          withData(previous, data, (uri) => resource.go(uri)),
        )
      }
      return { previous }
    },
    onSuccess: async (data, variables, mutated, context) => {
      await applyWrite(context.client, { method, target: sentTo, result: data })
      await onSuccess?.(data, variables, mutated, context)
    },
    onError: async (error, variables, mutated, context) => {
      if (mutated?.previous) context.client.setQueryData(key, mutated.previous)
      // Our copy was stale: read the current one, which the next write will start from.
      if (isPreconditionFailedError(error))
        await context.client.invalidateQueries({ queryKey: halQueryKey(sentTo) })
      await onError?.(error, variables, mutated, context)
    },
  }
  return mutation
}
