import {
  type Action,
  createState,
  type Go,
  halAdapter,
  type Link,
  type RepresentationAdapter,
  type State,
} from '@halyard/sdk'

/**
 * A `State` as JSON: what crosses from server to browser in a dehydrated cache.
 *
 * @example
 * ```ts
 * const json: HalStateJson = stateToJson(state) // { uri, body: { …, _links }, headers: [['etag', '"…"']] }
 * ```
 */
export interface HalStateJson {
  uri: string
  /** The document as HAL-FORMS: data, `_links`, `_embedded`, `_templates`. */
  body: Record<string, unknown>
  /** The response headers (validators included). */
  headers: [string, string][]
}

const one = <V>(list: V[]): V | V[] => (list.length === 1 ? (list[0] as V) : list)

/** A state's document: its data, links, embedded documents and templates, as HAL-FORMS writes them. */
function toBody(state: State): Record<string, unknown> {
  const links: Record<string, unknown> = {}
  for (const rel of state.links.rels())
    links[rel] = one(
      state.links
        .getAll(rel)
        .filter((link) => link.rel === rel)
        .map(({ rel: _rel, context: _context, ...link }: Link) => link),
    )
  const embedded: Record<string, unknown> = {}
  for (const rel of state.embeddedRels()) embedded[rel] = state.embedded(rel).map(toBody)
  const templates: Record<string, unknown> = {}
  for (const { uri, fields, ...action } of state.actions())
    templates[action.name] = { ...action, target: uri, properties: fields }
  return {
    ...state.data,
    _links: links,
    _embedded: embedded,
    ...(Object.keys(templates).length && { _templates: templates }),
  }
}

/**
 * A state as JSON, and back with {@link stateFromJson}: links, embedded resources, HAL-FORMS
 * templates and validators survive.
 *
 * @example
 * ```ts
 * const json = JSON.stringify(stateToJson(await client.go(uri).get()))
 * ```
 */
export function stateToJson(state: State): HalStateJson {
  return { uri: state.uri, body: toBody(state), headers: [...state.headers] }
}

/**
 * The state {@link stateToJson} wrote, read by `adapter` (the client's, `client.adapter`: with
 * `halFormsAdapter` its templates are actions again; the default, `halAdapter()`, offers none).
 * With `go` (a client's `go`), its actions submit through that client; without, they refuse to send.
 *
 * @example
 * ```ts
 * const state = stateFromJson<Article>(json, (uri) => client.go(uri), client.adapter)
 * ```
 */
export function stateFromJson<T>(
  json: HalStateJson,
  go?: Go,
  adapter: RepresentationAdapter = halAdapter(),
): State<T> {
  return createState<T>(adapter, json.uri, json.body, new Headers(json.headers), undefined, go)
}

/**
 * A state of `state`'s resource whose data is `data`: its links, embedded resources, validators
 * and actions kept (the same actions, which need no forms code to rebuild). For optimistic updates
 * (`halMutationOptions(…, { optimistic: true })` uses it).
 *
 * @example
 * ```ts
 * queryClient.setQueryData(halQueryKey(state.uri), withData(state, { ...state.data, title: 'Soon' }))
 * ```
 */
export function withData<T>(state: State<T>, data: object, go?: Go): State<T> {
  const json = stateToJson(state as State)
  const actions = new Map<string, readonly Action[]>()
  for (const each of [state as State, ...state.embeddedStates()])
    if (!actions.has(each.uri)) actions.set(each.uri, each.actions())
  const hal = halAdapter()
  const adapter: RepresentationAdapter = {
    ...hal,
    actions: (_representation, rebuilt) => actions.get(rebuilt.uri) ?? [],
  }
  return createState(
    adapter,
    json.uri,
    { ...json.body, ...data },
    new Headers(json.headers),
    undefined,
    go,
  )
}

/**
 * Whether `next` says nothing `previous` did not: same document, no new validator, no templates
 * that `previous` lacks (an embedded copy has none). Then the cache keeps `previous`, so that code
 * comparing states by identity sees no change. It is the `structuralSharing` of every query of
 * this package.
 *
 * @example
 * ```ts
 * sameState(await article.get(), await article.refresh()) // true when nothing changed
 * ```
 */
export function sameState(previous: State | undefined, next: State): boolean {
  if (previous === next) return true
  if (!previous || previous.uri !== next.uri) return false
  if (next.etag !== undefined && next.etag !== previous.etag) return false
  const { _templates: templates, ...before } = toBody(previous)
  const after = toBody(next)
  return (
    JSON.stringify('_templates' in after ? { ...before, _templates: templates } : before) ===
    JSON.stringify(after)
  )
}
