import type { Action } from './action.js'
import type { RepresentationAdapter } from './adapter.js'
import { ActionNotFoundError, HalyardError } from './errors.js'
import { Links } from './links.js'
import { fromState, type Resource, type ResourcePromise } from './resource.js'
import type {
  ActionName,
  ActionResult,
  ActionValues,
  AnyResource,
  DataOf,
  EmbeddedName,
  EmbeddedTarget,
  FollowArgs,
  RelName,
  RelTarget,
  RelVariables,
  Variables,
} from './types.js'

/**
 * How a state reaches its client: the `Resource` at a URI (for its actions to submit through).
 *
 * @example
 * ```ts
 * const go: Go = (uri) => client.go(uri)
 * ```
 */
export type Go = (uri: string) => Resource

/**
 * Action `K` of a state of `T`, typed as `T` declares it.
 *
 * @example
 * ```ts
 * const edit: StateAction<Article, 'patch'> = state.action('patch')
 * ```
 */
export type StateAction<T, K extends ActionName<T> = ActionName<T>> = Action<
  ActionValues<T, K> & object,
  ActionResult<T, K>,
  K
>

/** @internal Freezes `value` and everything in it. */
export const deepFreeze = <V>(value: V): V => {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const member of Object.values(value)) deepFreeze(member)
  }
  return value
}

/**
 * An immutable snapshot of a resource: what one response (or one embedded copy) said about it.
 * A newer read gives a new `State`; this one never changes.
 *
 * @example
 * ```ts
 * const state = await client.go('/api/v1.2/blogs/1').get()
 * state.data.title
 * state.links.get('doc:articles')?.href
 * state.etag // '"…"', for If-Match
 * ```
 */
export class State<T = AnyResource> {
  /** The resource's URI: its `self` link for an embedded copy. */
  readonly uri: string
  /** The properties, without `_links` / `_embedded`; frozen. */
  readonly data: DataOf<T>
  /** The links, found by rel, CURIE or expanded URI. */
  readonly links: Links<RelName<T>>
  readonly #headers: Headers
  readonly #embedded: ReadonlyMap<string, readonly State[]>
  readonly #actions: () => readonly Action[]
  readonly #go: Go | undefined

  /** @internal Built by the client from a response; see `Resource.get()`. */
  constructor(
    uri: string,
    data: unknown,
    links: Links,
    embedded: ReadonlyMap<string, readonly State[]>,
    headers: Headers,
    /** The actions, read on their first use: most states are never asked for them. */
    actions: () => readonly Action[] = () => [],
    /** The client's way to resources: what `follow()` and `resource` go through. */
    go?: Go,
  ) {
    this.uri = uri
    this.data = deepFreeze(data) as DataOf<T>
    this.links = links
    this.#embedded = embedded
    this.#headers = headers
    this.#actions = actions
    this.#go = go
    Object.freeze(this)
  }

