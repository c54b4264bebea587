import type { State } from './state.js'

const withoutQuery = (uri: string): string => uri.replace(/[?#].*$/, '')

/**
 * The client's states by URI, with their validators, least recently used first out. Embedded
 * copies are stored under their own `self` (when it is on the origin of the document that embeds
 * them), and the cache remembers which documents embed which
 * resource so that a write can evict every copy it made stale.
 *
 * @example
 * ```ts
 * client.cache.invalidate(articleUri) // the article, and every cached page that embeds it
 * client.cache.clear()
 * ```
 */
export class StateCache {
  readonly #states = new Map<string, State>()
  /** Child URI → URIs of the cached documents that embed it. */
  readonly #embedders = new Map<string, Set<string>>()
  /** URI → until when (ms since the epoch) its state may be used without asking the server. */
  readonly #freshUntil = new Map<string, number>()

  /** @param max how many states to keep; 0 turns caching off. */
  constructor(readonly max = 1000) {}

  /** The cached state of `uri`, if any. */
  get(uri: string): State | undefined {
    const state = this.#states.get(uri)
    if (state) {
      this.#states.delete(uri) // re-insert: Map order is the LRU order
      this.#states.set(uri, state)
    }
    return state
  }

  /**
   * Whether the state of `uri` may be used without asking the server: true until the time given
   * to {@link store} (forever by default).
   *
   * @example
   * ```ts
   * if (!client.cache.isFresh(uri)) console.log('the next get() asks the server')
   * ```
   */
  isFresh(uri: string): boolean {
    return (this.#freshUntil.get(uri) ?? Infinity) > Date.now()
  }

  /**
   * Stores a state and every embedded copy in it that has an address of its own on the origin
   * that served the state (another origin's copy of an API resource would be a forgery). Each
   * stays fresh until `freshUntil` (ms since the epoch): embedded copies live as long as their
   * container.
   */
  store(state: State, freshUntil = Infinity): void {
    this.#set(state, freshUntil)
    const { origin } = new URL(state.uri)
    for (const child of state.embeddedStates()) {
      if (child.uri === state.uri || new URL(child.uri).origin !== origin) continue
      const known = this.#states.get(child.uri)
      // Same content: keep the copy that came with validators (an embedded copy has none).
      if (!known || JSON.stringify(known.data) !== JSON.stringify(child.data))
        this.#set(child, freshUntil)
      else this.#freshUntil.set(child.uri, freshUntil)
      const embedders = this.#embedders.get(child.uri) ?? new Set()
      this.#embedders.set(child.uri, embedders.add(state.uri))
    }
  }

  #set(state: State, freshUntil: number): void {
    this.#states.delete(state.uri)
    this.#states.set(state.uri, state)
    this.#freshUntil.set(state.uri, freshUntil)
    // One in, at most one out: with `max` 0, the state itself.
    const [oldest] = this.#states.keys()
    if (oldest !== undefined && this.#states.size > this.max) this.delete(oldest)
  }

  /** Forgets `uri`. */
  delete(uri: string): void {
    const state = this.#states.get(uri)
    if (!state) return
    this.#states.delete(uri)
    this.#freshUntil.delete(uri)
    for (const child of state.embeddedStates()) this.#embedders.get(child.uri)?.delete(uri)
  }

  /**
   * Forgets `uri` and every cached document that embeds it; with `collections`, every page of the
   * collections those documents belong to (a deletion shifts them all).
   */
  invalidate(uri: string, { collections = false } = {}): void {
    for (const embedder of this.#embedders.get(uri) ?? [])
      if (collections) this.invalidateCollection(embedder)
      else this.delete(embedder)
    this.#embedders.delete(uri)
    this.delete(uri)
  }

  /** Forgets a collection: `uri` and every cached URI that differs from it only in its query. */
  invalidateCollection(uri: string): void {
    const path = withoutQuery(uri)
    for (const key of [...this.#states.keys()]) if (withoutQuery(key) === path) this.delete(key)
  }

  /** Forgets everything. */
  clear(): void {
    this.#states.clear()
    this.#embedders.clear()
    this.#freshUntil.clear()
  }

  /** How many states are cached. */
  get size(): number {
    return this.#states.size
  }
}
