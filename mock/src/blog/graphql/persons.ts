/**
 * The seed persons the query-language endpoint serves, and the directory that looks them up.
 *
 * @packageDocumentation
 */

/**
 * One person of the seed data, as stored: friends are referenced by id, not embedded,
 * because the friendship graph is cyclic.
 *
 * @example
 * ```ts
 * const ada: PersonRecord = { id: '1', name: 'Ada', friendIds: ['2'] }
 * ```
 */
export interface PersonRecord {
  readonly id: string
  readonly name: string
  readonly friendIds: readonly string[]
}

/**
 * Looks persons up by id. Implementations must answer in O(1) (a `Map` does): the resolvers and
 * the node-limit walk call `get` once per person they touch.
 *
 * @example
 * ```ts
 * const persons: PersonDirectory = new Map([['1', { id: '1', name: 'Ada', friendIds: [] }]])
 * persons.get('1')?.name // 'Ada'
 * ```
 */
export interface PersonDirectory {
  get(id: string): PersonRecord | undefined
}

/**
 * Indexes person records by id in a `Map`, so every lookup is O(1).
 * A later record with the same id replaces an earlier one.
 *
 * @example
 * ```ts
 * const persons = createPersonDirectory([
 *   { id: '1', name: 'Ada', friendIds: ['2'] },
 *   { id: '2', name: 'Grace', friendIds: ['1'] },
 * ])
 * persons.get('2')?.name // 'Grace'
 * ```
 */
export function createPersonDirectory(records: Iterable<PersonRecord>): PersonDirectory {
  const byId = new Map<string, PersonRecord>()
  for (const record of records) byId.set(record.id, record)
  return { get: (id) => byId.get(id) }
}

/**
 * Yields the friends of `person` that exist in the directory, in `friendIds` order.
 * Dangling ids are skipped rather than answered as `null`, because `friends` is `[Person!]!`
 * and one `null` would null the whole list. The resolver and the node-limit walk both use this,
 * so the walk counts exactly the persons execution will return.
 *
 * @example
 * ```ts
 * const persons = createPersonDirectory([{ id: '1', name: 'Ada', friendIds: ['1', 'gone'] }])
 * const ada = persons.get('1')
 * if (ada) [...friendsOf(persons, ada)].map((friend) => friend.id) // ['1']
 * ```
 */
export function* friendsOf(
  persons: PersonDirectory,
  person: PersonRecord,
): Generator<PersonRecord, void, undefined> {
  for (const id of person.friendIds) {
    const friend = persons.get(id)
    if (friend !== undefined) yield friend
  }
}
