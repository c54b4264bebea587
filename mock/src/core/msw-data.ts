import { Collection } from '@msw/data'
import type { StandardSchema } from './standard-schema.js'

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
  // The core's schemas are Standard Schemas, which `@msw/data` takes; only its type names differ.
  const collection = new Collection({ schema: schema as never }) as unknown as Collection<never>
  observe(collection, observer)
  return collection
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
 * Makes every change to a `@msw/data` collection reach `observer`, whoever makes it: the one place
 * where Halyard depends on how `@msw/data` behaves beyond its types (the core's store and the Blog
 * API's index both observe their collections through it):
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
export function observe<R>(collection: object, observer: CollectionObserver<R>): void {
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
