import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineCollection } from '../definition/definition.js'
import { defineHalApi } from '../serve/api.js'

// `hrefs` and `singleCurie`: documents written as some APIs write them, on every kind of document.

const ORIGIN = 'http://shop.test'
const HAL = { accept: 'application/hal+json' }

const shop = (options: { hrefs?: 'origin-relative'; singleCurie?: 'object' }) =>
  defineHalApi({
    basePath: '/shop',
    tokens: ['dev-token'],
    curies: [{ name: 'shop', href: '/rels/{rel}' }],
    ...options,
    collections: {
      customers: defineCollection({
        schema: z.object({ name: z.string() }),
        seed: [{ name: 'Ada' }],
      }),
      orders: defineCollection({
        schema: z.object({ customerId: z.number() }),
        seed: [{ customerId: 1 }],
        links: { customer: { to: 'customers', id: (o) => o.customerId } },
      }),
    },
  })

const read = async (api: ReturnType<typeof shop>, path: string) =>
  (await (await api.handle(new Request(`${ORIGIN}${path}`, { headers: HAL }))).json()) as {
    _links: Record<string, { href: string } | { href: string }[]>
  }

describe('hrefs: origin-relative', () => {
  it('writes every href of the root, items and pages as a path, and Location absolute', async () => {
    const api = shop({ hrefs: 'origin-relative' })
    const documents = [
      await read(api, '/shop'),
      await read(api, '/shop/orders/1'),
      await read(api, '/shop/orders'),
    ]
    const hrefs = JSON.stringify(documents).match(/"href":"[^"]*"/g) ?? []
    expect(hrefs.length).toBeGreaterThan(8)
    for (const href of hrefs) expect(href).toMatch(/^"href":"\/shop/)
    expect(documents[1]?._links.customer).toEqual({ href: '/shop/customers/1' })
    const created = await api.handle(
      new Request(`${ORIGIN}/shop/customers`, {
        method: 'POST',
        headers: { ...HAL, 'content-type': 'application/json', 'x-access-token': 'dev-token' },
        body: JSON.stringify({ name: 'Grace' }),
      }),
    )
    expect(created.headers.get('location')).toBe(`${ORIGIN}/shop/customers/2`)
  })

  it('is absolute by default', async () => {
    const item = await read(shop({}), '/shop/orders/1')
    expect(item._links.self).toEqual({ href: `${ORIGIN}/shop/orders/1` })
  })
})

describe("singleCurie: 'object'", () => {
  it('writes a lone CURIE as the link object on the root, items and pages', async () => {
    const api = shop({ singleCurie: 'object' })
    const curie = { name: 'shop', href: `${ORIGIN}/shop/rels/{rel}`, templated: true }
    for (const path of ['/shop', '/shop/orders/1', '/shop/orders'])
      expect((await read(api, path))._links.curies, path).toEqual(curie)
  })

  it('writes an array of one by default (HAL §8.2)', async () => {
    const root = await read(shop({}), '/shop')
    expect(Array.isArray(root._links.curies)).toBe(true)
  })
})
