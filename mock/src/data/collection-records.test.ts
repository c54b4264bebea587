import { Collection } from '@msw/data'
import { serializeRecord } from '@msw/data/extensions/persist'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { CollectionRecords } from './collection-records.js'

const schema = z.object({ id: z.number(), title: z.string() })
type Row = z.output<typeof schema>
/** A row as a collection stores it, internal keys included. */
type Stored = ReturnType<Collection<typeof schema>['all']>[number]
const rows = (count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, title: `Row ${i + 1}` }))
const NO_LISTENERS = { create: 0, update: 0, delete: 0 }

/** A collection loaded in bulk, and one loaded by `create()`, from the same rows. */
async function loadedBothWays(count: number) {
  const bulk = new Collection({ schema })
  const added: Row[] = []
  await new CollectionRecords(bulk, NO_LISTENERS).load(rows(count), {
    prepare: (row) => ({ ...row }),
    added: (row) => added.push(row),
  })
  const created = new Collection({ schema })
  for (const row of rows(count)) await created.create(row)
  return { bulk, created, added }
}

/** The internal symbols `@msw/data` puts on a record, with their values. */
const internals = (record: object) =>
  Object.getOwnPropertySymbols(record).map((symbol) => [
    symbol.description,
    Object.getOwnPropertyDescriptor(record, symbol)?.enumerable,
  ])

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
    expect(tenth?.title).toBe('Row 10')
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
    expect(saved.map((record) => record.title)).toEqual(['Row 1', 'Row 2', 'Row 3'])
    expect(new Set(saved.map((record) => record.__metadata__.primaryKey)).size).toBe(3)
  })

  it('gives each record a relation map of its own once relations are defined', async () => {
    const authors = new Collection({ schema: z.object({ id: z.number() }) })
    const posts = new Collection({ schema: schema.extend({ author: z.unknown().optional() }) })
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
    const collection = new Collection({ schema })
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
    const posts = new Collection({ schema: schema.extend({ author: z.unknown().optional() }) })
    await new CollectionRecords(posts, NO_LISTENERS).load(rows(4), {
      lazy: true,
      prepare: (row) => ({ ...row }),
      added: () => undefined,
    })
    posts.defineRelations(({ one }) => ({ author: one(authors) }))
    expect(posts.all().map(internals)).toEqual(Array(4).fill(internals(posts.all()[0] as object)))
  })

  it('creates every record through create() while someone else listens to creates', async () => {
    const collection = new Collection({ schema })
    const seen: number[] = []
    collection.hooks.on('create', (event) => {
      seen.push(event.data.record.id)
    })
    const added: Row[] = []
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
    const collection = new Collection({ schema })
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
