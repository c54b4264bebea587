import type { HalApiDefinition } from '../definition/api.js'
import { MAX_BODY_DEPTH, parseJson, pointer } from '../http/body.js'
import { Problem } from '../http/problem.js'
import { createHalApi } from '../serve/api.js'

/**
 * Records of an API's collections by name, as `json-server`'s `db.json` holds them: every record
 * with its `id`.
 *
 * @example
 * const data: HalRecords = { authors: [{ id: 1, name: 'Ada' }], books: [] }
 */
export type HalRecords = Readonly<Record<string, readonly Readonly<Record<string, unknown>>[]>>

/**
 * Records that do not fit the API: the message names the member by JSON Pointer (`/books/1/isbn`).
 *
 * @example
 * await loadRecords(api, { books: [{ id: 1 }] }).catch((e) => e instanceof RecordsError) // true
 */
export class RecordsError extends Error {
  override readonly name = 'RecordsError'
}

/**
 * What loading records needs of an API instance: its definition and its `@msw/data` collections.
 * Any `HalApi` is one, the Blog API's too.
 *
 * @example
 * const holder: RecordsHolder = defineHalApi({ basePath: '/api', collections: {} })
 */
export interface RecordsHolder {
  readonly definition: HalApiDefinition
  readonly db: object
  readonly ready: Promise<void>
}

interface Collection {
  all(): readonly object[]
  clear(): void
  create(record: never): Promise<unknown>
}

/** A JSON reviver's third argument (ES2025, JSON.parse source text access): the text of a value. */
interface ReviverContext {
  readonly source?: string
}

/**
 * Parses the text of a records file (`--data`, `--persist`) named `file` in its errors: refused
 * when it is not JSON, when it nests deeper than {@link MAX_BODY_DEPTH} levels (what a write may
 * store), or when it writes an integer past 2^53 − 1, which a JSON number cannot hold exactly (an
 * id read as another), shown as written.
 *
 * @throws {RecordsError} saying which.
 * @example
 * parseRecordsFile('{ "books": [{ "id": 9007199254740993 }] }', 'db.json') // throws: … "id" is 9007199254740993 as written …
 */
export function parseRecordsFile(text: string, file: string): unknown {
  const exact = (key: string, value: unknown, context?: ReviverContext) => {
    const source = context?.source
    if (typeof value === 'number' && source !== undefined && /^-?\d+$/.test(source)) {
      if (!Number.isSafeInteger(value)) {
        throw new RecordsError(
          `${file}: "${key}" is ${source} as written, past the integers a JSON number holds exactly (2^53 - 1): it would be read as ${value}; write it as a string, or as a smaller number`,
        )
      }
    }
    return value
  }
  try {
    return parseJson(text, exact as (key: string, value: unknown) => unknown)
  } catch (error) {
    if (error instanceof RecordsError) throw error
    if (!(error instanceof Problem)) throw new RecordsError(`${file} is not valid JSON`)
    throw new RecordsError(
      `${file} nests arrays and objects deeper than ${MAX_BODY_DEPTH} levels, the limit of a record`,
    )
  }
}

/**
 * Replaces every record of an API instance by `data` (a collection it does not name is left
 * empty), once `data` passed every check its seed would: each collection known, each record valid
 * by its schema, its id unique, its links to records that exist. Nothing changes when it fails.
 *
 * @throws {RecordsError} naming the member by JSON Pointer (`/books/1/isbn`).
 * @example
 * await loadRecords(api, JSON.parse(await readFile('db.json', 'utf8')))
 */
export async function loadRecords(api: RecordsHolder, data: unknown): Promise<void> {
  const { definition } = api
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new RecordsError('must be an object of records by collection name, as { "books": [] }')
  }
  const entries = Object.entries(data as Record<string, unknown>)
  for (const [name, records] of entries) {
    if (!Object.hasOwn(definition.collections, name)) {
      const names = Object.keys(definition.collections).join(', ')
      throw new RecordsError(
        `${pointer([name])}: the API has no collection ${name} (it has ${names})`,
      )
    }
    if (!Array.isArray(records))
      throw new RecordsError(`${pointer([name])}: must be an array of records`)
    records.forEach((record, index) => {
      if (typeof record !== 'object' || record === null || Array.isArray(record)) {
        throw new RecordsError(`${pointer([name, index])}: must be an object`)
      }
    })
  }
  const given = data as HalRecords
  // Checked as a seed, by an instance of its own: the store's one set of checks, nothing touched.
  const collections = Object.fromEntries(
    Object.entries(definition.collections).map(([name, collection]) => [
      name,
      { ...collection, seed: given[name] ?? [] },
    ]),
  )
  const { storage: _, routes: __, ...rest } = definition
  const checked = createHalApi({ ...rest, collections })
  try {
    await checked.ready
  } catch (error) {
    throw new RecordsError((error as Error).message.replace(/^the seed of (\S+) has /, '$1 has '))
  }
  await api.ready
  const into = collectionsOf(api.db)
  const from = collectionsOf(checked.db)
  for (const collection of into.values()) collection.clear()
  for (const [name, collection] of from) {
    const target = into.get(name)
    // As JSON, as a file holds them: no `@msw/data` marks of the other instance.
    for (const record of collection.all()) {
      await target?.create(JSON.parse(JSON.stringify(record)) as never)
    }
  }
}

/**
 * Every record of an API instance by collection name, as {@link loadRecords} takes them.
 *
 * @example
 * await writeFile('db.json', JSON.stringify(recordsOf(api)))
 */
export function recordsOf(api: Pick<RecordsHolder, 'db'>): HalRecords {
  const out: Record<string, readonly Readonly<Record<string, unknown>>[]> = {}
  for (const [name, collection] of collectionsOf(api.db)) {
    out[name] = collection.all() as Readonly<Record<string, unknown>>[]
  }
  return out
}

function collectionsOf(db: object): Map<string, Collection> {
  return new Map(
    Object.entries(db).filter((entry): entry is [string, Collection] => {
      const value: unknown = entry[1]
      return typeof (value as Partial<Collection> | null)?.all === 'function'
    }),
  )
}
