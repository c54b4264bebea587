import type { Dispatch } from '../../serve/dispatch.js'

/** What a collection of `@msw/data` offers that saving and restoring use. */
interface SavedCollection {
  all(): readonly object[]
  clear(): void
  create(record: never): Promise<unknown>
}

/** An API instance whose data can be kept: any `HalApi`, the Blog API's too. */
export interface PersistableApi extends Dispatch {
  readonly definition: { readonly basePath: string; readonly title?: string }
  /** Its `@msw/data` collections by name (read afresh at every save: `reset()` may replace them). */
  readonly db: object
  readonly ready: Promise<void>
  reset(): Promise<void>
}

/** What is saved: every collection's records, by name. */
interface Saved {
  readonly version: 1
  readonly collections: Readonly<Record<string, readonly object[]>>
}

/**
 * Keeps an API's data in `localStorage` across page loads: every collection's records are saved
 * when the page goes away (`pagehide`, which fires wherever `unload` would, and where Chrome no
 * longer runs `unload`), and the next page starts from them instead of the seed. Saved data that
 * no longer fits the API (another version of it) is dropped with a warning, and the seed stays.
 * Resolves once the saved records, if any, are back. Outside a browser it does nothing.
 *
 * @example
 * await keepAcrossReloads(shop) // the records the previous page saved, or the seed
 */
export async function keepAcrossReloads(api: PersistableApi): Promise<void> {
  if (typeof window === 'undefined' || typeof localStorage === 'undefined') return api.ready
  const key = `halyard-mock:${api.definition.title ?? ''}:${api.definition.basePath}`
  window.addEventListener('pagehide', () => save(api, key))
  await api.ready
  const saved = read(key)
  if (saved === undefined) return
  try {
    const collections = collectionsOf(api)
    // All emptied first, so no record links to a record of the seed that is not saved.
    for (const collection of collections.values()) collection.clear()
    for (const [name, records] of Object.entries(saved.collections)) {
      const collection = collections.get(name)
      if (!collection) throw new Error(`the API has no collection ${name}`)
      for (const record of records) await collection.create(record as never)
    }
  } catch (error) {
    console.warn('[@halyard/mock] the saved data could not be restored:', error)
    await api.reset()
  }
}

function collectionsOf(api: PersistableApi): Map<string, SavedCollection> {
  return new Map(
    Object.entries(api.db).filter((entry): entry is [string, SavedCollection] => {
      const value: unknown = entry[1]
      return typeof (value as Partial<SavedCollection> | null)?.all === 'function'
    }),
  )
}

function save(api: PersistableApi, key: string): void {
  const collections: Record<string, readonly object[]> = {}
  for (const [name, collection] of collectionsOf(api)) collections[name] = collection.all()
  try {
    localStorage.setItem(key, JSON.stringify({ version: 1, collections } satisfies Saved))
  } catch (error) {
    // Full or refused storage: this page's changes are not kept, and the page goes on.
    console.warn('[@halyard/mock] the data could not be saved:', error)
  }
}

function read(key: string): Saved | undefined {
  try {
    const text = localStorage.getItem(key)
    const saved: unknown = text === null ? undefined : JSON.parse(text)
    const ok =
      typeof saved === 'object' &&
      saved !== null &&
      (saved as Partial<Saved>).version === 1 &&
      typeof (saved as Partial<Saved>).collections === 'object'
    return ok ? (saved as Saved) : undefined
  } catch {
    return undefined
  }
}
