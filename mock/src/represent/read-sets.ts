import type { HalRecord } from '../definition/definition.js'
import type { ApiModel, CollectionModel } from '../model/types.js'
import type { Change, CollectionStore } from '../store/collection-store.js'
import { parentRel, type Relation } from '../store/relations.js'
import type { HalStore } from '../store/store.js'

/**
 * Which records of a collection the caller may read (its `authorize`), or `undefined` when every
 * caller reads them all; pages list, and items embed, only those.
 */
export type Reader = (collection: string) => ((record: HalRecord) => boolean) | undefined

/**
 * What a representation reads beside its own record, and so what its memo is keyed on: the
 * records it embeds or titles its links from, its nested lists, the collections a page reads.
 */
export class ReadSets {
  readonly #store: () => HalStore
  readonly #model: ApiModel
  readonly #relations = new Map<string, readonly Relation[]>()

  constructor(store: () => HalStore, model: ApiModel) {
    this.#store = store
    this.#model = model
  }

  /** Whether an item of the collection reads other records per caller (embeds, computed titles). */
  perCaller(collection: CollectionStore, reader: Reader): boolean {
    return this.relations(collection).some((r) => reader(r.to) !== undefined)
  }

  /**
   * The versions an item's representation depends on, and its time: the record's, its embedded
   * records' and the records its computed link attributes read; its nested lists' (a change in
   * them is a change of the parent, as its Last-Modified says).
   */
  itemState(
    c: CollectionModel,
    collection: CollectionStore,
    record: HalRecord,
  ): { stamp: number[]; at: number } {
    const own = collection.changeOf(record.id)
    const stamp = [own.version]
    let at = own.at
    for (const [target, id] of this.#targets(collection, record)) {
      const change = target.changeOf(id)
      stamp.push(change.version)
      at = Math.max(at, change.at)
    }
    for (const name of c.children) {
      const child = this.#model.collection(name)
      const store = this.#store().get(name)
      const change = store.lastReferrerChange(
        parentRel(child.parent as { member: string }),
        record.id,
      )
      stamp.push(change?.version ?? 0)
      if (change) at = Math.max(at, change.at)
    }
    return { stamp, at }
  }

  /** The records an item reads beside its own: those it embeds, those its link titles read. */
  #targets(collection: CollectionStore, record: HalRecord): [CollectionStore, number][] {
    const out: [CollectionStore, number][] = []
    for (const relation of this.relations(collection)) {
      const target = this.#store().collections.get(relation.to)
      if (target) for (const id of relation.ids(record)) out.push([target, id])
    }
    return out
  }

  /** The relations whose targets an item reads (embeds, computed titles), once per collection. */
  relations(collection: CollectionStore): readonly Relation[] {
    let relations = this.#relations.get(collection.name)
    if (!relations) {
      const embeds = collection.definition.embed ?? []
      relations = collection.relations.filter(
        (r) => embeds.includes(r.rel) || typeof r.title === 'function',
      )
      this.#relations.set(collection.name, relations)
    }
    return relations
  }

  /** The collections whose records a page of `collection` reads (their changes change it). */
  collections(collection: CollectionStore): { readonly change: Change }[] {
    const out: CollectionStore[] = []
    for (const relation of this.relations(collection)) {
      const target = this.#store().collections.get(relation.to)
      if (target && !out.includes(target)) out.push(target)
    }
    return out
  }
}
