import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineCollection } from '../definition/definition.js'
import type { StandardSchema } from '../definition/standard-schema.js'
import { defineHalApi } from '../serve/api.js'

const ORIGIN = 'http://shop.test'
const FORMS = { accept: 'application/prs.hal-forms+json, application/hal+json;q=0.9' }
const WRITE = { 'content-type': 'application/json', 'x-access-token': 'dev-token' }

const order = z.strictObject({
  customerId: z.number().int().positive().meta({ title: 'Customer' }),
  status: z.enum(['open', 'paid', 'shipped']),
  code: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  note: z.string().max(20).optional(),
  placed: z.date().optional(),
})

function makeApi() {
  return defineHalApi({
    basePath: '/api',
    tokens: ['dev-token'],
    collections: {
      customers: defineCollection({
        schema: z.strictObject({ name: z.string().min(1).max(100) }),
        seed: [{ name: 'Ada' }],
      }),
      orders: defineCollection({
        schema: order,
        seed: [{ customerId: 1, status: 'open' }],
        links: { customer: { to: 'customers', id: (o) => o.customerId, reverse: 'orders' } },
      }),
    },
  })
}

const call = (api: ReturnType<typeof makeApi>, path: string, init: RequestInit = {}) =>
  api.handle(new Request(`${ORIGIN}${path}`, init))

describe('defineHalApi: HAL-FORMS templates from the schema', () => {
  it("gives an item default (PUT), patch and delete, read from the schema's constraints", async () => {
    const response = await call(makeApi(), '/api/orders/1', { headers: FORMS })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/prs.hal-forms+json')
    const body = await response.json()
    expect(body).toMatchObject({ id: 1, status: 'open', _links: { self: expect.any(Object) } })
    expect(body._templates.default).toEqual({
      title: 'Replace this order',
      method: 'PUT',
      contentType: 'application/json',
      properties: [
        {
          name: 'customerId',
          prompt: 'Customer',
          type: 'number',
          required: true,
          // positive() on an integer: above 0 is from 1; zod's safe-integer limit is no real max.
          min: 1,
          step: 1,
        },
        {
          name: 'status',
          prompt: 'Status',
          type: 'text',
          required: true,
          options: { inline: ['open', 'paid', 'shipped'] },
        },
        { name: 'code', prompt: 'Code', type: 'text', regex: '^[A-Z]{3}$' },
        { name: 'note', prompt: 'Note', type: 'text', maxLength: 20 },
        { name: 'placed', prompt: 'Placed', type: 'text' },
      ],
    })
    expect(body._templates.default).not.toHaveProperty('target')
    expect(body._templates.patch).toMatchObject({
      method: 'PATCH',
      contentType: 'application/merge-patch+json',
    })
    expect(body._templates.patch.properties.some((p: { required?: true }) => p.required)).toBe(
      false,
    )
    expect(body._templates.delete).toEqual({
      title: 'Delete this order',
      method: 'DELETE',
      properties: [],
    })
  })

  it('gives a page, and a page of back links, a default that creates at the collection URL', async () => {
    const api = makeApi()
    for (const path of ['/api/orders?page=0&size=5', '/api/customers/1/orders']) {
      const body = await (await call(api, path, { headers: FORMS })).json()
      expect(body._templates.default, path).toMatchObject({
        title: 'Create an order',
        method: 'POST',
        contentType: 'application/json',
        target: `${ORIGIN}/api/orders`,
      })
      expect(body._templates.default.properties.map((p: { name: string }) => p.name)).toEqual([
        'customerId',
        'status',
        'code',
        'note',
        'placed',
      ])
    }
  })

  it('serves everyone else the plain document, byte for byte, also after a HAL-FORMS read', async () => {
    const api = makeApi()
    const before = await (await call(api, '/api/orders/1')).text()
    for (const path of ['/api/orders/1', '/api/orders']) {
      const forms = await call(api, path, { headers: FORMS })
      expect(await forms.text()).toContain('"_templates"')
      for (const accept of [
        undefined,
        'application/hal+json',
        'application/json',
        '*/*',
        'application/prs.hal-forms+json;q=0.5, application/hal+json',
      ]) {
        const init = accept ? { headers: { accept } } : {}
        const plain = await call(api, path, init)
        expect(plain.headers.get('content-type'), accept).toBe('application/hal+json')
        expect(await plain.text(), accept).not.toContain('_templates')
      }
    }
    expect(await (await call(api, '/api/orders/1')).text()).toBe(before)
  })

  it('answers a client that accepts HAL-FORMS only, but not at the root, which has no templates', async () => {
    const api = makeApi()
    const only = { accept: 'application/prs.hal-forms+json' }
    expect((await call(api, '/api/orders/1', { headers: only })).status).toBe(200)
    expect((await call(api, '/api', { headers: only })).status).toBe(406)
  })

  it("gives each representation its ETag; If-Match and If-None-Match take either's", async () => {
    const api = makeApi()
    const plain = (await call(api, '/api/orders/1')).headers.get('etag') as string
    const forms = (await call(api, '/api/orders/1', { headers: FORMS })).headers.get('etag')
    expect(forms).not.toBe(plain)
    const revalidated = await call(api, '/api/orders/1', {
      headers: { ...FORMS, 'if-none-match': plain },
    })
    expect(revalidated.status).toBe(304)
    expect(revalidated.headers.get('etag')).toBe(forms)
    const put = (ifMatch: string) =>
      call(api, '/api/orders/1', {
        method: 'PUT',
        headers: { ...WRITE, ...FORMS, 'if-match': ifMatch },
        body: JSON.stringify({ customerId: 1, status: 'paid' }),
      })
    const replaced = await put(forms as string)
    expect(replaced.status).toBe(200)
    expect(replaced.headers.get('content-type')).toBe('application/prs.hal-forms+json')
    expect((await put(plain)).status).toBe(412)
  })

  it('offers templates without properties for a schema that has no JSON Schema', async () => {
    const anything: StandardSchema<{ text: string }> = {
      '~standard': {
        version: 1,
        vendor: 'hand',
        validate: (value) => ({ value: value as { text: string } }),
      },
    }
    const api = defineHalApi({
      basePath: '/api',
      collections: { notes: { schema: anything, seed: [{ text: 'hi' }] } },
    })
    const body = await (
      await api.handle(new Request(`${ORIGIN}/api/notes/1`, { headers: FORMS }))
    ).json()
    expect(body._templates.default).toMatchObject({ method: 'PUT', properties: [] })
  })
})

