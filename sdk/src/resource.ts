import type { RequestHeaders } from './cache.js'
import type { ClientContext } from './context.js'
import { isInvalidResponseError, isPreconditionFailedError, LinkNotFoundError } from './errors.js'
import { freshUntil } from './freshness.js'
import { type Link, linkTarget, resolveUrl } from './links.js'
import { type ItemsOptions, items, nextPageUri, type PagesOptions, pages } from './pagination.js'
import type { State } from './state.js'
import type {
  AnyResource,
  CreatedOf,
  CreateInputOf,
  EmbeddedName,
  EmbeddedTarget,
  FollowArgs,
  FollowOptions,
  InputOf,
  JsonPatchOperation,
  MergePatch,
  RelName,
  RelTarget,
  RelVariables,
  RequestOptions,
  Variables,
} from './types.js'

/** @internal The key of the one write path, {@link Resource.[send]}. */
export const send = Symbol('send')

/** @internal The key of navigation from a state this resource was read as, `State.follow()`. */
export const fromState = Symbol('fromState')

/** Options of `put()`, `patch()`, `delete()` and `action.submit()`. */
export interface WriteOptions extends RequestOptions {
  /**
   * `true` (default): send `If-Match` with the cached state's ETag, when a strong one is known, so
   * that a concurrent change answers 412 instead of being overwritten; with only a weak ETag (which
   * `If-Match` never matches), `If-Unmodified-Since` from its `Last-Modified`, else nothing.
   * `false`: send none. A string: send that ETag.
   */
  ifMatch?: boolean | string
}

/** Options of `patch()`: the patch format, `merge` (default) or `json-patch`. */
export interface PatchOptions<P extends 'merge' | 'json-patch' = 'merge' | 'json-patch'>
  extends WriteOptions {
  type?: P
}

interface SendOptions extends WriteOptions {
  contentType?: string
  /** The state the write was made from: its validators go in the preconditions. */
  state?: State | undefined
  /** Whether a POST creates, whatever its status (`post()`). */
  create?: boolean
}

/**
 * A resource: an address, and the verbs to read, write and navigate it. It holds no data; each
 * read gives a {@link State}. Reads go through the client's cache.
 *
 * @example
 * ```ts
 * const blog = client.go<Blog>('/api/v1.2/blogs/1')
 * const state = await blog.get()
 * const page = await blog.follow('doc:articles', { pageSize: 20 }).get()
 * ```
 */
export class Resource<T = AnyResource> {
  /** The absolute URI. */
  readonly uri: string
  readonly #context: ClientContext

  /** @internal Use `client.go(uri)`. */
  constructor(context: ClientContext, uri: string) {
    this.#context = context
    this.uri = uri
  }

  /**
   * The resource at `uri` on this one's client, as `client.go(uri)` gives it. Sends no request:
   * for code that holds a resource and meets URIs, such as the pages a `next` link leads to.
   *
   * @example
   * ```ts
   * const next = page.links.get('next')
   * if (next) await articles.go(next.href).get()
   * ```
   */
  go<U = AnyResource>(uri: string | URL): Resource<U> {
    return this.#context.go<U>(uri)
  }

  /**
   * The resource's state: from the cache while it is fresh (an embedded copy included, as long as
   * its container), else from a GET, conditional when a stale state has validators. Freshness
   * follows the responses' `Cache-Control`, or lasts until invalidated (option `caching`).
   *
   * @example
   * ```ts
   * const { data } = await client.go<Article>(uri).get()
   * ```
   */
  get(options: RequestOptions = {}): Promise<State<T>> {
    return this.#read(options, true)
  }

  /**
   * Reads the resource again. With a cached state (of the representation this request asks for)
   * it sends `If-None-Match` / `If-Modified-Since` from that state's validators, and a 304 gives
   * the cached state back.
   *
   * @example
   * ```ts
   * const latest = await article.refresh() // costs a 304 when nothing changed
   * ```
   */
  refresh(options: RequestOptions = {}): Promise<State<T>> {
    return this.#read(options)
  }

