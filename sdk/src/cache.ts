import type { State } from './state.js'

/**
 * A request's headers by lower-case name, as the client sends them: what picks the representation
 * a cached state is of.
 *
 * @example
 * ```ts
 * const request: RequestHeaders = { accept: 'application/hal+json' }
 * client.cache.get(articleUri, request)
 * ```
 */
export type RequestHeaders = Readonly<Record<string, string | undefined>>

/** The URI a key (or a URI) names, without its query: a collection's pages share it. */
const pathOf = (key: string): string => key.replace(/[?# ].*$/, '')
/** An `Accept` as the cache compares it: without whitespace, in lower case. */
const normalize = ({ accept = '' }: RequestHeaders): string =>
  accept.replace(/\s/g, '').toLowerCase()

/**
 * The client's states by URI and representation, with their validators, least recently used first
 * out. One URI has a state per `Accept` asked for (RFC 9111 §4.1, `Vary: Accept`), compared with
 * whitespace removed and in lower case (the client keeps no answer with `Vary: *`). Embedded
 * copies are stored under their own `self` (when it is on the origin of the document that embeds
 * them), as the representation that carried them, and the cache remembers which documents embed
 * which resource so that a write can evict every copy it made stale.
 *
 * @example
 * ```ts
 * client.cache.get(articleUri) // as the client's default Accept asks for it
 * client.cache.get(articleUri, { accept: 'application/hal+json' })
 * client.cache.invalidate(articleUri) // every representation, and every cached page embedding it
 * client.cache.clear()
 * ```
 */
export class StateCache {
  /** By key (see `#key`): the URI, and the `Accept` when it is not the defaults'. */
  readonly #states = new Map<string, State>()
  /** Child URI → keys of the cached documents that embed it. */
  readonly #embedders = new Map<string, Set<string>>()
  /** Key → until when (ms since the epoch) its state may be used without asking the server. */
  readonly #freshUntil = new Map<string, number>()
  /** The defaults' `Accept`, normalized once: most reads ask for it. */
  readonly #accept: string

  /**
   * @param max how many states to keep; 0 turns caching off.
   * @param defaults the headers a request sends when none are given (the client's `Accept`).
   */
  constructor(
    readonly max = 1000,
    readonly defaults: RequestHeaders = {},
  ) {
    this.#accept = normalize(defaults)
  }

  /**
   * Where the representation of `uri` that `request`'s `Accept` asks for is kept: the URI itself
   * for the defaults' (most reads), else the URI, a space and the `Accept`.
   */
  #key(uri: string, request = this.defaults): string {
    const accept = request === this.defaults ? this.#accept : normalize(request)
    return accept === this.#accept ? uri : `${uri} ${accept}`
  }

  /** The cached state of `uri` in the representation `request` asks for, if any. */
  get(uri: string, request?: RequestHeaders): State | undefined {
    const key = this.#key(uri, request)
    const state = this.#states.get(key)
    if (state) {
      this.#states.delete(key) // re-insert: Map order is the LRU order
      this.#states.set(key, state)
    }
    return state
  }

  /**
   * Whether that state may be used without asking the server: true until the time given to
   * {@link store} (forever by default).
   *
   * @example
   * ```ts
   * if (!client.cache.isFresh(uri)) console.log('the next get() asks the server')
   * ```
   */
  isFresh(uri: string, request?: RequestHeaders): boolean {
    return (this.#freshUntil.get(this.#key(uri, request)) ?? Infinity) > Date.now()
  }

  /**
   * Stores a state read with `request`'s headers, and every embedded copy in it that has an
   * address of its own on the origin that served the state (another origin's copy of an API
   * resource would be a forgery). Each stays fresh until `freshUntil` (ms since the epoch):
   * embedded copies live as long as their container.
   */
  store(state: State, freshUntil = Infinity, request?: RequestHeaders): void {
    const key = this.#key(state.uri, request)
    this.#set(key, state, freshUntil)
    const { origin } = new URL(state.uri)
    for (const child of state.embeddedStates()) {
      if (child.uri === state.uri || new URL(child.uri).origin !== origin) continue
      const childKey = this.#key(child.uri, request)
      const known = this.#states.get(childKey)
      // Same content: keep the copy that came with validators (an embedded copy has none).
      if (!known || JSON.stringify(known.data) !== JSON.stringify(child.data))
        this.#set(childKey, child, freshUntil)
      else this.#freshUntil.set(childKey, freshUntil)
      const embedders = this.#embedders.get(child.uri) ?? new Set()
      this.#embedders.set(child.uri, embedders.add(key))
    }
  }

  #set(key: string, state: State, freshUntil: number): void {
    this.#states.delete(key)
    this.#states.set(key, state)
    this.#freshUntil.set(key, freshUntil)
    // One in, at most one out: with `max` 0, the state itself.
    const [oldest] = this.#states.keys()
    if (oldest !== undefined && this.#states.size > this.max) this.#drop(oldest)
  }

  #drop(key: string): void {
    const state = this.#states.get(key)
    if (!state) return
    this.#states.delete(key)
    this.#freshUntil.delete(key)
    for (const child of state.embeddedStates()) this.#embedders.get(child.uri)?.delete(key)
  }

  /** Forgets every key `matches`. */
  #dropAll(matches: (key: string) => boolean): void {
    for (const key of [...this.#states.keys()]) if (matches(key)) this.#drop(key)
  }

  /** Forgets `uri`: every representation of it. */
  delete(uri: string): void {
    this.#dropAll((key) => key === uri || key.startsWith(`${uri} `))
  }

  /**
   * Forgets `uri` (every representation) and every cached document that embeds it; with
   * `collections`, every page of the collections those documents belong to (a deletion shifts
   * them all).
   */
  invalidate(uri: string, { collections = false } = {}): void {
    for (const embedder of this.#embedders.get(uri) ?? [])
      if (collections) this.invalidateCollection(embedder)
      else this.#drop(embedder)
    this.#embedders.delete(uri)
    this.delete(uri)
  }

  /** Forgets a collection: `uri` and every cached URI that differs from it only in its query. */
  invalidateCollection(uri: string): void {
    const path = pathOf(uri)
    this.#dropAll((key) => pathOf(key) === path)
  }

  /** Forgets everything. */
  clear(): void {
    this.#states.clear()
    this.#embedders.clear()
    this.#freshUntil.clear()
  }

  /** How many states are cached (each representation of a URI counts). */
  get size(): number {
    return this.#states.size
  }
}
