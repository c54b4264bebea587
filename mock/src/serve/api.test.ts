import { Validator } from '@seriousme/openapi-schema-validator'
import { getResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { HalDefinitionError } from '../definition/check.js'
import { defineCollection } from '../definition/definition.js'
import { Problem } from '../http/problem.js'
import { SEED_TIME } from '../store/store.js'
import { defineHalApi } from './api.js'
import { halHandler } from './handler.js'

const ORIGIN = 'http://shop.test'
const TOKEN = { 'x-access-token': 'dev-token' }
const JSON_BODY = { 'content-type': 'application/json' }

function makeApi(options: { protectReads?: boolean } = {}) {
  return defineHalApi({
    basePath: '/api',
    title: 'Test shop',
    tokens: ['dev-token', 'reader-token'],
    curies: [{ name: 'shop', href: '/docs/{rel}' }],
    ...options,
    collections: {
      customers: defineCollection({
        schema: z.strictObject({ name: z.string().min(1) }),
        seed: [{ name: 'Ada' }, { name: 'Grace' }],
        writers: ['dev-token'],
      }),
      products: defineCollection({
        schema: z.strictObject({ name: z.string(), price: z.number().nonnegative() }),
        seed: [
          { name: 'Anchor', price: 10 },
          { name: 'Sail', price: 20 },
        ],
        links: { search: { href: () => '/search/{term}', templated: true } },
      }),
      orders: defineCollection({
        schema: z.strictObject({
          customerId: z.number().int(),
          lines: z.array(
            z.strictObject({ productId: z.number().int(), quantity: z.number().int().min(1) }),
          ),
        }),
        seed: Array.from({ length: 5 }, (_, i) => ({
          customerId: (i % 2) + 1,
          lines: [{ productId: 1, quantity: i + 1 }],
        })),
        links: {
          customer: { to: 'customers', id: (o) => o.customerId, reverse: 'orders' },
          products: { to: 'products', id: (o) => o.lines.map((l) => l.productId) },
        },
        embed: ['products'],
        pageSize: { default: 2, max: 3 },
      }),
    },
    routes: [
      {
        method: 'GET',
        path: '/search/{term}',
        summary: 'Products whose name starts with a term',
        handle: ({ params }) =>
          Response.json(
            { term: params.term },
            { headers: { 'content-type': 'application/hal+json' } },
          ),
      },
    ],
  })
}

let api: ReturnType<typeof makeApi>
beforeEach(() => {
  api = makeApi()
})

const call = (path: string, init: RequestInit = {}) =>
  api.handle(new Request(`${ORIGIN}${path}`, init))
const json = async (path: string, init?: RequestInit) => {
  const response = await call(path, init)
  // biome-ignore lint/suspicious/noExplicitAny: the cases read deep into many shapes of JSON.
  return { response, body: (await response.json()) as Record<string, any> }
}
const etagOf = async (path: string) => (await call(path)).headers.get('etag') as string

describe('defineHalApi: reads', () => {
  it('links every collection and the OpenAPI document from the root, with the CURIEs', async () => {
    const { body } = await json('/api')
    expect(Object.keys(body._links)).toEqual([
      'curies',
      'self',
      'customers',
      'products',
      'orders',
      'service-desc',
    ])
    expect(body._links.orders).toEqual({
      href: `${ORIGIN}/api/orders{?page,size}`,
      templated: true,
    })
    expect(body._links.curies).toEqual([
      { name: 'shop', href: `${ORIGIN}/api/docs/{rel}`, templated: true },
    ])
  })

  it('pages a collection in standard HAL with Spring Data REST page numbers', async () => {
    const { body } = await json('/api/orders?page=1')
    expect(body.page).toEqual({ size: 2, totalElements: 5, totalPages: 3, number: 1 })
    expect(Object.keys(body._links)).toEqual(['self', 'first', 'prev', 'next', 'last', 'curies'])
    expect(body._links.next.href).toBe(`${ORIGIN}/api/orders?page=2&size=2`)
    expect(body._links.last.href).toBe(`${ORIGIN}/api/orders?page=2&size=2`)
    expect(body._embedded.orders.map((o: { id: number }) => o.id)).toEqual([3, 4])
    const last = await json('/api/orders?page=2')
    expect(last.body._links.next).toBeUndefined()
    expect(last.body._embedded.orders).toHaveLength(1)
  })

  it('links a page by its canonical URL, however the request spelt the path', async () => {
    for (const path of ['/api/%6Frders/', '/api/x/../orders']) {
      const { body } = await json(`${path}?page=1`)
      expect(body._links.self.href).toBe(`${ORIGIN}/api/orders?page=1&size=2`)
    }
  })

  it('answers 400 for a page or size out of range', async () => {
    for (const query of ['size=0', 'size=4', 'page=-1', 'page=x']) {
      const { response, body } = await json(`/api/orders?${query}`)
      expect(response.status, query).toBe(400)
      expect(body.detail).toMatch(/one integer from/)
    }
  })

  it('gives an item its relation links, its back links and its embedded records', async () => {
    const { body } = await json('/api/orders/2')
    expect(body).toMatchObject({ id: 2, customerId: 2 })
    expect(body._links.customer).toEqual({ href: `${ORIGIN}/api/customers/2` })
    expect(body._links.products).toEqual([{ href: `${ORIGIN}/api/products/1` }])
    expect(body._embedded.products[0]).toMatchObject({ id: 1, name: 'Anchor' })
    // CURIEs once per document, not in each embedded resource.
    expect(body._embedded.products[0]._links.curies).toBeUndefined()
    const customer = await json('/api/customers/2')
    expect(customer.body._links.orders.href).toBe(`${ORIGIN}/api/customers/2/orders{?page,size}`)
    const orders = await json('/api/customers/2/orders')
    expect(orders.body._embedded.orders.map((o: { id: number }) => o.id)).toEqual([2, 4])
    expect(orders.body.page.totalElements).toBe(2)
    const product = await json('/api/products/1')
    expect(product.body._links.search).toEqual({
      href: `${ORIGIN}/api/search/{term}`,
      templated: true,
    })
  })

  it('serves a back list at its reversePath, and a CURIE beside the base with ../', async () => {
    const own = defineHalApi({
      basePath: '/api',
      curies: [{ name: 'td', href: '../rels/{rel}' }],
      collections: {
        projects: defineCollection({
          schema: z.object({ name: z.string() }),
          seed: [{ name: 'P' }],
        }),
        tasks: defineCollection({
          schema: z.object({ projectId: z.number() }),
          seed: [{ projectId: 1 }, { projectId: 1 }],
          links: {
            'td:project': {
              to: 'projects',
              id: (t) => t.projectId,
              reverse: 'td:tasks',
              reversePath: 'tasks',
            },
          },
        }),
      },
    })
    const read = async (path: string) =>
      // biome-ignore lint/suspicious/noExplicitAny: a HAL document read deep.
      (await (await own.handle(new Request(`${ORIGIN}${path}`))).json()) as Record<string, any>
    const project = await read('/api/projects/1')
    expect(project._links['td:tasks'].href).toBe(`${ORIGIN}/api/projects/1/tasks{?page,size}`)
    expect(project._links.curies).toEqual([
      { name: 'td', href: `${ORIGIN}/rels/{rel}`, templated: true },
    ])
    expect((await read('/api/projects/1/tasks')).page.totalElements).toBe(2)
  })

  it('answers 404 for an unknown record, path or id that is not a number', async () => {
    for (const path of [
      '/api/orders/99',
      '/api/orders/x',
      '/api/nothing',
      '/other',
      '/api/customers/99/orders',
    ]) {
      const { response, body } = await json(path)
      expect(response.status, path).toBe(404)
      expect(response.headers.get('content-type')).toBe('application/problem+json')
      expect(body).toMatchObject({
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        instance: path,
      })
    }
  })

  it('claims a path under its base with an empty segment or a broken escape, as a 404', async () => {
    // In MSW a path the API does not claim goes on to the network instead of being answered.
    for (const path of ['/api/orders//1', '/api//orders', '/api/orders/%E0%A4%A']) {
      expect(api.covers(new URL(`${ORIGIN}${path}`)), path).toBe(true)
      const { response, body } = await json(path)
      expect(response.status, path).toBe(404)
      expect(body.detail, path).toBe(`There is no resource at ${path}.`)
    }
    expect(api.covers(new URL(`${ORIGIN}/apix/orders`))).toBe(false)
    expect(api.covers(new URL(`${ORIGIN}/other//api/orders`))).toBe(false)
  })

  it('answers OPTIONS and 405 with Allow from the route table', async () => {
    const options = await call('/api/orders/1', { method: 'OPTIONS' })
    expect(options.status).toBe(204)
    expect(options.headers.get('allow')).toBe('GET, HEAD, PUT, PATCH, DELETE, OPTIONS')
    expect(options.headers.get('accept-patch')).toBe(
      'application/merge-patch+json, application/json-patch+json, application/x-www-form-urlencoded',
    )
    const patch = await call('/api/orders', { method: 'PATCH' })
    expect(patch.status).toBe(405)
    expect(patch.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS')
    const collection = await call('/api/orders', { method: 'OPTIONS' })
    expect(collection.headers.get('accept-patch')).toBeNull()
  })

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await call('/api/orders/1')
    const head = await call('/api/orders/1', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'))
    expect(await head.text()).toBe('')
  })

  it('answers 406 to an Accept it cannot meet, and honours Prefer: status', async () => {
    const html = await call('/api/orders', { headers: { accept: 'text/html' } })
    expect(html.status).toBe(406)
    const forced = await call('/api/orders', { headers: { prefer: 'status=503' } })
    expect(forced.status).toBe(503)
    expect(forced.headers.get('content-type')).toBe('application/problem+json')
  })

  it('waits as long as Prefer: delay asks before answering', async () => {
    await api.ready
    vi.useFakeTimers()
    try {
      let settled = false
      const pending = call('/api/customers/1', { headers: { prefer: 'delay=5000' } }).then((r) => {
        settled = true
        return r
      })
      await vi.advanceTimersByTimeAsync(4_999)
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect((await pending).status).toBe(200)
    } finally {
      vi.useRealTimers()
    }
  })

  it('answers 304 by ETag and by date', async () => {
    const first = await call('/api/customers/1')
    const etag = first.headers.get('etag') as string
    const lastModified = first.headers.get('last-modified') as string
    expect((await call('/api/customers/1', { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    )
    expect(
      (await call('/api/customers/1', { headers: { 'if-modified-since': lastModified } })).status,
    ).toBe(304)
  })

  it('runs an extra route after the same guards', async () => {
    const { body } = await json('/api/search/sa%69l')
    expect(body).toEqual({ term: 'sail' })
    expect((await call('/api/search/x', { headers: { accept: 'text/html' } })).status).toBe(406)
  })

  it('asks for a token on reads with protectReads', async () => {
    api = makeApi({ protectReads: true })
    expect((await call('/api/orders')).status).toBe(401)
    expect(
      (await call('/api/orders', { headers: { authorization: 'Bearer reader-token' } })).status,
    ).toBe(200)
  })
})

describe('defineHalApi: writes', () => {
  const post = (
    path: string,
    body: unknown,
    headers: Record<string, string> = { ...TOKEN, ...JSON_BODY },
  ) =>
    json(path, {
      method: 'POST',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })

  it('creates with 201 and Location, and the new record is on the last page', async () => {
    const { response, body } = await post('/api/customers', { name: 'Hedy' })
    expect(response.status).toBe(201)
    expect(response.headers.get('location')).toBe(`${ORIGIN}/api/customers/3`)
    expect(response.headers.get('etag')).toBe(await etagOf('/api/customers/3'))
    expect(body).toMatchObject({ id: 3, name: 'Hedy' })
    // As a seed record reads: the id first.
    expect(Object.keys(body)).toEqual(['id', 'name', '_links'])
    const page = await json('/api/customers')
    expect(page.body.page.totalElements).toBe(3)
  })

  it('answers 401 without a token, 403 for a token that may not write the collection', async () => {
    const none = await post('/api/customers', { name: 'X' }, JSON_BODY)
    expect(none.response.status).toBe(401)
    expect(none.response.headers.get('www-authenticate')).toBe('Bearer realm="Test shop"')
    const unknown = await post(
      '/api/customers',
      { name: 'X' },
      { ...JSON_BODY, 'x-access-token': 'nope' },
    )
    expect(unknown.body.detail).toBe('The access token is not known.')
    const reader = await post(
      '/api/customers',
      { name: 'X' },
      { ...JSON_BODY, 'x-access-token': 'reader-token' },
    )
    expect(reader.response.status).toBe(403)
    // Products name no writers: every token of the API may write them.
    const product = await post(
      '/api/products',
      { name: 'Oar', price: 5 },
      { ...JSON_BODY, authorization: 'Bearer reader-token' },
    )
    expect(product.response.status).toBe(201)
  })

  it('answers 415, 400 and 413 before reading further', async () => {
    expect(
      (await post('/api/customers', '{}', { ...TOKEN, 'content-type': 'text/plain' })).response
        .status,
    ).toBe(415)
    expect(
      (await post('/api/customers', '{"name":', { ...TOKEN, ...JSON_BODY })).response.status,
    ).toBe(400)
    const large = JSON.stringify({ name: 'x'.repeat(1024 * 1024) })
    expect((await post('/api/customers', large)).response.status).toBe(413)
  })

  it('answers 409, not a 500, to a create once the collection has used the last safe id', async () => {
    const full = defineHalApi({
      basePath: '/api',
      tokens: ['dev-token'],
      collections: {
        notes: { schema: z.object({ text: z.string() }), seed: [{ id: 2 ** 53 - 1, text: 'x' }] },
      },
    })
    const response = await full.handle(
      new Request(`${ORIGIN}/api/notes`, {
        method: 'POST',
        headers: { ...TOKEN, ...JSON_BODY },
        body: JSON.stringify({ text: 'one more' }),
      }),
    )
    expect(response.status).toBe(409)
    expect(response.headers.get('content-type')).toBe('application/problem+json')
    expect(((await response.json()) as { detail: string }).detail).toMatch(/no id left/)
  })

  it('creates and replaces records of a schema whose output differs from its input', async () => {
    const notes = defineHalApi({
      basePath: '/api',
      tokens: ['dev-token'],
      collections: {
        notes: {
          schema: z.object({ tags: z.string().transform((tags) => tags.split(',')) }),
          seed: [{ tags: 'a,b' }],
        },
      },
    })
    const send = async (method: string, path: string, tags: string) => {
      const response = await notes.handle(
        new Request(`${ORIGIN}/api${path}`, {
          method,
          headers: { ...TOKEN, ...JSON_BODY },
          body: JSON.stringify({ tags }),
        }),
      )
      return { status: response.status, body: (await response.json()) as { tags?: unknown } }
    }
    expect(await send('POST', '/notes', 'c,d')).toMatchObject({
      status: 201,
      body: { tags: ['c', 'd'] },
    })
    expect(await send('PUT', '/notes/1', 'e')).toMatchObject({ status: 200, body: { tags: ['e'] } })
  })

  it('answers 422 with a JSON Pointer for each invalid member, nested ones too', async () => {
    const { response, body } = await post('/api/orders', {
      customerId: 'one',
      lines: [{ productId: 1, quantity: 0 }],
      extra: true,
    })
    expect(response.status).toBe(422)
    expect(body.detail).toBe('The request body is not a valid order.')
    // An unknown member is pointed at too (zod names it in one issue of the whole object).
    expect(body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual([
      '/customerId',
      '/extra',
      '/lines/0/quantity',
    ])
  })

  it('answers 422 for a link to a record that does not exist, pointing at its member', async () => {
    const { response, body } = await post('/api/orders', {
      customerId: 99,
      lines: [
        { productId: 1, quantity: 1 },
        { productId: 7, quantity: 1 },
        { productId: 8, quantity: 1 },
      ],
    })
    expect(response.status).toBe(422)
    expect(body.errors).toEqual([
      { pointer: '/customerId', detail: 'customer links to customer 99, which does not exist' },
      {
        pointer: '/lines/1/productId',
        detail: 'products links to product 7, which does not exist',
      },
      {
        pointer: '/lines/2/productId',
        detail: 'products links to product 8, which does not exist',
      },
    ])
  })

  it('ignores id, _links and _embedded sent back from a representation', async () => {
    const { body: read } = await json('/api/customers/1')
    const put = await json('/api/customers/1', {
      method: 'PUT',
      headers: { ...TOKEN, ...JSON_BODY },
      body: JSON.stringify({ ...read, id: 42, name: 'Ada L.' }),
    })
    expect(put.response.status).toBe(200)
    expect(put.body).toMatchObject({ id: 1, name: 'Ada L.' })
    // Read back as it was written: the id first, as before the write.
    expect(Object.keys(put.body)).toEqual(Object.keys(read))
  })

  it('replaces and deletes only while If-Match holds', async () => {
    const etag = await etagOf('/api/products/2')
    const put = (ifMatch: string) =>
      call('/api/products/2', {
        method: 'PUT',
        headers: { ...TOKEN, ...JSON_BODY, 'if-match': ifMatch },
        body: JSON.stringify({ name: 'Sail', price: 25 }),
      })
    expect((await put(etag)).status).toBe(200)
    expect((await put(etag)).status).toBe(412)
    const del = await call('/api/products/2', {
      method: 'DELETE',
      headers: { ...TOKEN, 'if-match': etag },
    })
    expect(del.status).toBe(412)
    const current = await etagOf('/api/products/2')
    expect(
      (
        await call('/api/products/2', {
          method: 'DELETE',
          headers: { ...TOKEN, 'if-match': current },
        })
      ).status,
    ).toBe(204)
    expect((await call('/api/products/2')).status).toBe(404)
  })

  it('answers 412 to a write whose If-Unmodified-Since is older than the record', async () => {
    const put = (since: string) =>
      call('/api/customers/2', {
        method: 'PUT',
        headers: { ...TOKEN, ...JSON_BODY, 'if-unmodified-since': since },
        body: JSON.stringify({ name: 'Grace H.' }),
      })
    expect((await put('Wed, 31 Dec 2025 23:59:59 GMT')).status).toBe(412)
    expect((await put('Thu, 01 Jan 2026 00:00:00 GMT')).status).toBe(200)
  })

  it('answers 409 to deleting a record others link to', async () => {
    const { response, body } = await json('/api/customers/1', { method: 'DELETE', headers: TOKEN })
    expect(response.status).toBe(409)
    expect(body.title).toBe('Conflict')
    expect(body.detail).toBe(
      'Customer 1 is still linked from order 1 (its customer link); change or delete it first.',
    )
  })

  it('changes the ETag of an order when a product it embeds changes', async () => {
    const before = await etagOf('/api/orders/1')
    const pageBefore = await etagOf('/api/orders')
    await call('/api/products/1', {
      method: 'PUT',
      headers: { ...TOKEN, ...JSON_BODY },
      body: JSON.stringify({ name: 'Anchor', price: 11 }),
    })
    expect(await etagOf('/api/orders/1')).not.toBe(before)
    expect(await etagOf('/api/orders')).not.toBe(pageBefore)
    expect((await json('/api/orders/1')).body._embedded.products[0].price).toBe(11)
  })

  it('sees writes made straight through db: create, update, delete', async () => {
    await api.ready
    const before = await etagOf('/api/customers/2/orders')
    await api.db.orders.update((q) => q.where({ id: 2 }), {
      data(order) {
        order.customerId = 1
      },
    })
    expect((await json('/api/orders/2')).body.customerId).toBe(1)
    expect(await etagOf('/api/customers/2/orders')).not.toBe(before)
    expect((await json('/api/customers/2/orders')).body.page.totalElements).toBe(1)
    await api.db.customers.create({ id: 7, name: 'Radia' })
    expect((await json('/api/customers/7')).body.name).toBe('Radia')
    api.db.customers.delete((q) => q.where({ id: 7 }))
    expect((await call('/api/customers/7')).status).toBe(404)
    api.db.products.clear()
    expect((await json('/api/products')).body.page.totalElements).toBe(0)
  })

  it('lets db be taken and written before the seed has loaded', async () => {
    // Both at once, as a test file does at its top: neither waits for the seed.
    const fresh = makeApi()
    const { orders, customers } = fresh.db
    await customers.create({ id: 9, name: 'Early' })
    await fresh.ready
    await orders.update((q) => q.where({ id: 2 }), {
      data(order) {
        order.customerId = 9
      },
    })
    const read = async (path: string) =>
      (await (await fresh.handle(new Request(`${ORIGIN}${path}`))).json()) as {
        customerId?: number
        name?: string
        page?: { totalElements: number }
      }
    expect((await read('/api/orders/2')).customerId).toBe(9)
    expect((await read('/api/customers/9')).name).toBe('Early')
    expect((await read('/api/customers')).page?.totalElements).toBe(3)
  })

  it('restores the seed on reset', async () => {
    await post('/api/customers', { name: 'Hedy' })
    await api.reset()
    expect((await call('/api/customers/3')).status).toBe(404)
    expect((await json('/api/customers')).body.page.totalElements).toBe(2)
  })
})

describe('defineHalApi: instances side by side', () => {
  const notes = (seed: string[]) =>
    defineHalApi({
      basePath: '/api',
      tokens: ['dev-token'],
      collections: {
        notes: { schema: z.object({ text: z.string() }), seed: seed.map((text) => ({ text })) },
      },
    })
  const text = async (api: ReturnType<typeof notes>, path: string) =>
    (await (await api.handle(new Request(`${ORIGIN}/api${path}`))).json()) as {
      text?: string
      page?: { totalElements: number }
    }

  it('answers each from its own data at the same URLs, memoised or not', async () => {
    const first = notes(['first'])
    const second = notes(['second', 'another'])
    for (let round = 0; round < 2; round++) {
      expect((await text(first, '/notes/1')).text).toBe('first')
      expect((await text(second, '/notes/1')).text).toBe('second')
      expect((await text(first, '/notes')).page?.totalElements).toBe(1)
      expect((await text(second, '/notes')).page?.totalElements).toBe(2)
    }
  })

  it('reads Last-Modified from the records when the collection says how', async () => {
    const at = Date.UTC(2025, 5, 1, 12)
    const api = defineHalApi({
      basePath: '/api',
      collections: {
        posts: {
          schema: z.object({ title: z.string(), updatedAt: z.number() }),
          seed: [
            { title: 'Old', updatedAt: at },
            { title: 'Older', updatedAt: at - 60_000 },
          ],
          lastModified: (post) => post.updatedAt,
        },
      },
    })
    const item = await api.handle(new Request(`${ORIGIN}/api/posts/2`))
    expect(item.headers.get('last-modified')).toBe(new Date(at - 60_000).toUTCString())
    const page = await api.handle(new Request(`${ORIGIN}/api/posts`))
    expect(page.headers.get('last-modified')).toBe(new Date(at).toUTCString())
  })

  it('dates a record whose lastModified gives no number by when the store saw it change', async () => {
    const api = defineHalApi({
      basePath: '/api',
      collections: {
        posts: {
          schema: z.object({ title: z.string(), updatedAt: z.number().optional() }),
          seed: [{ title: 'Undated' }],
          lastModified: (post) => post.updatedAt as number,
        },
      },
    })
    const item = await api.handle(new Request(`${ORIGIN}/api/posts/1`))
    expect(item.headers.get('last-modified')).toBe(new Date(SEED_TIME).toUTCString())
  })

  it('answers the seed again after a reset, not a representation from before it', async () => {
    const api = notes(['seeded'])
    const put = await api.handle(
      new Request(`${ORIGIN}/api/notes/1`, {
        method: 'PUT',
        headers: { ...JSON_BODY, ...TOKEN },
        body: JSON.stringify({ text: 'edited' }),
      }),
    )
    expect(put.status).toBe(200)
    expect((await text(api, '/notes/1')).text).toBe('edited')
    await api.reset()
    expect((await text(api, '/notes/1')).text).toBe('seeded')
  })
})

describe("defineHalApi: an API's own rules", () => {
  /** A notes API with its own auth (a cookie, a grant per token), problem pages and routes. */
  const notesApi = (protectReads = false) =>
    defineHalApi({
      basePath: '/api',
      protectReads,
      collections: {
        notes: { schema: z.object({ text: z.string() }), seed: [{ text: 'one' }], serve: false },
      },
      authenticate(request) {
        const token = request.cookies.session ?? request.headers.get('x-access-token')
        if (token === 'editor') return { edits: true }
        if (token === 'viewer') return { edits: false }
        throw new Problem(401, 'Sign in first.', { headers: { 'www-authenticate': 'Cookie' } })
      },
      problemType: (status) => (status === 404 ? '/problems/missing' : undefined),
      notFound: (request) => `Nothing at ${request.path}, try /api/notes/1.`,
      routes: [
        {
          method: 'GET',
          path: '',
          handle: () => Response.json({ _links: { self: { href: '/api' } } }),
        },
        {
          method: 'GET',
          path: '/notes/{id}',
          openapi: {
            operationId: 'getNote',
            responses: {
              200: {
                description: 'The note',
                content: {
                  'application/hal+json': { schema: { $ref: '#/components/schemas/NoteResource' } },
                },
              },
            },
          },
          handle: ({ params }) => ({
            status: 200,
            headers: { 'content-type': 'application/hal+json' },
            body: JSON.stringify({ id: Number(params.id) }),
          }),
        },
        {
          method: 'PUT',
          path: '/notes/{id}',
          access: 'write',
          handle({ grant }) {
            if (!(grant as { edits: boolean }).edits) throw new Problem(403, 'Viewers read only.')
            return { status: 204, headers: {}, body: null }
          },
        },
        {
          method: 'GET',
          path: '/problems/{slug}',
          access: 'public',
          produces: ['text/html'],
          handle: ({ params }) =>
            new Response(`<h1>${params.slug}</h1>`, { headers: { 'content-type': 'text/html' } }),
        },
      ],
    })
  const call = (api: ReturnType<typeof notesApi>, path: string, init: RequestInit = {}) =>
    api.handle(new Request(`${ORIGIN}/api${path}`, init))

  it('authenticates by its own rule and hands the grant to the route', async () => {
    const api = notesApi()
    const put = (headers: Record<string, string>) =>
      call(api, '/notes/1', { method: 'PUT', headers })
    const anonymous = await put({})
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('www-authenticate')).toBe('Cookie')
    expect((await anonymous.json()).detail).toBe('Sign in first.')
    expect((await put({ cookie: 'session=viewer' })).status).toBe(403)
    expect((await put({ cookie: 'session=editor' })).status).toBe(204)
  })

  it('asks for a token on reads with protectReads, never on public routes', async () => {
    const api = notesApi(true)
    expect((await call(api, '/notes/1')).status).toBe(401)
    expect((await call(api, '/notes/1', { headers: { 'x-access-token': 'viewer' } })).status).toBe(
      200,
    )
    const page = await call(api, '/problems/missing', { headers: { accept: 'text/html' } })
    expect(page.status).toBe(200)
  })

  it('describes its public routes without security in the OpenAPI document, under protectReads too', async () => {
    const api = notesApi(true)
    const headers = { 'x-access-token': 'viewer' }
    const { paths } = await (await call(api, '/openapi.json', { headers })).json()
    expect(paths['/problems/{slug}'].get.security).toBeUndefined()
    expect(paths['/notes/{id}'].get.security).toBeDefined()
  })

  it('gives problems its own types and 404s its own words', async () => {
    const api = notesApi()
    const missing = await call(api, '/nowhere')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({
      type: `${ORIGIN}/api/problems/missing`,
      title: 'Not Found',
      detail: 'Nothing at /api/nowhere, try /api/notes/1.',
    })
    const forbidden = await call(api, '/notes/1', {
      method: 'PUT',
      headers: { cookie: 'session=viewer' },
    })
    expect((await forbidden.json()).type).toBe('about:blank')
  })

  it('waits for an authenticate that is async: its 401 refuses the write', async () => {
    const api = defineHalApi({
      basePath: '/api',
      collections: { notes: { schema: z.object({ text: z.string() }) } },
      async authenticate(request) {
        if (request.headers.get('x-access-token') !== 'editor') {
          throw new Problem(401, 'Sign in first.')
        }
        return 'editor'
      },
    })
    const post = (headers: Record<string, string>) =>
      api.handle(
        new Request(`${ORIGIN}/api/notes`, {
          method: 'POST',
          headers: { ...JSON_BODY, ...headers },
          body: JSON.stringify({ text: 'sneaked in' }),
        }),
      )
    const anonymous = await post({})
    expect(anonymous.status).toBe(401)
    expect((await anonymous.json()).detail).toBe('Sign in first.')
    expect(api.db.notes.count()).toBe(0)
    expect((await post({ 'x-access-token': 'editor' })).status).toBe(201)
  })

  it('answers problem details without a stack, through MSW too, when problemType or covers throws', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const api = defineHalApi({
      basePath: '/api',
      collections: { notes: { schema: z.object({ text: z.string() }) } },
      problemType() {
        throw new Error('problemType is broken')
      },
      covers() {
        throw new Error('covers is broken')
      },
    })
    const direct = await api.handle(new Request(`${ORIGIN}/api/nowhere`))
    expect(direct.status).toBe(404)
    expect((await direct.json()).type).toBe('about:blank')
    const viaMsw = await getResponse([halHandler(api)], new Request(`${ORIGIN}/api/nowhere`))
    expect(viaMsw?.status).toBe(404)
    expect(await viaMsw?.text()).not.toMatch(/broken|stack/)
    expect(errors).toHaveBeenCalled()
    errors.mockRestore()
  })

  it('lets its routes answer in place of the core (the root) and for a collection it does not serve', async () => {
    const api = notesApi()
    expect(await (await call(api, '')).json()).toEqual({ _links: { self: { href: '/api' } } })
    expect(await (await call(api, '/notes/1')).json()).toEqual({ id: 1 })
    expect((await call(api, '/notes')).status).toBe(404)
    const openapi = await (await call(api, '/openapi.json')).json()
    expect(Object.keys(openapi.paths)).not.toContain('/notes')
    // Described where a route of its own says so; its request body, which no route takes, is not.
    expect(openapi.paths['/notes/{id}'].get.operationId).toBe('getNote')
    expect(openapi.components.schemas.NoteResource).toMatchObject({ type: 'object' })
    expect(openapi.components.schemas).not.toHaveProperty('Note')
    await api.ready
    expect(api.db.notes.count()).toBe(1)
  })
})

describe('defineHalApi: OpenAPI', () => {
  it('serves an OpenAPI 3.1 document that a validator accepts', async () => {
    const { response, body } = await json('/api/openapi.json')
    expect(response.headers.get('content-type')).toBe('application/json')
    const validator = new Validator()
    const result = await validator.validate(body)
    expect(result.errors).toBeUndefined()
    expect(result.valid).toBe(true)
    expect(() => validator.resolveRefs()).not.toThrow()
    expect(body.servers).toEqual([{ url: `${ORIGIN}/api` }])
    expect(Object.keys(body.paths)).toEqual([
      '/',
      '/openapi.json',
      '/customers',
      '/customers/{id}',
      '/customers/{id}/orders',
      '/products',
      '/products/{id}',
      '/orders',
      '/orders/{id}',
      '/search/{term}',
    ])
    expect(body.components.schemas.Customer).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string', minLength: 1 } },
      additionalProperties: false,
    })
  })
})

describe('defineHalApi: definitions that cannot work', () => {
  it('names a link to an unknown collection', () => {
    expect(() =>
      defineHalApi({
        basePath: '/api',
        collections: {
          orders: defineCollection({
            schema: z.object({ customerId: z.number() }),
            links: { customer: { to: 'customer', id: (o) => o.customerId } },
          }),
        },
      }),
    ).toThrow(HalDefinitionError)
  })

  const notes = (extra: Record<string, unknown>) =>
    defineCollection({ schema: z.object({ text: z.string() }), ...extra })
  const orders = (links: Record<string, unknown>) =>
    defineCollection({
      schema: z.object({ customerId: z.number(), otherId: z.number() }),
      links: links as never,
    })
  const handle = () => new Response(null, { status: 204 })

  it.each([
    [
      'a collection whose rel is the root’s self',
      { notes: notes({ rel: 'self' }) },
      {},
      /notes.*"self"/,
    ],
    [
      'two collections under one rel',
      { notes: notes({ rel: 'memos' }), memos: notes({}) },
      {},
      /memos.*"memos".*collection notes/,
    ],
    ['a link named self', { notes: notes({ links: { self: { href: () => '/x' } } }) }, {}, /self/],
    [
      'a reverse rel the target already has',
      {
        customers: notes({ links: { orders: { href: () => '/elsewhere' } } }),
        orders: orders({ customer: { to: 'customers', id: () => 1, reverse: 'orders' } }),
      },
      {},
      /customers.*"orders"/,
    ],
    [
      'two reverse rels of one name',
      {
        customers: notes({}),
        orders: orders({
          customer: { to: 'customers', id: () => 1, reverse: 'orders' },
          other: { to: 'customers', id: () => 2, reverse: 'orders' },
        }),
      },
      {},
      /customers.*"orders"/,
    ],
    [
      'a reverse rel that is no path segment',
      {
        customers: notes({}),
        orders: orders({ customer: { to: 'customers', id: () => 1, reverse: 'a/b' } }),
      },
      {},
      /"a\/b"/,
    ],
    [
      'a CURIE without {rel}',
      { notes: notes({}) },
      { curies: [{ name: 'n', href: '/docs' }] },
      /\{rel\}/,
    ],
    [
      'two extra routes on one method and path',
      { notes: notes({}) },
      {
        routes: [
          { method: 'GET', path: '/search/{q}', handle },
          { method: 'GET', path: '/search/{term}', handle },
        ],
      },
      /GET \/search\/\{term\}.*GET \/search\/\{q\}/,
    ],
    [
      'an extra route that is no route path',
      { notes: notes({}) },
      { routes: [{ method: 'GET', path: '/search/{term', handle }] },
      /\/search\/\{term/,
    ],
  ])('names %s', (_, collections, options, message) => {
    const define = () => defineHalApi({ basePath: '/api', collections, ...options } as never)
    expect(define).toThrow(HalDefinitionError)
    expect(define).toThrow(message)
  })

  it('lets an extra route take the place of the core’s whatever its parameter is named', async () => {
    const api = defineHalApi({
      basePath: '/api',
      collections: { notes: notes({ seed: [{ text: 'a' }] }) },
      routes: [{ method: 'GET', path: '/notes/{noteId}', handle }],
    })
    expect((await api.handle(new Request(`${ORIGIN}/api/notes/1`))).status).toBe(204)
  })

  it.each([
    [
      'two seed records with one id',
      [
        { id: 1, text: 'a' },
        { id: 1, text: 'b' },
      ],
      /id 1/,
    ],
    ['a seed id that is not a number', [{ id: '3', text: 'a' }], /whole number/],
  ])('rejects %s', async (_, seed, message) => {
    const api = defineHalApi({
      basePath: '/api',
      collections: { notes: { schema: z.object({ text: z.string() }), seed: seed as never } },
    } as never)
    await expect(api.ready).rejects.toThrow(HalDefinitionError)
    await expect(api.ready).rejects.toThrow(message)
  })

  it('rejects a seed whose link dangles, naming the record', async () => {
    const api = defineHalApi({
      basePath: '/api',
      collections: {
        customers: defineCollection({ schema: z.object({ name: z.string() }) }),
        orders: defineCollection({
          schema: z.object({ customerId: z.number() }),
          seed: [{ customerId: 5 }],
          links: { customer: { to: 'customers', id: (o) => o.customerId } },
        }),
      },
    })
    await expect(api.ready).rejects.toThrow(/record 1 whose customer links to a missing record 5/)
  })

  it('answers 500 problem details, and raises no unhandled rejection, while nobody awaits ready', async () => {
    const broken = defineHalApi({
      basePath: '/api',
      collections: {
        notes: defineCollection({
          schema: z.object({ text: z.string() }),
          seed: [{ text: 1 as never }],
        }),
      },
    })
    // Let the seed fail before anyone asks: its rejection must not go unhandled meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 20))
    const response = await broken.handle(new Request(`${ORIGIN}/api/notes`))
    expect(response.status).toBe(500)
    expect(await response.json()).toMatchObject({ status: 500, title: 'Internal Server Error' })
  })
})
