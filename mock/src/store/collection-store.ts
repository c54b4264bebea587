import type { Collection } from '@msw/data'
import type { GeneratedSeed, HalStorage } from '../definition/api.js'
import { HalDefinitionError } from '../definition/check.js'
import type { CollectionDefinition, HalRecord } from '../definition/definition.js'
import { Problem } from '../http/problem.js'
import { IdTable } from './id-table.js'
import { CollectionRecords, observedCollection } from './msw-data.js'
import { recordSchema } from './record-schema.js'
import { type Relation, relationsOf } from './relations.js'
import { SortedIds } from './sorted-ids.js'

/** When something last changed: a stamp of the store's write clock, and the time. */
export interface Change {
  /** Unique per write in a store: equal stamps mean nothing changed since. */
  readonly version: number
  /** Epoch milliseconds (`Last-Modified`). */
  readonly at: number
}

/**
 * One collection's records in a `@msw/data` collection, with the index that keeps reads from
 * scanning it: records by id, ids in order for paging, and for each relation the records pointing
 * at each target. Every change, through the core or straight through `db`, bumps the version of
 * the record, of the collection, and of each target the record points (or pointed) at.
 */
export class CollectionStore {
  readonly name: string
  readonly definition: CollectionDefinition
  readonly relations: readonly Relation[]
  /** The seed's fast path into {@link CollectionStore.collection} (see {@link CollectionStore.load}). */
  readonly #bulk: CollectionRecords<HalRecord>
  readonly #collection: Collection<never>
  readonly #records = new IdTable<HalRecord>()
  readonly #changes = new IdTable<Change>()
  readonly #ids = new SortedIds()
  /** Per relation rel, per target id: the ids of the records pointing at it, and its change. */
  readonly #referrers = new Map<string, Map<number, { ids: SortedIds; change: Change }>>()
  readonly #clock: () => Change
  /** The seed's stamp: what a record unchanged since the seed reports. */
  readonly #seeded: Change
  /** Tells the store a record left this collection (see {@link CollectionStore.forgetTarget}). */
  readonly #gone: (collection: string, id: number) => void
  /** The last change of any record, once there was one. */
  #change: Change | undefined
  #maxId = 0
  /**
   * The largest id handed to a `db` create that has not reached the index yet (it awaits hooks);
   * 0 once it (or a larger one) has.
   */
  #reservedId = 0
  /** Whether the seed's records get `@msw/data`'s marks only when the collection is first read. */
  /** Whether {@link CollectionStore.collection} was read: then the seed must be marked at once. */
  #handedOut = false
  /** Whether a write of the core's own, already validated, is under way. */
  #validated = false
  /** While a seed loads: per relation, per target, how many of its records point there. */
  #room: Map<string, Map<number, number>> | undefined
  /** A generated seed's records not read yet: ids 1 to its count still in {@link #ids}. */
  #generated: GeneratedSeed | undefined