describe('defineHalApi: urlencoded writes as an HTML form sends them', () => {
  const api = () =>
    defineHalApi({
      basePath: '/api',
      tokens: ['dev-token'],
      collections: {
        posts: defineCollection({
          schema: z.strictObject({
            title: z.string(),
            tags: z.array(z.string()).optional(),
            scores: z.array(z.number()).optional(),
          }),
        }),
      },
    })
  const post = (body: string) =>
    api().handle(
      new Request(`${ORIGIN}/api/posts`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-access-token': 'dev-token',
        },
        body,
      }),
    )

  it('takes repeated fields of an array member (a multiple select) as its items, each by its type', async () => {
    const response = await post('title=Hi&tags=a&tags=b&scores=1&scores=2.5')
    expect(response.status).toBe(201)
    expect(await response.json()).toMatchObject({ tags: ['a', 'b'], scores: [1, 2.5] })
    const one = await post('title=Hi&tags=solo&scores=[3]')
    expect(await one.json()).toMatchObject({ tags: ['solo'], scores: [3] })
  })

  it('lists the first 100 errors of a body with thousands of bad members, and counts the rest', async () => {
    const fields = Array.from({ length: 5_000 }, (_, n) => `x${n}=1`).join('&')
    const response = await post(`title=Hi&${fields}`)
    expect(response.status).toBe(422)
    const problem = await response.json()
    expect(problem.errors).toHaveLength(100)
    expect(problem.errors[0]).toEqual({
      pointer: '/x0',
      detail: 'x0 is not a member of this resource',
    })
    expect(problem.detail).toBe(
      'The request body is not a valid post. 4900 more errors are not listed.',
    )
  })

  it('refuses a `__proto__` field by name rather than dropping it', async () => {
    const response = await post('title=Hi&__proto__=x')
    expect(response.status).toBe(422)
    expect(JSON.stringify(await response.json())).toContain('__proto__')
  })
})
