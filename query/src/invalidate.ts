import type { Resource, State } from '@halyard/sdk'
import type { Query, QueryClient } from '@tanstack/query-core'
import { halQueries, halQueryKey } from './keys.js'
import { seedEmbedded } from './seed.js'
import { sameState } from './state-json.js'

/**
 * What a successful write tells the cache: its method, its target, and what it answered.
 *
 * @example
 * ```ts
 * const write: Write = { method: 'DELETE', target: articleUri, result: undefined }
 * ```
 */
export interface Write {
  method: string
  target: string
  result: unknown
}

const path = (uri: string): string => uri.replace(/[?#].*$/, '')

/** Whether `state` embeds the resource at `uri` or links to it (`self` aside). */
const refersTo = (state: State, uri: string): boolean =>
  state.links
    .rels()
    .some(
      (rel) =>
        rel !== 'self' &&
        state.links.getAll(rel).some((link) => !link.templated && link.href === uri),
    ) || [...state.embeddedStates()].some((copy) => copy.uri === uri)

/**
 * Brings the cache up to date after a successful write, by HTTP's rules (RFC 9111 §4.4: an
 * unsafe method invalidates its target, `Location` and `Content-Location`) and by the links:
 *
 * - PUT / PATCH: the target's query takes the state the server answered (no request);
 * - DELETE: the target's queries leave the cache;
 * - every query of the target (its other representations and its pages), of `Location` and of
 *   `Content-Location` is invalidated, and so is every query whose state embeds or links the
 *   target: the cached states are the index of links, read at this moment, so it is never out of
 *   step with the cache;
 * - DELETE and POST shift a collection: every page of it that is cached (same URI but for the
 *   query) is invalidated too.
 *
 * Active queries refetch (TanStack's `invalidateQueries`); the promise settles when they have.
 * `halMutationOptions` calls it; call it yourself after a write made through the SDK directly.
 *
 * @example
 * ```ts
 * const state = await api.patchArticle(uri, { title: 'Hello' }) // not through a mutation
 * await applyWrite(queryClient, { method: 'PATCH', target: uri, result: state })
 * ```
 */
export async function applyWrite(client: QueryClient, { method, target, result }: Write) {
  const uris = new Set([target])
  let answered: State | undefined
  if (result && typeof result === 'object' && 'links' in result) {
    answered = result as State
    const location = answered.headers.get('content-location')
    if (location) uris.add(new URL(location, target).href)
  } else if (result && typeof result === 'object' && 'uri' in result)
    uris.add((result as Resource).uri) // the Location of a 201
  // The answer of a PUT or PATCH is the target's new state: it replaces the cached one.
  const replaced = (method === 'PUT' || method === 'PATCH') && answered?.uri === target
  if (replaced && answered) {
    client.setQueryData<State>(halQueryKey(target), (cached) =>
      sameState(cached, answered) ? cached : answered,
    )
    seedEmbedded(client, answered)
  }
  if (method === 'DELETE') client.removeQueries({ queryKey: halQueryKey(target) })
  const collections = new Set<string>()
  if (method === 'POST') collections.add(path(target))
  const stale = new Set<Query>()
  for (const [query, uri, states] of halQueries(client)) {
    const own = uris.has(uri) && !(replaced && query.queryKey.length === 2)
    const referrer = uri !== target && states.some((state) => refersTo(state, target))
    if (own || referrer) stale.add(query)
    if (referrer && method === 'DELETE') collections.add(path(uri))
  }
  if (collections.size)
    for (const [query, uri] of halQueries(client)) if (collections.has(path(uri))) stale.add(query)
  if (stale.size) await client.invalidateQueries({ predicate: (query) => stale.has(query) })
}
