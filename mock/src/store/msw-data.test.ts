import { readFileSync } from 'node:fs'
import { Collection } from '@msw/data'
import { serializeRecord } from '@msw/data/extensions/persist'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  type CollectionObserver,
  CollectionRecords,
  MswDataAssumptionError,
  observedCollection,
  TESTED_MSW_DATA,
} from './msw-data.js'

type Row = { id: number; name: string }

/** The observer's view: what it was told, in order. */
function recorder() {
  const events: [string, Row][] = []
  const observer: CollectionObserver<Row> = {
    put: (record) => events.push(['put', record]),
    removed: (record) => events.push(['removed', record]),
    cleared: () => events.push(['cleared', { id: 0, name: '' }]),
  }
  return { events, observer }
}

const schema = z.object({ id: z.number(), name: z.string() })

const titled = z.object({ id: z.number(), title: z.string() })
type Titled = z.output<typeof titled>
/** A row as a collection stores it, internal keys included. */
type Stored = ReturnType<Collection<typeof titled>['all']>[number]
const rows = (count: number): Titled[] =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, title: `Titled ${i + 1}` }))
const NO_LISTENERS = { create: 0, update: 0, delete: 0 }

/** A collection loaded in bulk, and one loaded by `create()`, from the same rows. */
async function loadedBothWays(count: number) {
  const bulk = new Collection({ schema: titled })
  const added: Titled[] = []
  await new CollectionRecords(bulk, NO_LISTENERS).load(rows(count), {
    prepare: (row) => ({ ...row }),
    added: (row) => added.push(row),
  })
  const created = new Collection({ schema: titled })
  for (const row of rows(count)) await created.create(row)
  return { bulk, created, added }
}

/** The internal symbols `@msw/data` puts on a record, with their values. */
const internals = (record: object) =>
  Object.getOwnPropertySymbols(record).map((symbol) => [
    symbol.description,
    Object.getOwnPropertyDescriptor(record, symbol)?.enumerable,
  ])

// Each case is one assumption of msw-data.ts about @msw/data; a failure here means the core's
// index would go stale on the installed version: fix msw-data.ts before widening the range.
describe('@msw/data behaves as the core assumes', () => {
  it('is a version of the tested range, which mock/package.json pins', () => {
    const entry = import.meta.resolve('@msw/data')
    const root = entry.slice(0, entry.indexOf('/@msw/data/') + '/@msw/data/'.length)
    const installed = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'))
    const [major, minor, patch] = TESTED_MSW_DATA.replace('~', '').split('.').map(Number)
    const [iMajor, iMinor, iPatch] = String(installed.version).split('.').map(Number)
    expect(
      [iMajor, iMinor],
      `@msw/data ${installed.version} is outside ${TESTED_MSW_DATA}`,
    ).toEqual([major, minor])
    expect(iPatch).toBeGreaterThanOrEqual(patch as number)
    const manifest = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    )
    expect(manifest.dependencies['@msw/data']).toBe(TESTED_MSW_DATA)
  })

  it('hands the create hook the very object the collection stores', async () => {
    const { events, observer } = recorder()
    const collection = observedCollection<Row>(schema, observer)
    const created = await collection.create({ id: 1, name: 'a' } as never)
    expect(events).toEqual([['put', created]])
    expect(events[0]?.[1]).toBe(collection.all()[0])
  })

  it('resolves update and updateMany to the stored records', async () => {
    const { events, observer } = recorder()
    const collection = observedCollection<Row>(schema, observer)
    await collection.create({ id: 1, name: 'a' } as never)
    await collection.create({ id: 2, name: 'b' } as never)
    const updated = await collection.update((q) => q.where({ id: 1 } as never), {
      data(row: Row) {
        row.name = 'A'
      },
    } as never)
    expect(events.at(-1)?.[1]).toBe(updated)
    expect(collection.all()).toContain(updated)
    const many = await collection.updateMany((q) => q.where({ id: 2 } as never), {
      data(row: Row) {
        row.name = 'B'
      },
    } as never)
    expect(events.at(-1)?.[1]).toBe(many[0])
    expect(collection.all().map((row) => (row as Row).name)).toEqual(['A', 'B'])
  })

  it('emits delete for every record that delete and deleteMany remove', async () => {
    const { events, observer } = recorder()
    const collection = observedCollection<Row>(schema, observer)
    for (const id of [1, 2, 3, 4]) await collection.create({ id, name: String(id) } as never)
    collection.delete((q) => q.where({ id: 1 } as never))
    collection.deleteMany((q) => q.where({ id: 3 } as never))
    const removed = events.filter(([kind]) => kind === 'removed').map(([, row]) => row.id)
    expect(removed).toEqual([1, 3])
    expect(collection.all().map((row) => (row as Row).id)).toEqual([2, 4])
  })

  it('reports clear as one event, since clear emits delete for only some of the records', async () => {
    const { events, observer } = recorder()
    const collection = observedCollection<Row>(schema, observer)
    for (const id of [1, 2, 3, 4]) await collection.create({ id, name: String(id) } as never)
    collection.clear()
    expect(events.at(-1)?.[0]).toBe('cleared')
    expect(collection.all()).toEqual([])
  })

  it("hands out the collection's own array from all(), and create() appends the record it returns", async () => {
    const collection = new Collection({ schema: titled })
    const created = await collection.create({ id: 1, title: 'a' })
    expect(collection.all()).toBe(collection.all())
    expect(collection.all().at(-1)).toBe(created)
  })

  it('marks a created record with two hidden symbols: a string primary key and a Map of relations', async () => {
    const created = await new Collection({ schema: titled }).create({ id: 1, title: 'a' })
    const values = Object.getOwnPropertySymbols(created).map((symbol) =>
      Reflect.get(created, symbol),
    )
    expect(values.map((value) => (value instanceof Map ? 'Map' : typeof value)).sort()).toEqual([
      'Map',
      'string',
    ])
  })
})

