import { Collection } from '@msw/data'
import { defineExtension } from '@msw/data/extensions'
import type { StandardSchema } from '../definition/standard-schema.js'

// The one module that relies on how `@msw/data` behaves beyond its types: how it reports changes
// ({@link observe}) and how it marks and keeps records ({@link CollectionRecords}, the bulk paths).
// `msw-data.test.ts` checks every such assumption against the installed version; where one breaks
// at run time, these throw a {@link MswDataAssumptionError} naming it rather than fall back.

/**
 * The `@msw/data` versions whose behaviour this module was tested against (`msw-data.test.ts`
 * fails loudly on any other, and `mock/package.json` pins the dependency to the same range).
 */
export const TESTED_MSW_DATA = '~1.1.7'

/** What the core's index must hear of every change to a collection, whoever makes it. */
export interface CollectionObserver<R> {
  /** A record was created or replaced: `record` is the object the collection now holds. */
  put(record: R): void
  /** A record left the collection (`delete`, `deleteMany`). */
  removed(record: R): void
  /** Every record left the collection (`clear`). */
  cleared(): void
}

/** A behaviour of `@msw/data` the core relies on turned out not to hold. */
export class MswDataAssumptionError extends Error {
  override readonly name = 'MswDataAssumptionError'
}

/**
 * A `@msw/data` collection whose every change reaches `observer` (see {@link observe}).
 *
 * @example
 * const orders = observedCollection(orderSchema, { put: (o) => index.put(o), removed: (o) => index.remove(o), cleared: () => index.clear() })
 */
export function observedCollection<R extends object>(
  schema: StandardSchema,
  observer: CollectionObserver<R>,
): Collection<never> {
  const observing = defineExtension({
    name: 'halyard-index',
    extend: (collection) => observe(collection, observer),
  })
  // The core's schemas are Standard Schemas, which `@msw/data` takes; only its type names differ.
  return new Collection({
    schema: schema as never,
    extensions: [observing],
  }) as unknown as Collection<never>
}

/** What {@link observe} needs of a collection: its hooks and the methods it wraps. */
interface Observable {
  readonly hooks: {
    on(type: 'create', listener: (event: { data: { record: unknown } }) => void): unknown
    on(type: 'delete', listener: (event: { data: { deletedRecord: unknown } }) => void): unknown
  }
  update(...args: never[]): Promise<unknown>
  updateMany(...args: never[]): Promise<unknown[]>
  clear(): void
  delete(...args: never[]): unknown
}

/**
 * Makes every change to a `@msw/data` collection reach `observer`, whoever makes it (the core's
 * store observes its collections, and the Blog API's store its persons, through it), assuming that:
 * - the `create` hook's `record` is the very object the collection stores;
 * - `delete` and `deleteMany` emit `delete` for each record they remove;
 * - `update` and `updateMany` resolve to the stored records, while their `update` hook fires
 *   before the record exists, and `clear` emits `delete` for only every other record (it splices
 *   the array it walks): these three are wrapped here, on this instance only.
 * `msw-data.test.ts` checks each point against the installed version.
 *
 * @throws {MswDataAssumptionError} when the collection lacks a method this wraps.
 * @example
 * defineExtension({ name: 'index', extend: (collection) => observe(collection, observer) })
 */