  /**
   * The resource this is a state of, on the client that read it (its cache, token and options),
   * as `client.go(state.uri)` gives it.
   *
   * @throws {HalyardError} for a state no client read (`stateFromJson` without `go`).
   * @example
   * ```ts
   * const fresh = await state.resource.refresh()
   * ```
   */
  get resource(): Resource<T> {
    if (!this.#go)
      throw new HalyardError(
        `The state of ${this.uri} belongs to no client: read it through one, or give stateFromJson a client's go`,
      )
    return this.#go(this.uri) as Resource<T>
  }

  /**
   * The resource a rel of this state leads to, its template expanded with `variables`, found in
   * this state's own links (or its embedded copies' self links, as `Resource.follow()` finds them):
   * no request for this document. Chains like `Resource.follow()`, through the client's cache.
   *
   * @throws {LinkNotFoundError} (from the promise) when the state has no such link.
   * @example
   * ```ts
   * const page = await client.go<Root>().follow('notes').get()
   * const next = await page.follow('next').get() // where page's own `next` link leads
   * const author = await note.follow('author').get()
   * ```
   */
  follow<K extends RelName<T>>(
    rel: K,
    ...[variables, options = {}]: FollowArgs<RelVariables<T, K>>
  ): ResourcePromise<RelTarget<T, K>> {
    return this.resource[fromState](
      this as State,
      rel,
      variables as Variables | undefined,
      options,
    ) as ResourcePromise<RelTarget<T, K>>
  }

  /**
   * Every resource a rel of this state leads to (templated links expanded without variables), as
   * `Resource.followAll()` finds them but from this state's links: no request. Empty when there
   * are none.
   *
   * @example
   * ```ts
   * for (const tag of article.followAll('tag')) console.log(tag.uri)
   * ```
   */
  followAll<K extends RelName<T>>(rel: K): Resource<RelTarget<T, K>>[] {
    return this.resource[fromState](this as State, rel) as Resource<RelTarget<T, K>>[]
  }

  /**
   * The actions the document offers (its HAL-FORMS templates), in document order: read by the
   * client's adapter, so none unless it reads forms (`halFormsAdapter` from `@halyard/sdk/forms`).
   *
   * @example
   * ```ts
   * state.actions().map((action) => `${action.name}: ${action.method} ${action.uri}`)
   * ```
   */
  actions(): StateAction<T>[] {
    return [...this.#actions()] as StateAction<T>[]
  }

  /**
   * The action called `name` (`default`, the main one, when omitted).
   *
   * @throws {ActionNotFoundError} when the document offers no such action.
   * @example
   * ```ts
   * await state.action().submit({ title: 'Edited' })
   * ```
   */
  action<K extends ActionName<T> = 'default' extends ActionName<T> ? 'default' : never>(
    ...[name = 'default' as K]: 'default' extends ActionName<T> ? [name?: K] : [name: K]
  ): StateAction<T, K> {
    const actions = this.#actions()
    const action = actions.find((each) => each.name === name)
    if (!action)
      throw new ActionNotFoundError(
        name,
        this.uri,
        actions.map((each) => each.name),
      )
    return action as unknown as StateAction<T, K>
  }

  /** Whether the document offers the action called `name`. */
  hasAction(name: ActionName<T>): boolean {
    return this.#actions().some((each) => each.name === name)
  }

  /**
   * The resources embedded under `rel` (its full name, CURIE or expanded URI), each as a `State`
   * of its own. An empty list when there are none.
   *
   * @example
   * ```ts
   * for (const article of page.embedded('item')) console.log(article.data.title)
   * ```
   */
  embedded<K extends EmbeddedName<T>>(rel: K): readonly State<EmbeddedTarget<T, K>>[] {
    const key = this.links.expandRel(rel)
    const found: State[] = []
    for (const [name, states] of this.#embedded)
      if (name === rel || this.links.expandRel(name) === key) found.push(...states)
    return found as State<EmbeddedTarget<T, K>>[]
  }

  /** The embedded rels, as the document writes them. */
  embeddedRels(): string[] {
    return [...this.#embedded.keys()]
  }

  /** Every embedded state, at any depth. */
  *embeddedStates(): Generator<State> {
    for (const states of this.#embedded.values())
      for (const state of states) {
        yield state
        yield* state.embeddedStates()
      }
  }

  /** A copy of the response headers (empty for an embedded copy). */
  get headers(): Headers {
    return new Headers(this.#headers)
  }

  /** The `ETag` the server sent, if any. */
  get etag(): string | undefined {
    return this.#headers.get('etag') ?? undefined
  }

  /** The `Last-Modified` the server sent, if any. */
  get lastModified(): string | undefined {
    return this.#headers.get('last-modified') ?? undefined
  }
}

/**
 * Builds the state of a parsed body, and of everything embedded in it, through `adapter`. Hrefs
 * anywhere in the body resolve against `uri`, the document that was fetched.
 */
export function createState<T>(
  adapter: RepresentationAdapter,
  uri: string,
  body: unknown,
  headers: Headers = new Headers(),
  /**
   * @internal The links of the document that embeds this one: it inherits their CURIEs, and it is
   * addressed by its self link, when it has one.
   */
  container?: Links,
  /** @internal The client's way to resources, for actions to submit. */
  go?: Go,
): State<T> {
  const representation = adapter.read(body)
  const { data, links: raw, embedded } = representation
  const links = new Links(uri, raw, container?.curies)
  const self = container ? links.get('self') : undefined
  // Without a self link an embedded document has no address of its own: it lives at its parent's.
  const address = self && !self.templated ? self.href : uri
  const children = new Map<string, State[]>()
  for (const [rel, documents] of Object.entries(embedded))
    children.set(
      rel,
      documents.map((document) => createState(adapter, uri, document, undefined, links, go)),
    )
  // The adapter reads the actions once, on first use: most states are never asked for them.
  let actions: readonly Action[] | undefined
  const state: State<T> = new State<T>(
    address,
    data,
    links,
    children,
    headers,
    adapter.actions &&
      (() => (actions ??= adapter.actions?.(representation, state as State, uri, go) ?? [])),
    go,
  )
  return state
}