  /**
   * The representation `options` ask for (RFC 9111 §4.1): the cached state while it is fresh and
   * `fresh` allows it, else a GET, conditional on its validators.
   */
  #read(options: RequestOptions, fresh?: boolean): Promise<State<T>> {
    const { cache, transport } = this.#context
    const request = transport.headers(options)
    const cached = cache.get(this.uri, request) as State<T> | undefined
    // A stale state still lends its validators: the request is conditional, a 304 reuses it.
    return cached && fresh && cache.isFresh(this.uri, request)
      ? Promise.resolve(cached)
      : this.#fetch(options, request, cached)
  }

  /** A GET whose request sends `request`, conditional on `cached`'s validators. */
  async #fetch(
    options: RequestOptions,
    request: RequestHeaders,
    cached: State<T> | undefined,
  ): Promise<State<T>> {
    const { transport } = this.#context
    const headers: Record<string, string> = { ...options.headers }
    if (cached?.etag) headers['if-none-match'] = cached.etag
    if (cached?.lastModified) headers['if-modified-since'] = cached.lastModified
    const response = await transport.send('GET', this.uri, { ...options, headers })
    if (response.status === 304 && cached) {
      await transport.discard('GET', this.uri, response)
      // A 304 carries the Cache-Control a 200 would have (RFC 9110 §15.4.5): it renews the state.
      this.#keep(cached, response.headers, request)
      return cached
    }
    // After a redirect, the state is the target's.
    const state = await transport.read<T>('GET', response.url || this.uri, response)
    this.#keep(state, response.headers, request)
    return state
  }

  /**
   * Caches a state, as the representation `request` asked for, for as long as the `caching`
   * option and the response's headers allow.
   */
  #keep(state: State<T> | State, headers: Headers, request?: RequestHeaders): void {
    const { cache, options } = this.#context
    if (cache.max <= 0) return // the cache is off: nothing to keep, nothing kept to drop
    const until = options.caching === 'http' ? freshUntil(headers) : Infinity
    // Vary: * never matches a later request (RFC 9111 §4.1): such an answer is not kept.
    if (until === undefined || headers.get('vary')?.includes('*')) cache.delete(state.uri)
    else cache.store(state as State, until, request)
  }

  /**
   * Replaces the resource (`PUT`), with `If-Match` from the cached ETag unless told otherwise.
   * Gives the new state: the response's, or a fresh read when the response has no body.
   *
   * @throws {PreconditionFailedError} when the resource changed since it was read (the stale copy
   * is dropped from the cache, so the next `get()` reads it again).
   * @example
   * ```ts
   * const state = await article.get()
   * await article.put({ title: 'New title', content: state.data.content })
   * ```
   */
  put(body: InputOf<T>, options?: WriteOptions): Promise<State<T>> {
    return this[send]('PUT', body, options) as Promise<State<T>>
  }

  /**
   * Changes part of the resource (`PATCH`): a JSON Merge Patch (`application/merge-patch+json`,
   * the default; `null` removes a member) or a JSON Patch (`type: 'json-patch'`,
   * `application/json-patch+json`). `If-Match` and the cache as for `put()`.
   *
   * @throws {PreconditionFailedError} when the resource changed since it was read.
   * @example
   * ```ts
   * await article.patch({ title: 'Only the title' })
   * await article.patch([{ op: 'remove', path: '/content' }], { type: 'json-patch' })
   * ```
   */
  patch(body: MergePatch<InputOf<T>>, options?: PatchOptions<'merge'>): Promise<State<T>>
  patch(
    body: readonly JsonPatchOperation[],
    options: PatchOptions & { type: 'json-patch' },
  ): Promise<State<T>>
  patch(body: unknown, { type = 'merge', ...options }: PatchOptions = {}): Promise<State<T>> {
    return this[send]('PATCH', body, {
      ...options,
      contentType: `application/${type === 'merge' ? 'merge' : 'json'}-patch+json`,
    }) as Promise<State<T>>
  }

  /**
   * Deletes the resource, with `If-Match` from the cached ETag unless told otherwise. The
   * resource, and every cached page of the collections that listed it, leave the cache.
   *
   * @example
   * ```ts
   * await client.go(articleUri).delete()
   * ```
   */
  async delete(options?: WriteOptions): Promise<void> {
    await this[send]('DELETE', undefined, options)
  }

  /**
   * Creates a resource in this collection (`POST`) and gives the new `Resource`: the response's
   * `Location`; without one, the `self` link of its body; without either, this resource's own URI
   * (RFC 9110 §15.3.2: a 201 without `Location` identifies what it created by the request's
   * target). It never rejects for want of an address. When the response carries the new
   * resource's representation (a 201's body, where `Location` and `self` agree or `Location` is
   * absent), that body is cached as its state: reading it costs no request while it is fresh. The
   * collection's cached pages are dropped.
   *
   * @example
   * ```ts
   * const created = await blog.follow('doc:articles').post({ title: 'Hello' })
   * const { data } = await created.get() // from the 201, no request
   * ```
   */
  post(body: CreateInputOf<T>, options?: RequestOptions): Promise<Resource<CreatedOf<T>>> {
    return this[send]('POST', body, { ...options, create: true }) as Promise<Resource<CreatedOf<T>>>
  }

  /**
   * @internal Every write: `put`, `patch`, `post`, `delete` and `action.submit()`. Preconditions
   * (except for `POST`) come from `state` or the cached state; the cache is kept right after.
   */
  async [send](
    method: string,
    body: unknown,
    { ifMatch = method !== 'POST', contentType, state, create, ...rest }: SendOptions = {},
  ): Promise<State<T> | Resource | undefined> {
    const { cache, transport } = this.#context
    const headers: Record<string, string> = { ...rest.headers }
    // The representation the write asks for: its validators, and where its answer is kept.
    const request = transport.headers(rest)
    const known = ifMatch === true ? (state ?? cache.get(this.uri, request)) : undefined
    if (contentType) headers['content-type'] = contentType
    if (typeof ifMatch === 'string') headers['if-match'] = ifMatch
    // If-Match compares strongly (RFC 9110 §13.1.1): a weak ETag would fail every time.
    else if (known?.etag && !known.etag.startsWith('W/')) headers['if-match'] = known.etag
    else if (known?.lastModified) headers['if-unmodified-since'] = known.lastModified
    let response: Response
    try {
      response = await transport.send(method, this.uri, { ...rest, headers, body })
    } catch (error) {
      // Our copy is stale: drop it so that the next get() reads the current one.
      if (isPreconditionFailedError(error)) cache.invalidate(this.uri)
      throw error
    }
    if (method === 'DELETE') {
      await transport.discard(method, this.uri, response)
      cache.invalidate(this.uri, { collections: true })
      return
    }
    if (method === 'POST') {
      cache.invalidateCollection(this.uri)
      // Only a 201 made something: any other answer is the outcome, not this resource's state.
      return create || response.status === 201
        ? this.#created(response, request)
        : transport.read(method, response.url || this.uri, response)
    }
    // Every cached copy, embedded ones included, is stale now.
    cache.invalidate(this.uri)
    // The read that stands in for an empty answer is part of the call: the caller's signal stops it.
    // It asks for the representation the write asked for.
    if (response.status === 204)
      return this.#read({ ...rest, headers: { accept: `${request.accept}` } })
    const updated = await transport.read<T>(method, this.uri, response)
    this.#keep(updated, response.headers, request)
    return updated
  }

  /**
   * The resource a POST created: its `Location`, else the body's `self`, else the request's target
   * (RFC 9110 §15.3.2); a 201's body is cached as its state when it speaks for it.
   */
  async #created(response: Response, request: RequestHeaders): Promise<Resource> {
    const location = response.headers.get('location')
    const from = response.url || this.uri
    const located = location === null ? undefined : resolveUrl('POST', from, location)
    // Without a Location the state is addressed by the body's self link (hrefs resolved against
    // the request's URI), or else at the target itself.
    // It was made, and we know where: a body past reading must not say otherwise (a retry would
    // make another).
    const state = await this.#context.transport
      .read('POST', located ?? from, response, !located)
      .catch((error: unknown) => {
        if (located && isInvalidResponseError(error)) return
        throw error
      })
    if (!state) return this.#context.go(located ?? from)
    const self = state.links.get('self')
    const uri = located ?? state.uri
    // Cache the body only when it says it is the created resource (a Location and a self that
    // differ say two things), on the origin that answered, and when there is a body at all.
    if (
      (located ? self?.href === located : response.status === 201) &&
      typeof state.data === 'object' &&
      state.data !== null &&
      new URL(uri).origin === new URL(from).origin
    )
      this.#keep(state, response.headers, request)
    return this.#context.go(uri)
  }

  /**
   * The resource a rel leads to, its template expanded with `variables`. Chains without `await`:
   * each step reads its document (from the cache when it can).
   *
   * @throws {LinkNotFoundError} (from the promise) when the document has no such link.
   * @example
   * ```ts
   * const page = await client.go(root).follow('doc:blog', { blogId: 1 })
   *   .follow('doc:articles', { pageSize: 20 }).get()
   * ```
   */
  follow<K extends RelName<T>>(
    rel: K,
    ...[variables, options = {}]: FollowArgs<RelVariables<T, K>>
  ): ResourcePromise<RelTarget<T, K>> {
    return new ResourcePromise(
      () =>
        this.#links(rel, options).then(([link]) =>
          this.#context.go(this.#target(link as Link, variables as Variables)),
        ),
      this as unknown as Resource,
      [step(rel, variables as Variables | undefined, options)],
    )
  }

  /**
   * Every resource a rel leads to (templated links expanded without variables); none when the
   * document has no such link.
   *
   * @example
   * ```ts
   * for (const author of await post.followAll('author')) console.log((await author.get()).data)
   * ```
   */
  async followAll<K extends RelName<T>>(
    rel: K,
    options: RequestOptions = {},
  ): Promise<Resource<RelTarget<T, K>>[]> {
    const links = await this.#links(rel, options, true)
    return links.map((link) => this.#context.go(this.#target(link)))
  }

  /**
   * The links of `rel` that match the selection or, when there are none, the self links of the
   * copies embedded under `rel`. Unless `all`, finding none is a `LinkNotFoundError`.
   */
  async #links(rel: string, { name, title, ...request }: FollowOptions, all = false) {
    return this.#linksOf((await this.get(request)) as State, rel, { name, title }, all)
  }

  /** {@link #links} read from `state`, a state of this resource: no request. */
  #linksOf(
    state: State,
    rel: string,
    { name, title }: Pick<FollowOptions, 'name' | 'title'>,
    all: boolean,
  ): Link[] {
    let found = state.links.getAll(rel, { name, title })
    if (!found.length && name === undefined && title === undefined)
      // HAL lets a rel appear in _embedded only: the embedded copy's self link stands in for it.
      found = state
        .embedded(rel)
        .map((copy) => copy.links.get('self'))
        .filter((link): link is Link => link !== undefined && link.href !== state.uri)
    if (found.length || all) return found
    throw new LinkNotFoundError(
      rel,
      this.uri,
      [...state.links.rels(), ...state.embeddedRels()],
      name ?? title,
    )
  }

  /**
   * @internal `state.follow()` and `state.followAll()`: where `state`'s own links lead, as
   * `follow()` and `followAll()` would find them, with no request for the document.
   */
  [fromState](
    state: State,
    rel: string,
    variables: Variables | undefined,
    options: FollowOptions,
  ): ResourcePromise
  [fromState](state: State, rel: string): Resource[]
  [fromState](
    state: State,
    rel: string,
    ...args: [variables: Variables | undefined, options: FollowOptions] | []
  ): ResourcePromise | Resource[] {
    if (args.length === 0)
      return this.#linksOf(state, rel, {}, true).map((link) => this.#context.go(this.#target(link)))
    const [variables, options] = args
    return new ResourcePromise(
      async () => {
        const [link] = this.#linksOf(state, rel, options, false)
        return this.#context.go(this.#target(link as Link, variables))
      },
      this as unknown as Resource,
      [step(rel, variables, options)],
    )
  }

  #target(link: Link, variables?: Variables): string {
    const href = linkTarget(link, variables)
    const { warned, options } = this.#context
    if (link.deprecation && !warned.has(href)) {
      warned.add(href)
      options.warn(`Deprecated: ${href} (${link.rel}), see ${link.deprecation}`)
    }
    return href
  }

  /**
   * The URI of the page after `page` (a page of this collection), where the first of the client's
   * `nextRels` it links leads; `undefined` on the last page. `pages()` walks by the same rule.
   *
   * @example
   * ```ts
   * const page = await articles.get()
   * const next = articles.nextPage(page)
   * if (next) await articles.go(next).get()
   * ```
   */
  nextPage(page: State<T>): string | undefined {
    return nextPageUri(page, this.#context.options.nextRels)
  }

  /**
   * The collection's pages, from this one on, following the client's `nextRels` (`next`).
   * With `prefetch`, the next page is requested while the current one is in use.
   *
   * @example
   * ```ts
   * for await (const page of blog.follow('doc:articles', { pageSize: 50 }).pages()) {
   *   console.log(page.data.pageIndex)
   * }
   * ```
   */
  pages(options: PagesOptions = {}): AsyncGenerator<State<T>> {
    return pages(this.#context, this, options)
  }

  /**
   * Every item of the collection, page after page. Reading N items costs ceil(N / pageSize)
   * requests (one more with `prefetch`); stopping early stops the requests.
   *
   * @example
   * ```ts
   * for await (const article of blog.follow('doc:articles', { pageSize: 100 }).items()) {
   *   console.log(article.data.title)
   * }
   * ```
   */
  items<K extends EmbeddedName<T>>(
    options: ItemsOptions<K> = {},
  ): AsyncGenerator<State<EmbeddedTarget<T, K>>> {
    return items(this.#context, this, options)
  }
}

/**
 * One step of a {@link ResourcePromise}'s way from a resource: a rel, its variables and the
 * selection among its links, as given to `follow()`.
 *
 * @example
 * ```ts
 * const step: FollowStep = { rel: 'doc:articles', variables: { pageSize: 20 } }
 * ```
 */
export interface FollowStep {
  rel: string
  variables?: Variables
  name?: string
  title?: string
}

/** The step `follow(rel, variables, options)` takes, with only what it was given. */
const step = (
  rel: string,
  variables: Variables | undefined,
  options: FollowOptions,
): FollowStep => ({
  rel,
  ...(variables && Object.keys(variables).length > 0 && { variables }),
  ...(options.name !== undefined && { name: options.name }),
  ...(options.title !== undefined && { title: options.title }),
})

/**
 * A `Resource` still being found: a promise of it, with the same verbs, so that steps chain
 * without an `await` between them. It sends nothing until it is awaited or a verb is called.
 *
 * @example
 * ```ts
 * const comments = await client.go(articleUri).follow('doc:comments').get()
 * ```
 */
export class ResourcePromise<T = AnyResource> implements PromiseLike<Resource<T>> {
  /** Finds the resource, once: on the first `await` or verb. */
  readonly #find: () => Promise<Resource<T>>
  /** See {@link Resource.get}. */
  declare readonly get: Resource<T>['get']
  /** See {@link Resource.refresh}. */
  declare readonly refresh: Resource<T>['refresh']
  /** See {@link Resource.put}. */
  declare readonly put: Resource<T>['put']
  /** See {@link Resource.post}. */
  declare readonly post: Resource<T>['post']
  /** See {@link Resource.patch}. */
  declare readonly patch: Resource<T>['patch']
  /** See {@link Resource.delete}. */
  declare readonly delete: Resource<T>['delete']
  /** See {@link Resource.followAll}. */
  declare readonly followAll: Resource<T>['followAll']

  /**
   * Where the way to the resource starts (the resource `follow()` was first called on), when
   * known: with {@link steps}, it names the resource before it is found (`@halyard/query` keys
   * its queries so).
   */
  readonly from: Resource | undefined
  /** The rels followed from {@link from}, in order. */
  readonly steps: readonly FollowStep[]

  /**
   * @param resource the resource, or how to find it: called on the first `await` or verb, so that
   * a chain sends nothing until it is used (a render may build one and never read it).
   */
  constructor(
    resource: Promise<Resource<T>> | (() => Promise<Resource<T>>),
    from?: Resource,
    steps: readonly FollowStep[] = [],
  ) {
    let found: Promise<Resource<T>> | undefined
    this.#find = typeof resource === 'function' ? () => (found ??= resource()) : () => resource
    this.from = from
    this.steps = steps
    // Each verb waits for the resource, then runs on it.
    for (const verb of ['get', 'refresh', 'put', 'patch', 'post', 'delete', 'followAll'] as const)
      (this as Record<string, unknown>)[verb] = (...args: unknown[]) =>
        this.#find().then((found) => (found[verb] as (...a: unknown[]) => unknown)(...args))
  }

  // biome-ignore lint/suspicious/noThenProperty: this is a thenable on purpose, so `await` works.
  then<A = Resource<T>, B = never>(
    onFulfilled?: ((resource: Resource<T>) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#find().then(onFulfilled, onRejected)
  }

  /** See {@link Resource.follow}. */
  follow<K extends RelName<T>>(
    rel: K,
    ...args: FollowArgs<RelVariables<T, K>>
  ): ResourcePromise<RelTarget<T, K>> {
    const [variables, options = {}] = args
    return new ResourcePromise(
      () => this.#find().then((resource) => resource.follow(rel, ...args)),
      this.from,
      [...this.steps, step(rel, variables as Variables | undefined, options)],
    )
  }

  /** See {@link Resource.pages}. */
  async *pages(options?: PagesOptions): AsyncGenerator<State<T>> {
    yield* (await this.#find()).pages(options)
  }

  /** See {@link Resource.items}. */
  async *items<K extends EmbeddedName<T>>(
    options?: ItemsOptions<K>,
  ): AsyncGenerator<State<EmbeddedTarget<T, K>>> {
    yield* (await this.#find()).items(options)
  }
}