describe('CollectionRecords on a @msw/data that breaks an assumption', () => {
  /** A collection like `@msw/data`'s, changed by `change` as a future version might be. */
  async function changed(change: (collection: Collection<typeof titled>) => void) {
    const collection = new Collection({ schema: titled })
    change(collection)
    const records = new CollectionRecords(collection, NO_LISTENERS)
    return records.load(rows(3), { prepare: (row) => ({ ...row }), added: () => undefined })
  }

  it('throws, naming the assumption, when all() hands out a copy', async () => {
    const load = changed((collection) => {
      const all = collection.all.bind(collection)
      collection.all = () => [...all()]
    })
    await expect(load).rejects.toThrow(MswDataAssumptionError)
    await expect(load).rejects.toThrow("all() hands out the collection's own array")
  })

  it('throws, naming the assumption, when records are marked otherwise', async () => {
    const load = changed((collection) => {
      const create = collection.create.bind(collection)
      collection.create = async (values) => {
        const record = await create(values)
        Object.defineProperty(record, Symbol('more'), { value: 1 })
        return record
      }
    })
    await expect(load).rejects.toThrow(MswDataAssumptionError)
    await expect(load).rejects.toThrow('two symbols: a string primary key and a Map of relations')
  })
})

describe('CollectionRecords.load', () => {
  it('leaves the same records as create(), in the same order, each reported once', async () => {
    const { bulk, created, added } = await loadedBothWays(50)
    expect(bulk.count()).toBe(50)
    expect(JSON.stringify(bulk.all())).toBe(JSON.stringify(created.all()))
    // The first goes through create() and its hooks; the others are reported.
    expect(added.map((row) => row.id)).toEqual(
      rows(50)
        .slice(1)
        .map((row) => row.id),
    )
    for (const record of bulk.all()) {
      expect(internals(record)).toEqual(internals(created.all()[0] as object))
    }
  })

  it('gives every record its own primary key, which queries and writes through the collection use', async () => {
    const { bulk } = await loadedBothWays(20)
    const [primaryKey] = Object.getOwnPropertySymbols(bulk.all()[0] as object)
    const keys = new Set(bulk.all().map((record) => Reflect.get(record, primaryKey as symbol)))
    expect(keys.size).toBe(20)
    const tenth = bulk.findFirst((q) => q.where({ id: 10 }))
    expect(tenth?.title).toBe('Titled 10')
    const updated = await bulk.update(tenth as NonNullable<typeof tenth>, {
      data(row) {
        row.title = 'Edited'
      },
    })
    expect(updated?.title).toBe('Edited')
    expect(bulk.all().map((row) => row.title)[9]).toBe('Edited')
    bulk.delete((q) => q.where({ id: 11 }))
    expect(bulk.all().map((row) => row.id)).toEqual(
      rows(20)
        .map((row) => row.id)
        .filter((id) => id !== 11),
    )
  })

  it('serializes as persist() saves records', async () => {
    const { bulk } = await loadedBothWays(3)
    const saved = bulk.all().map(serializeRecord)
    expect(saved.map((record) => record.title)).toEqual(['Titled 1', 'Titled 2', 'Titled 3'])
    expect(new Set(saved.map((record) => record.__metadata__.primaryKey)).size).toBe(3)
  })

  it('gives each record a relation map of its own once relations are defined', async () => {
    const authors = new Collection({ schema: z.object({ id: z.number() }) })
    const posts = new Collection({ schema: titled.extend({ author: z.unknown().optional() }) })
    await new CollectionRecords(posts, NO_LISTENERS).load(rows(5), {
      prepare: (row) => ({ ...row }),
      added: () => undefined,
    })
    const relationsOf = (record: object) =>
      Object.getOwnPropertySymbols(record)
        .map((symbol) => Reflect.get(record, symbol))
        .find((value): value is Map<string, unknown> => value instanceof Map)
    posts.defineRelations(({ one }) => ({ author: one(authors) }))
    const maps = posts.all().map(relationsOf)
    expect(new Set(maps).size).toBe(5)
    expect(maps.every((map) => map?.has('author'))).toBe(true)
  })

  it('leaves the marks to markAll() when lazy, then marks as create() does', async () => {
    const collection = new Collection({ schema: titled })
    const records = new CollectionRecords(collection, NO_LISTENERS)
    await records.load(rows(10), {
      lazy: true,
      prepare: (row) => ({ ...row }),
      added: () => undefined,
    })
    const reference = internals(collection.all()[0] as object)
    expect(collection.all().slice(1).map(internals)).toEqual(Array(9).fill([]))
    records.markAll()
    expect(collection.all().map(internals)).toEqual(Array(10).fill(reference))
    const [primaryKey] = Object.getOwnPropertySymbols(collection.all()[0] as object)
    const keys = collection.all().map((record) => Reflect.get(record, primaryKey as symbol))
    expect(new Set(keys).size).toBe(10)
  })

  it('marks lazily loaded records before relations are defined', async () => {
    const authors = new Collection({ schema: z.object({ id: z.number() }) })
    const posts = new Collection({ schema: titled.extend({ author: z.unknown().optional() }) })
    await new CollectionRecords(posts, NO_LISTENERS).load(rows(4), {
      lazy: true,
      prepare: (row) => ({ ...row }),
      added: () => undefined,
    })
    posts.defineRelations(({ one }) => ({ author: one(authors) }))
    expect(posts.all().map(internals)).toEqual(Array(4).fill(internals(posts.all()[0] as object)))
  })

  it('creates every record through create() while someone else listens to creates', async () => {
    const collection = new Collection({ schema: titled })
    const seen: number[] = []
    collection.hooks.on('create', (event) => {
      seen.push(event.data.record.id)
    })
    const added: Titled[] = []
    await new CollectionRecords(collection, NO_LISTENERS).load(rows(10), {
      prepare: (row) => ({ ...row }),
      added: (row) => added.push(row),
    })
    expect(seen.sort((a, b) => a - b)).toEqual(rows(10).map((row) => row.id))
    expect(added).toEqual([])
  })
})