  constructor(
    name: string,
    definition: CollectionDefinition,
    clock: () => Change,
    seeded: Change,
    gone: (collection: string, id: number) => void = () => undefined,
  ) {
    this.#gone = gone
    this.name = name
    this.definition = definition
    this.#clock = clock
    this.#seeded = seeded
    this.relations = relationsOf(definition)
    for (const relation of this.relations) this.#referrers.set(relation.rel, new Map())
    const observer = {
      put: (record: HalRecord) => this.#put(record),
      removed: (record: HalRecord) => this.#removed(record),
      cleared: () => {
        for (const record of this.slice(0, this.count)) this.#removed(record)
        this.#generated = undefined
        // An emptied collection numbers from its new records (`loadRecords` refills it so), as
        // json-server does: past the largest id loaded, not the seed's.
        this.#maxId = 0
      },
    }
    const schema = recordSchema(
      name,
      definition.schema,
      () => this.#validated,
      () => this.#reserveId(),
    )
    this.#collection = observedCollection<HalRecord>(schema, observer)
    // The observer listens to `create` and `delete`: the store's own listeners.
    this.#bulk = new CollectionRecords(this.#collection as never, {
      create: 1,
      update: 0,
      delete: 1,
    })
  }

  /**
   * The `@msw/data` collection. The first read gives the records seeded in bulk the marks
   * `create()` gives (see {@link CollectionRecords.markAll}), once: reads go through the index and
   * never need them, and a start-up that only reads skips them.
   */
  get collection(): Collection<never> {
    this.#handedOut = true
    this.#bulk.markAll()
    return this.#collection
  }

  /**
   * Adds seed records, already validated, as `create()` would (see {@link CollectionRecords.load}):
   * the first through `create()`, the others appended, each put in the index in order.
   */
  async load(records: readonly HalRecord[], { validated = false } = {}): Promise<void> {
    this.#reserve(records)
    const load = () =>
      this.#bulk.load(records, {
        lazy: true,
        prepare: (record) => record,
        added: (record) => this.#put(record),
      })
    try {
      // Records as stored (`validated`) are kept as they are: one need not be a valid input.
      await (validated ? this.#asValidated(load) : load())
    } finally {
      this.#room = undefined
    }
    // Taken before the seed was in (`const { orders } = api.db`): its holder reads it directly.
    if (this.#handedOut) this.#bulk.markAll()
  }

  /**
   * Loads a generated seed (see {@link HalStorage.generateSeed}): each record is made once to
   * index its id and links, then dropped, and made again to keep when first read (see
   * {@link CollectionStore.get}). The collection's array is filled when it is first handed out.
   */
  async generate(seed: GeneratedSeed): Promise<void> {
    const { count } = seed
    if (!Number.isSafeInteger(count) || count < 0) {
      throw new HalDefinitionError(
        `the generated seed of ${this.name} has count ${String(count)}: give a whole number of records`,
      )
    }
    if (count === 0) return
    const made = (id: number): HalRecord => {
      const record = seed.record(id)
      if (record?.id !== id) {
        throw new HalDefinitionError(
          `the generated seed of ${this.name} made record ${String(record?.id)} for id ${id}: record(id) must give that id`,
        )
      }
      return record
    }
    this.#records.reserve(count + 1)
    this.#ids.reserve(count)
    // The first through `create()`, which shows how the collection marks its records; kept as it
    // is, as the others: a record as stored need not be a valid input (`z.string().transform(…)`).
    await this.#asValidated(() =>
      this.#bulk.load([made(1)], { prepare: (record) => record, added: () => undefined }),
    )
    if (this.#handedOut) {
      // `db` was taken (and maybe listened to) before the seed is in: its holder reads every
      // record at once, so they load as an array seed's do, a listener told of each.
      const rest = Array.from({ length: count - 1 }, (_, i) => made(i + 2))
      await this.load(rest, { validated: true })
      return
    }
    for (let id = 2; id <= count; id++) this.#put(made(id), false)
    this.#generated = seed
    this.#bulk.defer(() => this.slice(0, this.count))
  }

  /**
   * Room in the index for a seed's records, counted before they go in: a million ids added one by
   * one copy each of its arrays every time it grows.
   */
  #reserve(records: readonly HalRecord[]): void {
    let maxId = 0
    for (const record of records) if (record.id > maxId) maxId = record.id
    // Not for ids much sparser than the records: that room would stay empty.
    if (maxId <= 2 * records.length) this.#records.reserve(maxId + 1)
    this.#ids.reserve(records.length)
    const room = new Map<string, Map<number, number>>()
    for (const relation of this.relations) {
      const counts = new Map<number, number>()
      for (const record of records) {
        if (relation.linksParent?.(record)) continue
        const ids = relation.targets(record)
        if (typeof ids === 'number') counts.set(ids, (counts.get(ids) ?? 0) + 1)
        else for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1)
        // Many targets have few records each: their lists grow little, and counting costs more.
        if (counts.size > MAX_COUNTED_TARGETS) break
      }
      if (counts.size <= MAX_COUNTED_TARGETS) room.set(relation.rel, counts)
    }
    this.#room = room
  }

  /**
   * Runs a write of the core's own with values the core has validated already (the schema's
   * output and an id): `@msw/data` keeps them as they are rather than validating them again as
   * input, which a schema whose output is not a valid input (`z.string().transform(…)`) refuses.
   * The store's write lock runs these one at a time.
   */
  async #asValidated<T>(write: () => Promise<T>): Promise<T> {
    this.#validated = true
    try {
      return await write()
    } finally {
      this.#validated = false
    }
  }

  get(id: number): HalRecord | undefined {
    const record = this.#records.get(id)
    const generated = this.#generated
    if (record || !generated || !(id <= generated.count) || !this.#ids.has(id)) return record
    // A generated seed's record, read for the first time: kept from now on, as any other.
    const made = generated.record(id)
    this.#records.set(id, made)
    return made
  }

  get count(): number {
    return this.#ids.size
  }

  /** The records from `offset`, at most `limit`, in ascending id order. */
  slice(offset: number, limit: number): HalRecord[] {
    return this.#present(this.#ids.slice(offset, limit))
  }

  /** The records whose `rel` points at `target`, paged as {@link CollectionStore.slice}. */
  referrers(
    rel: string,
    target: number,
  ): { count: number; slice: (o: number, l: number) => HalRecord[] } {
    const entry = this.#referrers.get(rel)?.get(target)
    return {
      count: entry?.ids.size ?? 0,
      slice: (offset, limit) => this.#present(entry?.ids.slice(offset, limit) ?? []),
    }
  }

  /** The last change of a record. */
  changeOf(id: number): Change {
    return this.#changes.get(id) ?? this.#seeded
  }

  /** The last change anywhere in the collection. */
  get change(): Change {
    return this.#change ?? this.#seeded
  }

  /** The last change among the records whose `rel` points at `target`. */
  referrersChange(rel: string, target: number): Change {
    return this.lastReferrerChange(rel, target) ?? this.#seeded
  }

  /**
   * The last change among the records whose `rel` points at `target` (its time the latest of
   * theirs), or `undefined` if no record ever pointed at it.
   */
  lastReferrerChange(rel: string, target: number): Change | undefined {
    return this.#referrers.get(rel)?.get(target)?.change
  }

  /**
   * Replaces a record's fields by `fields` (already valid by the schema) and resolves to the record
   * now stored: in O(log n) through the bulk path while only the store listens to updates, else
   * through `@msw/data`'s `update()`, which tells its listeners (and scans).
   */
  async replace(current: HalRecord, fields: object): Promise<HalRecord> {
    // The id first, as in every record the core stores.
    const next = { id: current.id, ...fields } as HalRecord
    const stored = this.get(current.id)
    if (stored && this.#bulk.replace(stored, next)) {
      this.#put(next)
      return next
    }
    const updated = (await this.#asValidated(() =>
      this.#collection.update(
        current as never,
        {
          data(draft: Record<string, unknown>) {
            for (const key of Object.keys(draft)) if (key !== 'id') delete draft[key]
            Object.assign(draft, fields)
          },
        } as never,
      ),
    )) as HalRecord | undefined
    return updated ?? current
  }

  /**
   * Creates a record (with its `id`) through `@msw/data`'s `create()`, which validates it (unless
   * `validated`: the schema's output already, kept as it is), without first marking the records
   * seeded in bulk (see {@link CollectionStore.collection}).
   */
  async create(record: object, { validated = false } = {}): Promise<HalRecord> {
    const create = () => this.#collection.create(record as never)
    return (await (validated ? this.#asValidated(create) : create())) as HalRecord
  }

  /** Deletes a record: in O(log n) through the bulk path, else through `@msw/data`'s `delete()`. */
  remove(current: HalRecord): void {
    const stored = this.get(current.id)
    if (!stored) return
    if (this.#bulk.remove(stored)) this.#removed(stored)
    else this.#collection.delete(stored as never)
  }

  /** Whether any record of this collection points at `target` of `to` (which may not go then). */
  refersTo(to: string, target: number, except?: string): string | undefined {
    for (const relation of this.relations) {
      if (relation.rel === except) continue
      if (relation.to === to && (this.#referrers.get(relation.rel)?.get(target)?.ids.size ?? 0) > 0)
        return relation.rel
    }
    return undefined
  }

  /**
   * A new id, never one in use or used before; past the largest safe integer there is none to
   * give (a 409, not a record the schema refuses).
   */
  nextId(): number {
    const id = Math.max(this.#maxId, this.#reservedId) + 1
    if (!Number.isSafeInteger(id)) {
      throw new Problem(409, `${this.name} has no id left for a new record.`)
    }
    return id
  }

  /** An id for a record created through `db` without one, as POST gives one. */
  #reserveId(): number {
    const id = this.nextId()
    this.#reservedId = id
    return id
  }

  #present(ids: readonly number[]): HalRecord[] {
    const out: HalRecord[] = []
    for (const id of ids) {
      const record = this.get(id)
      if (record) out.push(record)
    }
    return out
  }

  /** Indexes `record` as the collection's now; `keep: false` for a generated one not kept yet. */
  #put(record: HalRecord, keep = true): void {
    const tick = this.#clock()
    const at = this.definition.lastModified?.(record)
    // A time the record cannot give (absent, not a number) is the store's: never an invalid date.
    // The tick itself when the times agree: a seed of a million records shares one stamp.
    const change =
      typeof at === 'number' && Number.isFinite(at) && at !== tick.at ? { ...tick, at } : tick
    const previous = this.get(record.id)
    if (previous) this.#unlink(previous, change)
    else this.#ids.add(record.id)
    if (keep) this.#records.set(record.id, record)
    // A record as the seed made it reports the seed's stamp, kept once rather than per record.
    if (change === this.#seeded) this.#changes.delete(record.id)
    else this.#changes.set(record.id, change)
    if (record.id > this.#maxId) this.#maxId = record.id
    if (record.id >= this.#reservedId) this.#reservedId = 0
    this.#change = this.#change ? latest(this.#change, change) : change
    for (const relation of this.relations) {
      if (relation.linksParent?.(record)) continue
      const targets = this.#referrers.get(relation.rel) as Map<
        number,
        { ids: SortedIds; change: Change }
      >
      const ids = relation.targets(record)
      const room = this.#room?.get(relation.rel)
      if (typeof ids === 'number') refer(targets, ids, record.id, change, room)
      else for (const target of ids) refer(targets, target, record.id, change, room)
    }
  }

  #removed(record: HalRecord): void {
    if (this.get(record.id) === undefined) return
    const change = this.#clock()
    this.#unlink(record, change)
    this.#records.delete(record.id)
    this.#changes.delete(record.id)
    this.#ids.remove(record.id)
    this.#change = this.#change ? latest(this.#change, change) : change
    this.#gone(this.name, record.id)
  }

  /**
   * Drops what the index keeps for a deleted record of `to` that nothing points at any more, so
   * that creating and deleting records for hours does not grow the index (an id is never reused).
   */
  forgetTarget(to: string, id: number): void {
    for (const relation of this.relations) {
      if (relation.to !== to) continue
      const targets = this.#referrers.get(relation.rel)
      if (targets?.get(id)?.ids.size === 0) targets.delete(id)
    }
  }

  /** Takes a record out of the relation index, bumping each of its targets. */
  #unlink(record: HalRecord, change: Change): void {
    for (const relation of this.relations) {
      if (relation.linksParent?.(record)) continue
      const targets = this.#referrers.get(relation.rel)
      for (const target of relation.ids(record)) {
        const entry = targets?.get(target)
        if (!entry) continue
        entry.ids.remove(record.id)
        entry.change = latest(entry.change, change)
      }
    }
  }
}

/** Targets past this many in a seed are not counted to make room (see `CollectionStore.load`). */
const MAX_COUNTED_TARGETS = 1024

/**
 * Adds `id` to the records pointing at `target`, whose change `change` then is; a new list gets
 * the room `room` counted for it.
 */
function refer(
  targets: Map<number, { ids: SortedIds; change: Change }>,
  target: number,
  id: number,
  change: Change,
  room: ReadonlyMap<number, number> | undefined,
): void {
  let entry = targets.get(target)
  if (!entry) {
    entry = { ids: new SortedIds(), change }
    entry.ids.reserve(room?.get(target) ?? 0)
    targets.set(target, entry)
  }
  entry.ids.add(id)
  entry.change = latest(entry.change, change)
}

/** `change`'s version, at the later of the two times: a referrer set's time never goes back. */
const latest = (previous: Change, change: Change): Change =>
  change.at >= previous.at ? change : { version: change.version, at: previous.at }
