/**
 * What this module uses of a `@msw/data` collection: its public API, plus the fact that `all()`
 * hands out the collection's own array of records (it does, so that queries see live records).
 */
export interface RecordCollection<T extends object> {
  create(values: T): Promise<T>
  all(): T[]
  defineRelations(resolver: never): void
  readonly hooks: { listenerCount(type: 'create' | 'update' | 'delete'): number }
}

/** How the collection marks its records, learned from one it made: two internal symbols. */
interface Marks {
  readonly primaryKey: symbol
  readonly relations: symbol
}

/** A record with a numeric id, which the store keeps in ascending order. */
interface Identified {
  readonly id: number
}

/** Listeners the store itself adds to a collection, per event: it keeps them up to date itself. */
export interface OwnListeners {
  readonly create: number
  readonly update: number
  readonly delete: number
}

/**
 * Fast paths into one `@msw/data` collection for the store's own writes, where the public API
 * scans: `update()` and `delete()` look a record up from the start of the collection, twice, and
 * `create()` spends tens of microseconds per record (sanitizing, async validation, a UUID, hooks),
 * so seeding 1 000 000 articles through it takes minutes.
 *
 * Each path gives the collection exactly what its public API would leave there (records marked as
 * `create()` marks them, replaced by a new object as `update()` replaces them), and is taken only
 * while nobody but the store listens to the event it skips; otherwise it declines and the store
 * uses the public API. A collection that does not look as expected (a future `@msw/data`) makes
 * every path decline too.
 *
 * @example
 * const records = new CollectionRecords(db.articles, { create: 1, update: 0, delete: 1 })
 * await records.load(seed.articles, { prepare: (a) => ({ ...a }), added: (a) => index.put(a) })
 */
export class CollectionRecords<T extends object> {
  readonly #collection: RecordCollection<T>
  readonly #own: OwnListeners
  /** How the collection marks records, once a record it made has shown it. */
  #marks: Marks | undefined
  /** Whether records were loaded without marks, for {@link CollectionRecords.markAll}. */
  #unmarked = false
  /** Keys given here so far: each new one is the next number, unlike any UUID of `create()`. */
  #keys = 0
  /**
   * The relation map of the records marked here. It is one for all until relations are defined on
   * the collection, which is when `@msw/data` fills them: a million empty maps would cost 170 MB
   * and seconds, and until then nothing writes to them. Its descriptor stays configurable, so that
   * a record's own map can replace it.
   */
  readonly #relations: PropertyDescriptor = { value: new Map(), configurable: true }
  /** Descriptors as `create()` writes them (read-only, hidden), reused: no garbage per record. */
  readonly #key: PropertyDescriptor = { value: '' }

  constructor(collection: RecordCollection<T>, own: OwnListeners) {
    this.#collection = collection
    this.#own = own
    this.#unshareBeforeRelations()
  }

