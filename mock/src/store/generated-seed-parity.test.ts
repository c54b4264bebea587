import type { Collection } from '@msw/data'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { GeneratedSeed } from '../definition/api.js'
import { defineCollection } from '../definition/definition.js'
import { defineHalApi } from '../serve/api.js'
import { loadRecords, recordsOf } from './records-file.js'

// Attacks on a seed made by code (`storage.generateSeed`): each case runs the same requests against
// the same records given as an array seed and as a generated one, and expects the same answers.

const COUNT = 30
const W = { 'content-type': 'application/json', 'x-access-token': 'dev-token' }
const item = (id: number) => ({
  id,
  customerId: ((id - 1) % 3) + 1,
  tagIds: id % 2 === 0 ? [1, 2] : [2],
  note: `Item ${id}`,
  updatedAt: 1000 * id,
})

function shop(generated: boolean) {
  const items: GeneratedSeed = { count: COUNT, record: item }
  return defineHalApi({
    basePath: '/api',
    collections: {
      customers: defineCollection({
        schema: z.object({ name: z.string() }),
        seed: [{ name: 'A' }, { name: 'B' }, { name: 'C' }],
        param: 'customerId',
      }),
      tags: defineCollection({
        schema: z.object({ label: z.string() }),
        seed: [{ label: 'x' }, { label: 'y' }],
      }),
      items: defineCollection({
        schema: z.object({
          customerId: z.number().int(),
          tagIds: z.array(z.number().int()),
          note: z.string(),
          updatedAt: z.number(),
        }),
        seed: Array.from({ length: COUNT }, (_, i) => item(i + 1)),
        parent: { collection: 'customers', member: 'customerId' },
        lastModified: (record) => record.updatedAt,
        links: {
          tags: { to: 'tags', id: (r) => r.tagIds, reverse: 'items', onDelete: 'unlink' },
        },
      }),
    },
    ...(generated && {
      storage: { generateSeed: (name: string) => (name === 'items' ? items : undefined) },
    }),
  })
}

type Api = ReturnType<typeof shop>
const etags = new WeakMap<Api, Map<string, string>>()
const call = async (api: Api, path: string, init: RequestInit = {}) => {
  const response = await api.handle(new Request(`http://localhost${path}`, init))
  // ETags by their order of appearance in this instance: their versions differ across instances.
  const tags = etags.get(api) ?? new Map<string, string>()
  etags.set(api, tags)
  const etag = response.headers.get('etag')
  if (etag && !tags.has(etag)) tags.set(etag, `E${tags.size}`)
  const headers = ['last-modified', 'location', 'content-type']
    .map((name) => `${name}=${response.headers.get(name)}`)
    .join(' ')
  const tag = etag ? tags.get(etag) : undefined
  return `${init.method ?? 'GET'} ${path} ${response.status} ${tag} ${headers} ${await response.text()}`
}
/** An item as `db` holds it. */
const stored = z.object({ id: z.number(), note: z.string(), customerId: z.number() })
const items = (api: Api) => api.db.items as unknown as Collection<typeof stored>

/** The same steps against both seeds: what each answered. */
async function both(steps: (api: Api) => Promise<unknown[]>) {
  const array = await steps(shop(false))
  const generated = await steps(shop(true))
  const norm = (values: unknown[]) => JSON.parse(JSON.stringify(values).replace(/\d{13,}/g, 'T'))
  expect(norm(generated)).toEqual(norm(array))
  return generated
}

