/**
 * The one kind of cache the mock keeps: least recently used, bounded in bytes rather than entries,
 * so that no sequence of requests can make a memo hold more than its share of {@link MEMO_BUDGETS}.
 *
 * @packageDocumentation
 */
import { LRUCache } from 'lru-cache'

const KiB = 1024
const MiB = 1024 * KiB

/**
 * The byte budget of every memo of the mock; their sum, {@link MEMO_TOTAL_BYTES}, is the most all
 * memos together ever hold (per process for the module-wide ones; see `docs/internals/security.md`, "Memory").
 *
 * @example
 * ```ts
 * new ByteLru<string, string>('etags', (etag, body) => stringBytes(body) + stringBytes(etag))
 * ```
 */
export const MEMO_BUDGETS = {
  /** Serialized pages of collections, every API's (`http/respond.ts`, `RepresentationMemo`). */
  pages: 2 * MiB,
  /** Serialized items (an article, an order), every API's (`http/respond.ts`). */
  items: 1 * MiB,
  /** Strong ETags by the text they hash (`http/validators.ts`). */
  etags: 512 * KiB,
  /** Formatted HTTP dates by second (`http/validators.ts`). */
  dates: 32 * KiB,
  /** `Accept` verdicts, per list of offered types (`http/negotiation.ts`). */
  accept: 64 * KiB,
  /** URL builders by origin (`blog/routes/route.ts`). */
  urls: 64 * KiB,
  /** Origins by `Host` header, one memo per real server (`shells/common/hosts.ts`). */
  origins: 64 * KiB,
} as const

/**
 * The sum of {@link MEMO_BUDGETS}: about 3.8 MiB (`accept` counted three times, one memo per list of types).
 *
 * @example
 * ```ts
 * MEMO_TOTAL_BYTES / 1024 / 1024 // 3.84…
 * ```
 */
export const MEMO_TOTAL_BYTES =
  Object.values(MEMO_BUDGETS).reduce((sum, bytes) => sum + bytes, 0) + 2 * MEMO_BUDGETS.accept

/** What every entry costs besides its strings: the map slot, the list node, the object headers. */
const ENTRY_OVERHEAD = 64

/**
 * The bytes a string may occupy: two per UTF-16 code unit (V8 keeps one-byte strings in half that,
 * so this is an upper bound).
 *
 * @example
 * ```ts
 * stringBytes('abc') // 6
 * ```
 */
export function stringBytes(text: string): number {
  return 2 * text.length
}

/**
 * A least-recently-used map bounded by the bytes its entries are said to cost (`sizeOf`, plus a
 * fixed overhead per entry); an entry larger than the whole budget is not kept at all. A thin
 * wrapper over lru-cache, so that every memo states its budget in {@link MEMO_BUDGETS}.
 *
 * @example
 * ```ts
 * const recent = new ByteLru<string, string>('etags', (etag, body) => stringBytes(body) + stringBytes(etag))
 * recent.set(body, etag)
 * recent.get(body) // etag, until 512 KiB of newer entries push it out
 * ```
 */
export class ByteLru<K extends {}, V extends {}> {
  readonly #cache: LRUCache<K, V>
  /**
   * The entry last read: the most recently used one, so a read of it again changes no order and
   * skips lru-cache's lookup (a server reads the same Host, date and article again and again).
   */
  #last: { readonly key: K; readonly value: V } | undefined

  constructor(
    readonly budget: keyof typeof MEMO_BUDGETS,
    sizeOf: (value: V, key: K) => number,
  ) {
    this.#cache = new LRUCache<K, V>({
      maxSize: MEMO_BUDGETS[budget],
      sizeCalculation: (value, key) => Math.max(1, Math.ceil(sizeOf(value, key)) + ENTRY_OVERHEAD),
    })
  }

  get(key: K): V | undefined {
    const last = this.#last
    if (last !== undefined && last.key === key) return last.value
    const value = this.#cache.get(key)
    if (value !== undefined) this.#last = { key, value }
    return value
  }

  set(key: K, value: V): void {
    // A set may replace the last entry, or evict it (the budget counts what lru-cache keeps).
    this.#last = undefined
    this.#cache.set(key, value)
  }

  /** The bytes the entries are counted at now; never more than the budget. */
  get bytes(): number {
    return this.#cache.calculatedSize
  }

  get size(): number {
    return this.#cache.size
  }
}