describe('CollectionRecords.replace and remove', () => {
  it('replace puts the new record in the old one’s place, with its internal keys', async () => {
    const { bulk } = await loadedBothWays(100)
    const records = new CollectionRecords(bulk, NO_LISTENERS)
    const old = bulk.all()[70] as Stored
    const next = { id: old.id, title: 'Replaced' } as Stored
    expect(records.replace(old, next)).toBe(true)
    expect(bulk.all()[70]).toBe(next)
    expect(internals(next)).toEqual(internals(old))
    // The collection's own update() finds it by its primary key.
    const again = await bulk.update(next, {
      data(row) {
        row.title = 'Again'
      },
    })
    expect(again?.title).toBe('Again')
  })

  it('finds a record that is out of id order by scanning', async () => {
    const collection = new Collection({ schema: titled })
    for (const id of [5, 3, 9, 1]) await collection.create({ id, title: String(id) })
    const records = new CollectionRecords(collection, NO_LISTENERS)
    const nine = collection.all()[2] as Stored
    expect(records.replace(nine, { id: 9, title: 'nine' })).toBe(true)
    expect(collection.all().map((row) => row.title)).toEqual(['5', '3', 'nine', '1'])
    expect(records.remove(collection.all()[0] as Stored)).toBe(true)
    expect(collection.all().map((row) => row.id)).toEqual([3, 9, 1])
  })

  it('declines while someone else listens to updates or deletes, so they are told', async () => {
    const { bulk } = await loadedBothWays(5)
    bulk.hooks.on('update', () => undefined)
    bulk.hooks.on('delete', () => undefined)
    const records = new CollectionRecords(bulk, NO_LISTENERS)
    const first = bulk.all()[0] as Stored
    expect(records.replace(first, { id: 1, title: 'x' })).toBe(false)
    expect(records.remove(first)).toBe(false)
    expect(bulk.all()[0]).toBe(first)
    expect(bulk.count()).toBe(5)
  })

  it('declines for a record the collection no longer holds', async () => {
    const { bulk } = await loadedBothWays(5)
    const records = new CollectionRecords(bulk, NO_LISTENERS)
    const gone = bulk.all()[2] as Stored
    bulk.delete(gone)
    expect(records.replace(gone, { id: gone.id, title: 'x' })).toBe(false)
    expect(records.remove(gone)).toBe(false)
    expect(bulk.count()).toBe(4)
  })
})