describe('a generated seed answers as the same array seed', () => {
  it('reads: nested pages, reverse pages, HEAD, Last-Modified', async () => {
    await both(async (api) => [
      await call(api, '/api/customers/2/items?size=4&page=1'),
      await call(api, '/api/tags/1/items?size=5'),
      await call(api, '/api/customers/1/items/4'),
      await call(api, '/api/customers/2/items/4'),
      await call(api, '/api/customers/1/items/4', { method: 'HEAD' }),
      await call(api, '/api/items?size=7&page=3'),
    ])
  })

  it('deletes a parent (cascade) and a tag (unlink), then reads and uses db', async () => {
    await both(async (api) => [
      await call(api, '/api/customers/2', { method: 'DELETE', headers: W }),
      await call(api, '/api/tags/1', { method: 'DELETE', headers: W }),
      await call(api, '/api/customers/1/items/4'),
      await call(api, '/api/customers/2/items/5'),
      await call(api, '/api/tags/2/items?size=100'),
      await call(api, '/api/items?size=100'),
      items(api).count(),
      items(api)
        .all()
        .map((r) => r.id),
      JSON.parse(JSON.stringify(items(api).findMany())),
    ])
  })

  it('db writes after HTTP writes: update, delete, clear then POST', async () => {
    await both(async (api) => [
      await call(api, '/api/customers/1/items/7', {
        method: 'PUT',
        headers: W,
        body: JSON.stringify({ tagIds: [1], note: 'n', updatedAt: 5 }),
      }),
      await call(api, '/api/customers/1/items', {
        method: 'POST',
        headers: W,
        body: JSON.stringify({ tagIds: [], note: 'new', updatedAt: 6 }),
      }),
      items(api)
        .all()
        .map((r) => `${r.id}:${r.note}`),
      (
        await items(api).update((q) => q.where({ id: 7 }), {
          data(r) {
            r.note = 'db'
          },
        })
      )?.note,
      await call(api, '/api/customers/1/items/7'),
      items(api).delete((q) => q.where({ id: 10 }))?.id,
      await call(api, '/api/customers/1/items/10'),
      items(api).clear(),
      await call(api, '/api/items'),
      await call(api, '/api/customers/1/items', {
        method: 'POST',
        headers: W,
        body: JSON.stringify({ tagIds: [], note: 'after', updatedAt: 6 }),
      }),
      await call(api, '/api/customers/1/items/1'),
      items(api).count(),
    ])
  })

  it('reset after writes, then db', async () => {
    await both(async (api) => {
      await call(api, '/api/customers/3', { method: 'DELETE', headers: W })
      items(api).delete((q) => q.where({ id: 1 }))
      await api.reset()
      return [
        await call(api, '/api/customers/3/items/3'),
        await call(api, '/api/items?size=3'),
        items(api).count(),
        items(api)
          .all()
          .map((r) => r.id),
      ]
    })
  })

  it('PATCH, conditional requests and Prefer', async () => {
    await both(async (api) => {
      const first = await api.handle(new Request('http://localhost/api/customers/1/items/4'))
      const etag = first.headers.get('etag') ?? ''
      return [
        await call(api, '/api/customers/1/items/4', { headers: { 'if-none-match': etag } }),
        await call(api, '/api/customers/1/items/4', {
          method: 'PATCH',
          headers: {
            ...W,
            'content-type': 'application/merge-patch+json',
            'if-match': etag,
            prefer: 'return=minimal',
          },
          body: JSON.stringify({ note: 'p' }),
        }),
        await call(api, '/api/customers/1/items/4', {
          method: 'PATCH',
          headers: { ...W, 'content-type': 'application/merge-patch+json', 'if-match': etag },
          body: JSON.stringify({ note: 'q' }),
        }),
        await call(api, '/api/customers/1/items/4', {
          headers: { 'if-modified-since': new Date(3000).toUTCString() },
        }),
        await call(api, '/api/customers/1/items/31'),
      ]
    })
  })
})

describe('db first read while a write is under way', () => {
  it('holds each record once, whenever during a POST db is first read', async () => {
    const wrong: string[] = []
    // Every point of the POST's run, one microtask apart, until it is over: db first read there.
    for (let ticks = 0, over = false; !over; ticks++) {
      for (const generated of [false, true]) {
        const api = shop(generated)
        await api.ready
        let settled = false
        const post = api
          .handle(
            new Request('http://localhost/api/customers/1/items', {
              method: 'POST',
              headers: W,
              body: JSON.stringify({ tagIds: [], note: 'new', updatedAt: 6 }),
            }),
          )
          .finally(() => {
            settled = true
          })
        for (let i = 0; i < ticks; i++) await Promise.resolve()
        over ||= settled
        items(api).count()
        expect((await post).status).toBe(201)
        const ids = items(api)
          .all()
          .map((r) => r.id)
        if (new Set(ids).size !== ids.length || ids.length !== COUNT + 1)
          wrong.push(
            `${generated ? 'generated' : 'array'}, db read at tick ${ticks}: ${ids.join()}`,
          )
      }
    }
    expect(wrong).toEqual([])
  })
})

describe('a generated seed gives records as stored', () => {
  // A schema whose output is not a valid input: the array seed gives inputs, the generated one outputs.
  const schema = z.object({ name: z.string().transform((name) => name.length), total: z.number() })
  const api = (generated: boolean) =>
    defineHalApi({
      basePath: '/api',
      collections: {
        notes: defineCollection({
          schema,
          seed: Array.from({ length: 3 }, (_, i) => ({ name: 'x'.repeat(i + 1), total: i })),
        }),
      },
      ...(generated && {
        storage: {
          generateSeed: () => ({
            count: 3,
            record: (id: number) => ({ id, name: id, total: id - 1 }),
          }),
        },
      }),
    })

  it('keeps the first record as it is, as the others, where the schema transforms', async () => {
    const read = async (generated: boolean) => {
      const one = api(generated)
      await one.ready
      const bodies: unknown[] = []
      for (const id of [1, 2, 3]) {
        const response = await one.handle(new Request(`http://localhost/api/notes/${id}`))
        bodies.push(response.status, await response.json())
      }
      return bodies
    }
    expect(await read(true)).toEqual(await read(false))
  })
})

