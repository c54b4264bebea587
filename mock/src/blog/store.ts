import { Collection } from '@msw/data'
import type { Extension } from '@msw/data/extensions'
import {
  type articleRecord,
  type blogRecord,
  type commentRecord,
  type PersonRecord,
  personRecord,
} from './schemas.js'
import type { SeedData } from './seed.js'

export type { SeedData }

/** The mock's data: one `@msw/data` collection per resource. */
export interface BlogDb {
  readonly blogs: Collection<typeof blogRecord>
  readonly articles: Collection<typeof articleRecord>
  readonly comments: Collection<typeof commentRecord>
  readonly persons: Collection<typeof personRecord>
}

/** More behaviour for the Blog's collections, such as persistence in the browser (`persistence.ts`). */
export interface StoreExtensions {
  /** `@msw/data` extensions for every collection, after the core's own index. */
  readonly extensions: () => Extension[]
  /** Settles once the extensions are done with the new collections: true if they restored data. */
  readonly restored: (db: BlogDb) => Promise<boolean>
}

/**
 * The persons of the query-language endpoint (string ids, so not a collection of the core's),
 * in a `@msw/data` collection of their own: a lookup reads what `db.persons` holds now.
 */
export class Persons {
  readonly collection: Collection<typeof personRecord>

  constructor(extensions: Extension[]) {
    this.collection = new Collection({ schema: personRecord, extensions })
  }

  get(id: string): PersonRecord | undefined {
    return this.collection.findFirst((q) => q.where({ id }))
  }

  /** Loads the seed's persons, each parsed by the collection (a copy: `friendIds` is not shared). */
  async load(persons: readonly PersonRecord[]): Promise<void> {
    for (const person of persons)
      await this.collection.create({ ...person, friendIds: [...person.friendIds] })
  }
}
