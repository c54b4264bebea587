import type { Collection } from '@msw/data'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { HalDefinitionError } from '../definition/check.js'
import { defineCollection } from '../definition/definition.js'
import { observedCollection } from './msw-data.js'
import { HalStore } from './store.js'

const schema = z.strictObject({ customerId: z.number().int(), total: z.number() })
const stored = schema.extend({ id: z.number() })
type Order = z.output<typeof stored>
const seed = Array.from({ length: 40 }, (_, i) => ({ customerId: (i % 4) + 1, total: i * 10 }))

/** The orders collection of a store seeded with `seed` (in bulk), once loaded. */
async function bulkSeeded(values: readonly object[] = seed) {
  const store = new HalStore({
    basePath: '/api',
    collections: { orders: defineCollection({ schema, seed: values as never }) },
  })
  await store.ready
  return store.get('orders')
}

/** The same records put one by one through `@msw/data`'s public `create()`. */
async function createSeeded(): Promise<Collection<never>> {
  const ignore = { put: () => undefined, removed: () => undefined, cleared: () => undefined }
  const collection = observedCollection<Order>(stored, ignore)
  for (const [i, value] of seed.entries()) await collection.create({ ...value, id: i + 1 } as never)
  return collection
}

/** The same public operations on a collection, and what each answered. */
async function exercise(collection: Collection<never>) {
  const typed = collection as unknown as Collection<typeof schema>
  const byId = (id: number) => (q: { where: (w: object) => unknown }) => q.where({ id })
  const first = typed.findFirst(byId(10) as never)
  const many = typed.findMany((q) => q.where({ customerId: 3 }))
  const updated = await typed.update(byId(5) as never, {
    data(order) {
      order.total = -1
    },
  })
  const deleted = typed.delete(byId(7) as never)
  const deletedMany = typed.deleteMany((q) => q.where({ customerId: 2 }))
  return JSON.parse(
    JSON.stringify({ first, many, updated, deleted, deletedMany, all: typed.all() }),
  ) as unknown
}

describe('a defineHalApi collection seeded in bulk', () => {
  it('answers findFirst, findMany, update and delete as one seeded through create()', async () => {
    const bulk = await bulkSeeded()
    expect(await exercise(bulk.collection)).toEqual(await exercise(await createSeeded()))
  })

  it('keeps its index in step with writes made through db after the bulk seed', async () => {
    const orders = await bulkSeeded()
    const seeded = orders.changeOf(20)
    expect(orders.count).toBe(40)
    const collection = orders.collection as unknown as Collection<typeof stored>
    await collection.update((q) => q.where({ id: 20 }), {
      data(order) {
        order.total = 1
      },
    })
    collection.delete((q) => q.where({ id: 21 }))
    expect((orders.get(20) as Order | undefined)?.total).toBe(1)
    expect(orders.changeOf(20).version).toBeGreaterThan(seeded.version)
    expect(orders.get(21)).toBeUndefined()
    expect(orders.count).toBe(39)
    expect(orders.nextId()).toBe(41)
  })

  it('rejects an invalid seed record with the schema’s message', async () => {
    await expect(bulkSeeded([...seed, { customerId: 'x', total: 1 }])).rejects.toThrow(
      HalDefinitionError,
    )
  })
  it('rejects a seed giving one id twice, small or large', async () => {
    for (const id of [3, 2 ** 40]) {
      const values = [
        { id, ...seed[0] },
        { id: 4, ...seed[1] },
        { id, ...seed[2] },
      ]
      await expect(bulkSeeded(values)).rejects.toThrow(
        new HalDefinitionError(`the seed of orders has two records with id ${id}`),
      )
    }
  })

  it('keeps every seed record’s stamp until a write gives that record its own', async () => {
    const store = new HalStore({
      basePath: '/api',
      collections: { orders: defineCollection({ schema, seed }) },
    })
    await store.ready
    const orders = store.get('orders')
    expect(orders.changeOf(1)).toEqual(store.seeded)
    expect(orders.changeOf(40)).toEqual(store.seeded)
    const [first] = orders.slice(0, 1)
    await orders.replace(first as never, { customerId: 1, total: 5 })
    expect(orders.changeOf(1).version).toBeGreaterThan(store.seeded.version)
    expect(orders.changeOf(2)).toEqual(store.seeded)
  })
})

describe('HalStore index', () => {
  it('forgets a deleted record nothing points at any more, and keeps one still pointed at', async () => {
    const store = new HalStore({
      basePath: '/api',
      collections: {
        customers: defineCollection({ schema: z.object({ name: z.string() }), seed: [] }),
        orders: defineCollection({
          schema: z.object({ customerId: z.number() }),
          links: { customer: { to: 'customers', id: (order) => order.customerId } },
        }),
      },
    })
    await store.ready
    const customers = store.get('customers')
    const orders = store.get('orders')
    for (const id of [1, 2]) await customers.create({ id, name: `Customer ${id}` })
    const first = await orders.create({ id: 1, customerId: 1 })
    await orders.create({ id: 2, customerId: 2 })
    orders.remove(first)
    // Customer 1 has no order left but still exists: its page's time must stay.
    expect(orders.lastReferrerChange('customer', 1)).toBeDefined()
    customers.remove(customers.get(1) as never)
    expect(orders.lastReferrerChange('customer', 1)).toBeUndefined()
    // Customer 2 still has its order: nothing of it is dropped.
    expect(orders.referrers('customer', 2).count).toBe(1)
  })
})