  /**
   * Adds `values` in order. The first goes through `create()` (and its hooks); it shows how the
   * collection marks records, and the others are marked alike and appended to the collection's
   * array, each passed to `added` since no `create` event fires for them. `prepare` makes the
   * stored object from a value (a copy, or a validated one). With `lazy`, the marks wait for
   * {@link CollectionRecords.markAll}: call it before anything but the store sees the collection.
   */
  async load(
    values: readonly T[],
    options: { prepare: (value: T) => T; added: (record: T) => void; lazy?: boolean },
  ): Promise<void> {
    const { prepare, added, lazy = false } = options
    const [firstValue] = values
    if (firstValue === undefined) return
    const first = await this.#collection.create(firstValue)
    const records = this.#liveRecords('create')
    this.#marks ??= marksOf(first)
    if (!this.#marks || !records || records.at(-1) !== first) {
      await Promise.all(values.slice(1).map((value) => this.#collection.create(value)))
      return
    }
    for (let i = 1; i < values.length; i++) {
      const record = prepare(values[i] as T)
      if (!lazy) this.#mark(record, this.#marks)
      records.push(record)
      added(record)
    }
    if (lazy && values.length > 1) this.#unmarked = true
  }

  /** Marks the records a lazy {@link CollectionRecords.load} left unmarked, in one pass. */
  markAll(): void {
    const marks = this.#marks
    if (!this.#unmarked || !marks) return
    this.#unmarked = false
    for (const record of this.#collection.all()) {
      if (!Object.hasOwn(record, marks.primaryKey)) this.#mark(record, marks)
    }
  }

  /**
   * Puts `next` in the place of `prev`, carrying over `prev`'s internal keys and accessors as
   * `update()` does, in O(log n) for records in ascending id order. False when it declines.
   */
  replace(prev: T & Identified, next: T & Identified): boolean {
    const records = this.#liveRecords('update')
    if (!records) return false
    const at = positionOf(records, prev)
    if (at === -1) return false
    for (const key of Reflect.ownKeys(prev)) {
      const descriptor = Object.getOwnPropertyDescriptor(prev, key) as PropertyDescriptor
      if (typeof key === 'symbol' || descriptor.get) Object.defineProperty(next, key, descriptor)
    }
    // One synchronous swap: a concurrent read sees the old record or the new one, never neither.
    records[at] = next
    return true
  }

  /** Takes `record` out of the collection, as `delete()` does. False when it declines. */
  remove(record: T & Identified): boolean {
    const records = this.#liveRecords('delete')
    if (!records) return false
    const at = positionOf(records, record)
    if (at === -1) return false
    records.splice(at, 1)
    return true
  }

  /** Gives a record the marks `create()` gives: a key of its own, the shared relation map. */
  #mark(record: T, marks: Marks): void {
    this.#key.value = String(++this.#keys)
    Object.defineProperty(record, marks.primaryKey, this.#key)
    Object.defineProperty(record, marks.relations, this.#relations)
  }

  /** Gives every record holding the shared relation map one of its own before relations are defined. */
  #unshareBeforeRelations(): void {
    const collection = this.#collection
    const defineRelations = collection.defineRelations.bind(collection)
    collection.defineRelations = (resolver) => {
      this.markAll()
      const relations = this.#marks?.relations
      for (const record of relations ? collection.all() : []) {
        if (Reflect.get(record, relations as symbol) === this.#relations.value) {
          Object.defineProperty(record, relations as symbol, {
            value: new Map(),
            configurable: false,
          })
        }
      }
      defineRelations(resolver)
    }
  }

  /**
   * The collection's own array of records, if a write to it is a write to the collection (`all()`
   * hands out that array, not a copy) and if no one but the store listens to `event`, so that
   * skipping its emission changes nothing.
   */
  #liveRecords(event: keyof OwnListeners): T[] | undefined {
    const records = this.#collection.all()
    if (records !== this.#collection.all()) return undefined
    return this.#collection.hooks.listenerCount(event) <= this.#own[event] ? records : undefined
  }
}

/** The two symbols `create()` put on `record`: its primary key (a string) and relation map. */
function marksOf(record: object): Marks | undefined {
  const symbols = Object.getOwnPropertySymbols(record)
  const primaryKey = symbols.find((symbol) => typeof Reflect.get(record, symbol) === 'string')
  const relations = symbols.find((symbol) => Reflect.get(record, symbol) instanceof Map)
  if (symbols.length !== 2 || !primaryKey || !relations) return undefined
  return { primaryKey, relations }
}

/**
 * Where `record` sits in `records`: a binary search by id, since the store keeps ids ascending,
 * checked by identity, else (records put in another order through `db`) a scan.
 */
function positionOf<T extends object>(records: readonly T[], record: T & Identified): number {
  let lo = 0
  let hi = records.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (((records[mid] as Partial<Identified>).id ?? 0) < record.id) lo = mid + 1
    else hi = mid
  }
  return records[lo] === record ? lo : records.indexOf(record)
}
