import { Links } from '@halyard/sdk'
import { type Exchange, listOf } from '../../crawl.js'
import { type Item, isObject } from '../../model.js'
import { collectionName, isSafeId } from '../../safe-name.js'
import { adapter, type Scope } from './scope.js'

/**
 * The items found: every document with a `self` whose address ends in a number, and the records
 * whose ids the mock cannot keep, by URL, with why.
 */
export function itemsOf(scope: Scope): { items: Map<string, Item>; skipped: Map<string, string> } {
  const { hal, under, patternOf } = scope
  // Items: every document with a `self` whose address ends in a number, the top-level read first.
  const items = new Map<string, Item>()
  // Records whose ids the mock cannot keep (past 2^53): reported, not recorded.
  const skipped = new Map<string, string>()
  const collect = (body: unknown, context: string, top: boolean, inherited: Links['curies']) => {
    const { links: raw, embedded } = adapter.read(body)
    const links = new Links(context, raw, inherited)
    const self = links.get('self')
    if (self && !self.templated && isObject(body)) {
      const path = under(self.href)
      const id = path?.match(/\/(\d+)$/)?.[1]
      if (id !== undefined && !isSafeId(id)) {
        skipped.set(self.href, `an id past 2^53 (${id.length} digits): no record, only a document`)
      } else if (path !== undefined && id !== undefined) {
        const known = items.get(self.href)
        if (!known || (top && !known.top)) {
          items.set(self.href, {
            url: self.href,
            id: Number(id),
            pattern: patternOf(path),
            body,
            top,
          })
        }
      }
    }
    for (const list of Object.values(embedded))
      for (const item of list) collect(item, context, false, links.curies)
  }
  for (const exchange of hal) {
    const self = new Links(exchange.url, adapter.read(exchange.body).links).get('self')
    collect(exchange.body, exchange.url, self?.href === exchange.url || !self, [])
  }
  // A collection's ids are unique: of records numbered per parent (`/a/1/b/1`, `/a/2/b/1`), the
  // first by address is kept, the others reported.
  const firstWithId = new Map<string, string>()
  for (const url of [...items.keys()].sort()) {
    const item = items.get(url) as Item
    const first = firstWithId.get(`${item.pattern} ${item.id}`)
    if (first === undefined) firstWithId.set(`${item.pattern} ${item.id}`, url)
    else {
      items.delete(url)
      skipped.set(url, `the id of ${first} again: no record, only a document`)
    }
  }
  return { items, skipped }
}

/** The collections' item patterns, and their names. */
export function collectionNames(
  scope: Scope,
  items: ReadonlyMap<string, Item>,
): { patterns: string[]; names: Map<string, string> } {
  // Collections by item pattern, named after the segment before the id.
  const itemPatterns = new Set([...items.values()].map((i) => i.pattern))
  const patterns = [
    ...itemPatterns,
    ...emptyNestedLists(scope.hal, itemPatterns, scope.under),
  ].sort()
  const names = new Map<string, string>()
  for (const pattern of patterns) {
    const segment = pattern.split('/').at(-2) ?? 'items'
    names.set(pattern, collectionName(segment, new Set(names.values())))
  }
  return { patterns, names }
}

/** The collection of an item's URL, and its id, when it is one's. */
export function collectionOfItems(
  items: ReadonlyMap<string, Item>,
  names: ReadonlyMap<string, string>,
): (url: string) => { name: string; id: number } | undefined {
  return (url) => {
    const item = items.get(url)
    const name = item && names.get(item.pattern)
    return item && name ? { name, id: item.id } : undefined
  }
}

/**
 * Item patterns of nested lists that were empty wherever the crawl read them (`/people/{}/labels`
 * under records with no labels yet): a collection with no records, so the link to it and its
 * writes stay. A top-level empty list is replayed as the document it was.
 */
function emptyNestedLists(
  hal: readonly Exchange[],
  known: ReadonlySet<string>,
  under: (url: string) => string | undefined,
): string[] {
  const empty = new Set<string>()
  // Lists at the same address that hold records elsewhere (a flat collection's, `/tasks/7`,
  // listed under `/projects/1/tasks`) make no new collection where they are empty.
  const held = new Set<string>()
  for (const exchange of hal) {
    const arrays = isObject(exchange.body) ? pageArrays(exchange.body) : []
    const list = under(listOf(exchange.url))?.replace(/\/\d+(?=\/|$)/g, '/{}')
    if (list === undefined || arrays.length !== 1 || !/\{\}\/[^/{}]+$/.test(list)) continue
    const items = arrays[0]?.[1]
    if (Array.isArray(items) && items.length > 0) held.add(list)
    else if (Array.isArray(items)) empty.add(list)
  }
  const found: string[] = []
  for (const list of empty) {
    const pattern = `${list}/{}`
    // A list named as a known collection is its records filtered by the parent (a back link).
    const segment = list.split('/').at(-1)
    const named = [...known].some((k) => k.split('/').at(-2) === segment)
    if (!held.has(list) && !named && !known.has(pattern) && known.has(list.replace(/\/[^/]+$/, '')))
      found.push(pattern)
  }
  return found
}

/**
 * The arrays a document may list records in, by the key it embeds them under: its `_embedded`
 * ones, or its `_links.item` when it embeds nothing (each link read as a record with that `self`).
 */
export function pageArrays(body: Record<string, unknown>): [string | undefined, unknown][] {
  const raw = body._embedded
  if (Array.isArray(raw)) return [[undefined, raw]]
  if (isObject(raw)) return Object.entries(raw)
  const item = isObject(body._links) ? body._links.item : undefined
  return Array.isArray(item) ? [[undefined, item.map((self) => ({ _links: { self } }))]] : []
}