describe('a generated parent and target', () => {
  const customer = (id: number) => ({ id, name: `C${id}` })
  const lib = (generated: boolean) =>
    defineHalApi({
      basePath: '/api',
      collections: {
        customers: defineCollection({
          schema: z.object({ name: z.string() }),
          seed: Array.from({ length: 6 }, (_, i) => customer(i + 1)),
          param: 'customerId',
        }),
        orders: defineCollection({
          schema: z.object({ customerId: z.number().int(), payerId: z.number().int() }),
          seed: Array.from({ length: 12 }, (_, i) => ({
            customerId: (i % 3) + 1,
            payerId: (i % 6) + 1,
          })),
          parent: { collection: 'customers', member: 'customerId' },
          links: {
            payer: { to: 'customers', id: (o) => o.payerId, reverse: 'paid', onDelete: 'cascade' },
          },
        }),
      },
      ...(generated && {
        storage: {
          generateSeed: (name: string) =>
            name === 'customers' ? { count: 6, record: customer } : undefined,
        },
      }),
    })

  it('cascades, pages and counts as an array seed, with db taken before the seed is in', async () => {
    const steps = async (api: ReturnType<typeof lib>) => {
      const { customers } = api.db as unknown as { customers: Collection<typeof stored> }
      await api.ready
      const seen: unknown[] = [customers.count()]
      const call = async (path: string, init: RequestInit = {}) => {
        const response = await api.handle(new Request(`http://localhost${path}`, init))
        return `${response.status} ${(await response.text()).replace(/\d{13,}/g, 'T')}`
      }
      seen.push(
        await call('/api/customers/5/paid'),
        await call('/api/customers/2', { method: 'DELETE', headers: W }),
        await call('/api/customers/1/orders'),
        await call('/api/customers/5/paid'),
        await call('/api/customers?size=3&page=1'),
        customers.count(),
        (api.db as unknown as { orders: Collection<typeof stored> }).orders.count(),
      )
      return seen
    }
    expect(await steps(lib(true))).toEqual(await steps(lib(false)))
  })

  it('refuses a seed linking past a generated collection', async () => {
    const api = defineHalApi({
      basePath: '/api',
      collections: {
        customers: defineCollection({ schema: z.object({ name: z.string() }) }),
        orders: defineCollection({
          schema: z.object({ payerId: z.number().int() }),
          seed: [{ payerId: 3 }, { payerId: 4 }],
          links: { payer: { to: 'customers', id: (o) => o.payerId } },
        }),
      },
      storage: {
        generateSeed: (name) => (name === 'customers' ? { count: 3, record: customer } : undefined),
      },
    })
    await expect(api.ready).rejects.toThrow(/record 2 whose payer links to a missing record 4/)
  })
})

describe('db taken, and listened to, before a generated seed is in', () => {
  it('tells a create listener of every record, and deletes through db the record asked for', async () => {
    const steps = async (api: Api) => {
      const db = items(api)
      let created = 0
      db.hooks.on('create', () => {
        created += 1
      })
      await api.ready
      db.delete((q) => q.where({ id: 5 }))
      return [
        created,
        db.count(),
        db.all().map((r) => r.id),
        db.findFirst((q) => q.where({ id: 2 }))?.id,
      ]
    }
    expect(await steps(shop(true))).toEqual(await steps(shop(false)))
  })
})

describe('records of a generated seed, saved and loaded', () => {
  it('saves the records as the array seed does, and loads saved records over a generated seed', async () => {
    const steps = async (api: Api) => {
      await api.handle(
        new Request('http://localhost/api/customers/2/items/5', { method: 'DELETE', headers: W }),
      )
      const saved = JSON.parse(JSON.stringify(recordsOf(api)))
      const into = shop(true)
      await into.handle(
        new Request('http://localhost/api/customers/1/items/1', { method: 'DELETE', headers: W }),
      )
      await loadRecords(into, saved)
      const page = await into.handle(new Request('http://localhost/api/customers/2/items?size=100'))
      const gone = await into.handle(new Request('http://localhost/api/customers/2/items/5'))
      const back = await into.handle(new Request('http://localhost/api/customers/1/items/1'))
      return [
        saved,
        (await page.text()).replace(/\d{13,}/g, 'T'),
        gone.status,
        back.status,
        items(into).count(),
      ]
    }
    expect(await steps(shop(true))).toEqual(await steps(shop(false)))
  })
})
