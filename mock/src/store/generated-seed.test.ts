import type { Collection } from '@msw/data'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { GeneratedSeed } from '../definition/api.js'
import { defineCollection } from '../definition/definition.js'
import { defineHalApi } from '../serve/api.js'

// A seed made by code (`storage.generateSeed`) answers as the same records given as an array,
// through HTTP and through `db`, whether `db` is first read before writes or after them.

const schema = z.strictObject({ customerId: z.number().int(), total: z.number() })
/** An order as `db` holds it. */
const stored = schema.extend({ id: z.number() })
const COUNT = 40
const order = (id: number) => ({ id, customerId: ((id - 1) % 4) + 1, total: id * 10 })
const customers = Array.from({ length: 4 }, (_, i) => ({ id: i + 1, name: `C${i + 1}` }))

/** The shop of this test: its orders as an array seed, or generated one by one. */
function shop(generated: boolean) {
  let made = 0
  const orders: GeneratedSeed = {
    count: COUNT,
    record: (id) => {
      made += 1
      return order(id)
    },
  }
  const api = defineHalApi({
    basePath: '/api',
    collections: {
      customers: defineCollection({ schema: z.object({ name: z.string() }), seed: customers }),
      orders: defineCollection({
        schema,
        seed: Array.from({ length: COUNT }, (_, i) => order(i + 1)),
        links: { customer: { to: 'customers', id: (o) => o.customerId, reverse: 'orders' } },
      }),
    },
    ...(generated && {
      storage: { generateSeed: (name) => (name === 'orders' ? orders : undefined) },
    }),
  })
  return { api, made: () => made }
}

type Api = ReturnType<typeof shop>['api']
const JSON_WRITE = { 'content-type': 'application/json', 'x-access-token': 'dev-token' }
const call = (api: Pick<Api, 'handle'>, path: string, init: RequestInit = {}) =>
  api.handle(new Request(`http://localhost${path}`, init))

/** The same writes through HTTP, and what a reader sees after: bodies, statuses, ETags, `db`. */
async function exercise(api: Api, readDbFirst: boolean) {
  const orders = () => api.db.orders as unknown as Collection<typeof stored>
  if (readDbFirst) orders()
  const seen: unknown[] = []
  const read = async (path: string) => {
    const response = await call(api, path)
    seen.push(path, response.status, response.headers.get('etag'), await response.text())
  }
  await read('/api/orders/5')
  await read('/api/orders?page=2&size=7')
  await read('/api/customers/2/orders')
  const put = await call(api, '/api/orders/5', {
    method: 'PUT',
    headers: JSON_WRITE,
    body: JSON.stringify({ customerId: 3, total: 1 }),
  })
  seen.push(put.status)
  seen.push((await call(api, '/api/orders/7', { method: 'DELETE', headers: JSON_WRITE })).status)
  seen.push((await call(api, '/api/customers/4', { method: 'DELETE', headers: JSON_WRITE })).status)
  const post = await call(api, '/api/orders', {
    method: 'POST',
    headers: JSON_WRITE,
    body: JSON.stringify({ customerId: 1, total: 2 }),
  })
  seen.push(post.status, post.headers.get('location'))
  await read('/api/orders/7')
  await read('/api/customers/3/orders?size=100')
  const all = orders().all()
  seen.push(JSON.parse(JSON.stringify(all)), orders().findFirst((q) => q.where({ total: 1 }))?.id)
  const updated = await orders().update((q) => q.where({ id: 12 }), {
    data(record) {
      record.total = -12
    },
  })
  seen.push(updated?.total, (await call(api, '/api/orders/12').then((r) => r.json())).total)
  orders().delete((q) => q.where({ id: 13 }))
  seen.push((await call(api, '/api/orders/13')).status, orders().count())
  return seen.map((value) => (typeof value === 'string' ? value.replace(/\d{13,}/g, 'T') : value))
}

describe('a seed made by code (storage.generateSeed)', () => {
  it('answers reads, writes and db as the same records given as an array', async () => {
    for (const readDbFirst of [false, true]) {
      const generated = await exercise(shop(true).api, readDbFirst)
      expect(generated).toEqual(await exercise(shop(false).api, readDbFirst))
      // What the writes did: read 200, PUT 200, DELETE 204, a customer with orders kept (409), POST 201.
      expect(generated.filter((value) => typeof value === 'number').slice(0, 8)).toEqual([
        200, 200, 200, 200, 204, 409, 201, 404,
      ])
    }
  })

  it('makes only the records read, each once, until db is handed out', async () => {
    const { api, made } = shop(true)
    await api.ready
    // Each record made once at load, to index its links.
    expect(made()).toBe(COUNT)
    const first = await call(api, '/api/orders/3')
    const again = await call(api, '/api/orders/3')
    expect(await again.text()).toBe(await first.text())
    expect(made()).toBe(COUNT + 1)
    expect((api.db.orders as unknown as Collection<typeof stored>).count()).toBe(COUNT)
    // The rest, once, when db is read; none after.
    expect(made()).toBe(2 * COUNT - 1)
    await call(api, '/api/orders/9')
    expect(made()).toBe(2 * COUNT - 1)
  })

  it('is made again on reset', async () => {
    const { api } = shop(true)
    await call(api, '/api/orders/2', { method: 'DELETE', headers: JSON_WRITE })
    expect((await call(api, '/api/orders/2')).status).toBe(404)
    await api.reset()
    expect((await call(api, '/api/orders/2')).status).toBe(200)
  })

  it('refuses a count that is no whole number, and a record of another id, naming the collection', async () => {
    const api = (seed: GeneratedSeed) =>
      defineHalApi({
        basePath: '/api',
        collections: { notes: defineCollection({ schema: z.object({ text: z.string() }) }) },
        storage: { generateSeed: () => seed },
      })
    const note = (id: number) => ({ id, text: 'x' })
    await expect(api({ count: Number.POSITIVE_INFINITY, record: note }).ready).rejects.toThrow(
      /generated seed of notes has count Infinity/,
    )
    await expect(api({ count: 3, record: (id) => note(id + 1) }).ready).rejects.toThrow(
      /made record 2 for id 1/,
    )
  })
})

describe('a seed prepareSeed hands over as stored', () => {
  it('loads where the schema transforms a member into what no input may be', async () => {
    // The stored `name` is the input's length: a number, which the schema refuses as input.
    const api = defineHalApi({
      basePath: '/api',
      collections: {
        tags: defineCollection({
          schema: z.object({ name: z.string().transform((name) => name.length) }),
          seed: [{ name: 'abc' }, { name: 'de' }],
        }),
      },
      storage: {
        prepareSeed: (_, value) => {
          const { name } = value as { name: string }
          return { id: name.length === 3 ? 1 : 2, name: name.length }
        },
      },
    })
    await api.ready
    const tag = await call(api, '/api/tags/1')
    expect(tag.status).toBe(200)
    expect(await tag.json()).toMatchObject({ id: 1, name: 3 })
  })
})
