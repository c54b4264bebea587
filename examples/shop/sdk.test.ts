// The SDK reads the shop in standard HAL: follow, embedded, pages() over next, If-Match. Its types
// come from the shop's definition, in one line.
import type { ClientTypes } from '@halyard/mock'
import { setupHalApi } from '@halyard/mock/node'
import { createClient, isPreconditionFailedError } from '@halyard/sdk'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import shop from './api.js'

type Shop = ClientTypes<typeof shop>
type Root = Shop['root']
type Order = Shop['items']['orders']
type Customer = Shop['items']['customers']

const baseUrl = 'http://shop.test/api'
const mock = setupHalApi(shop)
beforeAll(() => mock.server.listen({ onUnhandledFrame: 'error' }))
afterEach(async () => {
  mock.server.resetHandlers()
  await mock.reset()
})
afterAll(() => mock.server.close())

it('pages through every order by next, each with its products embedded', async () => {
  const client = createClient({ baseUrl })
  let orders = 0
  let pages = 0
  let total = 0
  for await (const page of client.go<Root>(baseUrl).follow('orders', { size: 50 }).pages()) {
    pages++
    total = page.data.page.totalElements
    for (const order of page.embedded('orders')) {
      orders++
      expect(order.embedded('products').map((p) => p.uri)).toEqual(
        order.links.getAll('products').map((link) => link.href),
      )
    }
  }
  expect(total).toBeGreaterThanOrEqual(100)
  expect(orders).toBe(total)
  expect(pages).toBe(Math.ceil(total / 50))
})

it('follows an order to its customer, and the customer to its orders', async () => {
  const client = createClient({ baseUrl })
  const page = await client.go<Root>(baseUrl).follow('orders').get()
  const [order] = page.embedded('orders')
  if (!order) throw new Error('no order on the first page')
  // The embedded order is cached under its self link: following from it reads only the customer.
  const customer = await client.go<Order>(order.uri).follow('customer').get()
  expect(customer.data.id).toBe(order.data.customerId)
  const theirs = await client.go<Customer>(customer.uri).follow('orders', { size: 5 }).get()
  expect(theirs.embedded('orders').every((o) => o.data.customerId === customer.data.id)).toBe(true)
})

it('creates a customer, then replaces it with If-Match, and refuses a stale copy', async () => {
  const writer = createClient({ baseUrl, token: 'dev-token' })
  const created = await writer
    .go<Root>(baseUrl)
    .follow('customers')
    .post({ name: 'Hedy', email: 'hedy@example.com' })
  const stale = createClient({ baseUrl, token: 'dev-token' }).go<Customer>(created.uri)
  await stale.get()
  const replaced = await created.put({ name: 'Hedy Lamarr', email: 'hedy@example.com' })
  expect(replaced.data.name).toBe('Hedy Lamarr')
  const error = await stale
    .put({ name: 'Someone', email: 'x@example.com' })
    .catch((e: unknown) => e)
  expect(isPreconditionFailedError(error)).toBe(true)
  await created.delete()
  expect((await fetch(created.uri)).status).toBe(404)
})
