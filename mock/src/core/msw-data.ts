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
 * A `@msw/data` collection whose every change reaches `observer`, the one place where the core
 * depends on how `@msw/data` behaves beyond its types:
 * - the `create` hook's `record` is the very object the collection stores;
 * - `delete` and `deleteMany` emit `delete` for each record they remove;
 * - `update` and `updateMany` resolve to the stored records, while their `update` hook fires
 *   before the record exists, and `clear` emits `delete` for only every other record (it splices
 *   the array it walks): these three are wrapped here, on this instance only.
 * `msw-data.test.ts` checks each point against the installed version.
 *
 * @throws {MswDataAssumptionError} when the collection lacks a method the core wraps.
 * @example
 * const orders = observedCollection(orderSchema, { put: (o) => index.put(o), removed: (o) => index.remove(o) })
 */
export function observedCollection<R extends object>(
  schema: StandardSchema,
  observer: CollectionObserver<R>,
): Collection<never> {
  // The core's schemas are Standard Schemas, which `@msw/data` takes; only its type names differ.
  const collection = new Collection({ schema: schema as never }) as unknown as Collection<never>
  for (const method of ['update', 'updateMany', 'clear', 'delete'] as const) {
    if (typeof collection[method] !== 'function') {
      throw new MswDataAssumptionError(
        `@msw/data no longer has Collection.${method} (tested: ${TESTED_MSW_DATA})`,
      )
    }
  }
  collection.hooks.on('create', (event) => observer.put(event.data.record as R))
  collection.hooks.on('delete', (event) => observer.removed(event.data.deletedRecord as R))
  const update = collection.update.bind(collection)
  collection.update = (async (...args: Parameters<typeof update>) => {
    const record = await update(...args)
    if (record) observer.put(record as R)
    return record
  }) as typeof update
  const updateMany = collection.updateMany.bind(collection)
  collection.updateMany = (async (...args: Parameters<typeof updateMany>) => {
    const records = await updateMany(...args)
    for (const record of records) observer.put(record as R)
    return records
  }) as typeof updateMany
  const clear = collection.clear.bind(collection)
  collection.clear = () => {
    clear()
    observer.cleared()
  }
  return collection
}