function observe<R>(collection: object, observer: CollectionObserver<R>): void {
  const target = collection as Observable
  for (const method of ['update', 'updateMany', 'clear', 'delete'] as const) {
    if (typeof target[method] !== 'function') {
      throw new MswDataAssumptionError(
        `@msw/data no longer has Collection.${method} (tested: ${TESTED_MSW_DATA})`,
      )
    }
  }
  target.hooks.on('create', (event) => observer.put(event.data.record as R))
  target.hooks.on('delete', (event) => observer.removed(event.data.deletedRecord as R))
  const update = target.update.bind(target)
  target.update = async (...args) => {
    const record = await update(...args)
    if (record) observer.put(record as R)
    return record
  }
  const updateMany = target.updateMany.bind(target)
  target.updateMany = async (...args) => {
    const records = await updateMany(...args)
    for (const record of records) observer.put(record as R)
    return records
  }
  const clear = target.clear.bind(target)
  target.clear = () => {
    clear()
    observer.cleared()
  }
}
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
 * uses the public API. It assumes that `all()` hands out the collection's own array, that
 * `create()` appends the record it returns, and that it marks it with two symbols (a string
 * primary key, a `Map` of relations); a collection where one does not hold (a future `@msw/data`)
 * makes it throw a {@link MswDataAssumptionError} naming the assumption.
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
  /** The records the collection's array is to hold, when {@link CollectionRecords.defer} left it short. */
  #deferred: (() => readonly T[]) | undefined
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
    if (!records) {
      await Promise.all(values.slice(1).map((value) => this.#collection.create(value)))
      return
    }
    // A write through `db` may have come in while `create()` ran: `first` need not be last.
    if (records.lastIndexOf(first) === -1) broken('create() appends the record it returns to all()')
    this.#marks ??= marksOf(first)
    for (let i = 1; i < values.length; i++) {
      const record = prepare(values[i] as T)
      if (!lazy) this.#mark(record, this.#marks)
      records.push(record)
      added(record)
    }
    if (lazy && values.length > 1) this.#unmarked = true
  }

  /**
   * Leaves the collection's array short of records the store holds until
   * {@link CollectionRecords.markAll} fills it from `all` (in order): until then nobody but the
   * store reads the collection, and replacing or removing a record touches only the store's index.
   */
  defer(all: () => readonly T[]): void {
    this.#deferred = all
    this.#unmarked = true
  }

  /**
   * Marks the records a lazy {@link CollectionRecords.load} left unmarked, in one pass, after
   * filling the array a {@link CollectionRecords.defer} left short.
   */
  markAll(): void {
    const deferred = this.#deferred
    if (deferred) {
      this.#deferred = undefined
      const records = this.#collection.all()
      // A record `create()` has marked and indexed but not appended yet (it awaits its hooks in
      // between) is one whose key the array lacks: `create()` appends it itself.
      const key = this.#marks?.primaryKey
      const held = new Set(key ? records.map((record) => Reflect.get(record, key)) : [])
      records.length = 0
      for (const record of deferred()) {
        if (key && Object.hasOwn(record, key) && !held.has(Reflect.get(record, key))) continue
        records.push(record)
      }
    }
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
    // A deferred array is filled from the store's records later: no place to swap yet.
    const at = this.#deferred ? undefined : positionOf(records, prev)
    if (at === -1) return false
    for (const key of Reflect.ownKeys(prev)) {
      const descriptor = Object.getOwnPropertyDescriptor(prev, key) as PropertyDescriptor
      if (typeof key === 'symbol' || descriptor.get) Object.defineProperty(next, key, descriptor)
    }
    // One synchronous swap: a concurrent read sees the old record or the new one, never neither.
    if (at !== undefined) records[at] = next
    return true
  }

  /** Takes `record` out of the collection, as `delete()` does. False when it declines. */
  remove(record: T & Identified): boolean {
    const records = this.#liveRecords('delete')
    if (!records) return false
    if (this.#deferred) return true
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
    if (records !== this.#collection.all()) broken("all() hands out the collection's own array")
    return this.#collection.hooks.listenerCount(event) <= this.#own[event] ? records : undefined
  }
}

/** The two symbols `create()` put on `record`: its primary key (a string) and relation map. */
function marksOf(record: object): Marks {
  const symbols = Object.getOwnPropertySymbols(record)
  const primaryKey = symbols.find((symbol) => typeof Reflect.get(record, symbol) === 'string')
  const relations = symbols.find((symbol) => Reflect.get(record, symbol) instanceof Map)
  if (symbols.length !== 2 || !primaryKey || !relations) {
    broken('create() marks a record with two symbols: a string primary key and a Map of relations')
  }
  return { primaryKey, relations }
}

/** Throws for an assumption about `@msw/data` that the installed version breaks. */
function broken(assumption: string): never {
  throw new MswDataAssumptionError(
    `@msw/data no longer behaves as Halyard assumes (tested: ${TESTED_MSW_DATA}): ${assumption}`,
  )
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
