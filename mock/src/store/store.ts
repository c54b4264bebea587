import type { HalApiDefinition, HalStorage } from '../definition/api.js'
import { HalDefinitionError } from '../definition/check.js'
import type { HalRecord } from '../definition/definition.js'
import { pointer } from '../http/body.js'
import { type Change, CollectionStore } from './collection-store.js'
import { IdTable } from './id-table.js'
import { checkRecord } from './record-schema.js'
import type { Relation } from './relations.js'
import { serial } from './serial.js'

/**
 * The time of every seed record's last change (its `Last-Modified`): 2026-01-01T00:00:00Z.
 *
 * @example
 * new Date(SEED_TIME).toUTCString() // 'Thu, 01 Jan 2026 00:00:00 GMT'
 */
export const SEED_TIME = Date.UTC(2026, 0, 1)

/** The write clock, shared by every store: a stamp is never reused, even across resets. */
let clock = 0

/**
 * A new version of the write clock every store shares (the Blog API's too), never handed out
 * before: a memo keyed by versions may serve every instance of every API in the process.
 */
const nextVersion = (): number => ++clock

/**
 * The data of one API instance: a {@link CollectionStore} per collection, the write clock, and the
 * write lock that makes a precondition check and its write atomic.
 */
export class HalStore {
  readonly collections: ReadonlyMap<string, CollectionStore>
  /** Runs a write after every earlier one has finished. */
  readonly write = serial()
  /** The stamp of this store's seed, unique to it: what the root and unchanged records report. */
  readonly seeded: Change = { version: nextVersion(), at: SEED_TIME }
  readonly #options: HalStorage
  #ready: Promise<void>
  #loaded = false
  /** While the seed loads, and only then (not after a restore that skipped it), changes carry its time. */
  #seeding = false

