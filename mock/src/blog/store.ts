import { Collection } from '@msw/data'
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

/**
 * The persons of the query-language endpoint (string ids, so not a collection of the core's),
 * in a `@msw/data` collection of their own: a lookup reads what `db.persons` holds now.
 */
export class Persons {
  readonly collection: Collection<typeof personRecord>

  constructor() {
    this.collection = new Collection({ schema: personRecord })
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
