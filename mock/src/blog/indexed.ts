import { defineExtension, type Extension } from '@msw/data/extensions'
import { IdTable } from '../core/id-table.js'
import { observe } from '../core/msw-data.js'
import { SortedIds } from '../core/sorted-ids.js'
import { nextVersion } from '../core/store.js'

type Row = { id: number }

/**
 * A lookup kept beside a `@msw/data` collection so reads never scan it: records by id, and for
 * each parent (a blog for articles, an article for comments) the child ids in ascending order with
 * the time of the latest change under that parent; and the versions the memos key on (the core's
 * write clock), bumped on every write of a record and of any child of a parent.
 */
export class RecordIndex<T extends Row> {
  readonly #byId = new IdTable<T>()
  readonly #byParent = new Map<number, SortedIds>()
  readonly #changedAt = new Map<number, number>()
  readonly #versions = new IdTable<number>()
  readonly #parentVersions = new Map<number, number>()
  /** What a record or a parent unchanged since this index was made reports. */
  readonly #seeded = nextVersion()
  readonly #parentOf: (record: T) => number | undefined

  constructor(parentOf: (record: T) => number | undefined) {
    this.#parentOf = parentOf
  }

  /** The record with this id, in O(1). */
  get(id: number): T | undefined {
    return this.#byId.get(id)
  }

  /** How many records belong to this parent, in O(1). */
  countOf(parent: number): number {
    return this.#byParent.get(parent)?.size ?? 0
  }

  /** The records of one parent from `offset`, at most `limit` of them, in ascending id order. */
  slice(parent: number, offset: number, limit: number): T[] {
    const ids = this.#byParent.get(parent)?.slice(offset, limit) ?? []
    const out: T[] = []
    for (const id of ids) {
      const record = this.#byId.get(id)
      if (record) out.push(record)
    }
    return out
  }

  /** Epoch milliseconds of the latest create, update or delete under this parent (0 if none). */
  changedAt(parent: number): number {
    return this.#changedAt.get(parent) ?? 0
  }

  /** The version of a record: a new one on every write of it. */
  versionOf(id: number): number {
    return this.#versions.get(id) ?? this.#seeded
  }

  /** The version of a parent's children: a new one on every create, write or delete under it. */
  parentVersion(parent: number): number {
    return this.#parentVersions.get(parent) ?? this.#seeded
  }

  /** The highest id ever indexed, so new ids are never reused. */
  maxId = 0

  put(record: T, changedAt: number): void {
    const added = this.#byId.set(record.id, record)
    const version = nextVersion()
    this.#versions.set(record.id, version)
    if (record.id > this.maxId) this.maxId = record.id
    const parent = this.#parentOf(record)
    if (parent === undefined) return
    if (added) this.#list(parent).add(record.id)
    this.#touch(parent, changedAt, version)
  }

  remove(record: T, changedAt: number): void {
    if (!this.#byId.delete(record.id)) return
    this.#versions.delete(record.id)
    const parent = this.#parentOf(record)
    if (parent === undefined) return
    this.#list(parent).remove(record.id)
    this.#touch(parent, changedAt, nextVersion())
  }

  clear(): void {
    this.#byId.clear()
    this.#byParent.clear()
    this.#changedAt.clear()
    this.#versions.clear()
    // A parent emptied by the clear has changed: its next read must not find the old page.
    for (const parent of this.#parentVersions.keys())
      this.#parentVersions.set(parent, nextVersion())
  }

  #list(parent: number): SortedIds {
    let ids = this.#byParent.get(parent)
    if (!ids) {
      ids = new SortedIds()
      this.#byParent.set(parent, ids)
    }
    return ids
  }

  #touch(parent: number, at: number, version: number): void {
    this.#parentVersions.set(parent, version)
    const current = this.#changedAt.get(parent)
    if (current === undefined || at > current) this.#changedAt.set(parent, at)
  }
}

/**
 * A `@msw/data` extension that keeps a {@link RecordIndex} in sync with its collection, through
 * `observe` (core/msw-data.ts), the one module that relies on how `@msw/data` reports changes:
 * creates, deletes, updates (the update hook fires before the schema re-parses the record, so
 * updates are seen as they resolve) and clears.
 *
 * @example
 * const index = new RecordIndex<ArticleRecord>((article) => article.blogId)
 * const articles = new Collection({ schema: articleRecord, extensions: [indexed(index)] })
 * await articles.create({ id: 1, blogId: 1, title: 'Hello', updatedAt: Date.now() })
 * index.get(1)?.title // 'Hello'
 */
export function indexed<T extends Row>(
  index: RecordIndex<T>,
  changedAt: (record: T) => number = () => Date.now(),
): Extension {
  return defineExtension({
    name: 'halyard-index',
    extend(collection) {
      observe<T>(collection, {
        put: (record) => index.put(record, changedAt(record)),
        removed: (record) => index.remove(record, Date.now()),
        cleared: () => index.clear(),
      })
    },
  })
}