  constructor(
    definition: Pick<HalApiDefinition, 'collections'> & Partial<HalApiDefinition>,
    options: HalStorage = {},
  ) {
    this.#options = options
    // A seed record is as the seed made it: it reports the seed's stamp (no stamp per record).
    const tick = (): Change =>
      this.#seeding ? this.seeded : { version: nextVersion(), at: Date.now() }
    const gone = (collection: string, id: number) => {
      for (const store of this.collections.values()) store.forgetTarget(collection, id)
    }
    this.collections = new Map(
      Object.entries(definition.collections).map(([name, collection]) => [
        name,
        new CollectionStore(name, collection, tick, this.seeded, gone),
      ]),
    )
    this.#ready = options.start ? options.start(() => this.#load()) : this.#load()
    // Awaiting `ready` still rejects; an API nobody awaits must not crash the process with it.
    this.#ready.then(
      () => {
        this.#loaded = true
      },
      () => undefined,
    )
  }

  /** Whether `ready` has settled with the seed loaded: a read needs not wait for it any more. */
  get loaded(): boolean {
    return this.#loaded
  }

  /** Settles once the seed (or what `start` chose instead) is loaded. */
  get ready(): Promise<void> {
    return this.#ready
  }

  /** The collection of that name; it exists (the router only routes to defined ones). */
  get(name: string): CollectionStore {
    const store = this.collections.get(name)
    if (!store) throw new Error(`no collection ${name}`)
    return store
  }

  /** A record's first relation target that does not exist, if any (no list per record). */
  #firstDangling(
    store: CollectionStore,
    record: HalRecord,
  ): { relation: Relation; id: number } | undefined {
    for (const relation of store.relations) {
      const target = this.collections.get(relation.to)
      const ids = relation.targets(record)
      if (typeof ids === 'number') {
        if (!target?.get(ids)) return { relation, id: ids }
      } else {
        for (const id of ids) if (!target?.get(id)) return { relation, id }
      }
    }
    return undefined
  }

  /** A record's relation targets that do not exist: the relation, the id, and its place among the relation's ids. */
  dangling(
    store: CollectionStore,
    record: HalRecord,
  ): { relation: Relation; id: number; index: number }[] {
    const out: { relation: Relation; id: number; index: number }[] = []
    for (const relation of store.relations) {
      const target = this.collections.get(relation.to)
      relation.ids(record).forEach((id, index) => {
        if (!target?.get(id)) out.push({ relation, id, index })
      })
    }
    return out
  }

  /**
   * Validates every seed record by the collection's schema, as `create()` would, and loads them in
   * bulk (`create()` one record at a time took 8 s for 1 000 000), then checks the links.
   */
  async #load(): Promise<void> {
    this.#seeding = true
    try {
      await this.#loadSeed()
    } finally {
      this.#seeding = false
    }
  }

  async #loadSeed(): Promise<void> {
    /** Collections with a value the store checked itself: their links are checked after. */
    const unchecked: { store: CollectionStore; records: readonly HalRecord[] }[] = []
    for (const store of this.collections.values()) {
      const generated = this.#options.generateSeed?.(store.name)
      if (generated) {
        await store.generate(generated)
        continue
      }
      const { seed = [] } = store.definition
      const values = typeof seed === 'function' ? seed() : seed
      // Sized up front: pushed one by one, a million records copy the array as it grows.
      const records: HalRecord[] = Array.isArray(values) ? new Array(values.length) : []
      let count = 0
      const ids = new SeenIds()
      let maxId = 0
      /** Whether the first record is one `prepareSeed` made: stored as it is, not checked as input. */
      let firstPrepared = false
      for (const value of values) {
        const prepared = this.#options.prepareSeed?.(store.name, value)
        if (prepared) {
          if (count === 0) firstPrepared = true
          if (prepared.id > maxId) maxId = prepared.id
          records[count++] = prepared
          continue
        }
        if (unchecked.at(-1)?.store !== store) unchecked.push({ store, records })
        // Only a value with an `id` is copied without it: no garbage per record otherwise.
        let fields: unknown = value
        let id: unknown = maxId + 1
        if (typeof value === 'object' && value !== null && 'id' in value) {
          const { id: given, ...rest } = value
          fields = rest
          if (given !== undefined) id = given
        }
        if (!ids.add(id)) {
          throw new HalDefinitionError(
            `the seed of ${store.name} has two records with id ${String(id)}`,
          )
        }
        const checked = checkRecord(store.name, store.definition.schema, id, fields)
        const result = checked instanceof Promise ? await checked : checked
        if (result.issues) {
          // Each issue at its member's JSON Pointer (`/isbn`): what to fix in a record of many.
          const messages = result.issues
            .map((issue) => {
              const path = (issue.path ?? []).map((key) =>
                typeof key === 'object' ? key.key : key,
              )
              return path.length > 0 ? `${pointer(path)}: ${issue.message}` : issue.message
            })
            .join('; ')
          throw new HalDefinitionError(
            `the seed of ${store.name} has an invalid record at /${store.name}/${count} (${JSON.stringify(value)}): ${messages}`,
          )
        }
        const record = result.value as HalRecord
        if (record.id > maxId) maxId = record.id
        // The first goes through `create()`, which validates it itself: a transform runs once.
        const first = count === 0
        records[count++] = first ? ({ ...(value as object), id } as HalRecord) : record
      }
      await store.load(records, { validated: firstPrepared })
    }
    // The records as loaded (the first as `create()` stored it), read without copying the collection.
    for (const { store, records } of unchecked) {
      for (const loaded of records) {
        const record = store.get(loaded.id) ?? loaded
        const dangling = this.#firstDangling(store, record)
        if (dangling) {
          throw new HalDefinitionError(
            `the seed of ${store.name} has record ${record.id} whose ${dangling.relation.rel} links to a missing record ${dangling.id}`,
          )
        }
      }
    }
  }
}

/**
 * The ids a seed has given so far, to refuse a second record with one: whole ids in an
 * {@link IdTable} (a `Set` of a million numbers takes three times as long to fill), any other in a `Set`.
 */
class SeenIds {
  readonly #whole = new IdTable<true>()
  readonly #other = new Set<unknown>()

  /** False when `id` was given before. */
  add(id: unknown): boolean {
    if (typeof id === 'number' && Number.isSafeInteger(id) && id >= 0) {
      return this.#whole.set(id, true)
    }
    if (this.#other.has(id)) return false
    this.#other.add(id)
    return true
  }
}
