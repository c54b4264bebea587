import { Validator } from '@seriousme/openapi-schema-validator'
import { beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineCollection } from '../definition/definition.js'
import type { StandardSchema } from '../definition/standard-schema.js'
import { defineHalApi } from './api.js'

const ORIGIN = 'http://shop.test'
const TOKEN = { 'x-access-token': 'dev-token' }
const MERGE = { ...TOKEN, 'content-type': 'application/merge-patch+json' }
const JSON_PATCH = { ...TOKEN, 'content-type': 'application/json-patch+json' }
const ORDER = '/api/orders/1'

function makeApi() {
  return defineHalApi({
    basePath: '/api',
    tokens: ['dev-token'],
    collections: {
      customers: defineCollection({
        schema: z.strictObject({ name: z.string().min(1) }),
        seed: [{ name: 'Ada' }, { name: 'Grace' }],
      }),
      orders: defineCollection({
        schema: z.strictObject({
          customerId: z.number().int().positive(),
          status: z.enum(['open', 'paid', 'shipped']),
          note: z.string().optional(),
          lines: z
            .array(z.strictObject({ product: z.string(), quantity: z.number().int().min(1) }))
            .min(1),
        }),
        seed: [
          {
            customerId: 1,
            status: 'open',
            note: 'ring twice',
            lines: [{ product: 'Oar', quantity: 2 }],
          },
        ],
        links: { customer: { to: 'customers', id: (o) => o.customerId } },
      }),
    },
  })
}

let api: ReturnType<typeof makeApi>
beforeEach(() => {
  api = makeApi()
})

const call = (path: string, init: RequestInit = {}) =>
  api.handle(new Request(`${ORIGIN}${path}`, init))
const patch = (headers: Record<string, string>, body: unknown) =>
  call(ORDER, { method: 'PATCH', headers, body: JSON.stringify(body) })
// biome-ignore lint/suspicious/noExplicitAny: the cases read deep into JSON.
const read = async (): Promise<Record<string, any>> => (await call(ORDER)).json()
const expectUnchanged = async () =>
  expect(await read()).toMatchObject({
    status: 'open',
    note: 'ring twice',
    lines: [{ product: 'Oar', quantity: 2 }],
  })

describe('defineHalApi: PATCH', () => {
  it('announces its formats with Accept-Patch on GET, HEAD and OPTIONS of an item', async () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      const response = await call(ORDER, { method })
      expect(response.headers.get('accept-patch'), method).toBe(
        'application/merge-patch+json, application/json-patch+json, application/x-www-form-urlencoded',
      )
    }
  })

  it('merges a partial record (RFC 7396): a member replaces, null removes, id and _links are ignored', async () => {
    const response = await patch(MERGE, { status: 'paid', note: null, id: 9, _links: {} })
    expect(response.status).toBe(200)
    expect(response.headers.get('etag')).toMatch(/^"/)
    const body = await response.json()
    expect(body).toMatchObject({ id: 1, status: 'paid', customerId: 1, lines: [{ quantity: 2 }] })
    expect(body).not.toHaveProperty('note')
    expect(await read()).toEqual(body)
  })

  it('validates the result by the schema: 422 with pointers, and nothing changes', async () => {
    for (const body of [
      { status: 'lost' },
      { customerId: null },
      { lines: [{ product: 'Oar', quantity: 0 }] },
      { colour: 'red' },
      ['not', 'an', 'object'],
    ]) {
      const response = await patch(MERGE, body)
      expect(response.status, JSON.stringify(body)).toBe(422)
      expect(response.headers.get('content-type')).toBe('application/problem+json')
    }
    const problem = await (await patch(MERGE, { lines: [{ product: 'Oar', quantity: 0 }] })).json()
    expect(problem.errors).toEqual([{ pointer: '/lines/0/quantity', detail: expect.any(String) }])
    const dangling = await patch(MERGE, { customerId: 99 })
    expect(dangling.status).toBe(422)
    await expectUnchanged()
  })

  it('applies a JSON Patch (RFC 6902) in order, nested paths too', async () => {
    const response = await patch(JSON_PATCH, [
      { op: 'test', path: '/status', value: 'open' },
      { op: 'replace', path: '/lines/0/quantity', value: 5 },
      { op: 'add', path: '/lines/-', value: { product: 'Sail', quantity: 1 } },
      { op: 'remove', path: '/note' },
    ])
    expect(response.status).toBe(200)
    const body = await read()
    expect(body.lines).toEqual([
      { product: 'Oar', quantity: 5 },
      { product: 'Sail', quantity: 1 },
    ])
    expect(body).not.toHaveProperty('note')
  })

  it('is all or none: 409 for a failing test, 422 for an unknown or read-only path or one that cannot apply', async () => {
    const change = { op: 'replace', path: '/status', value: 'paid' }
    const failedTest = await patch(JSON_PATCH, [change, { op: 'test', path: '/note', value: 'x' }])
    expect(failedTest.status).toBe(409)
    for (const operation of [
      { op: 'add', path: '/colour', value: 'red' },
      { op: 'replace', path: '/id', value: 7 },
      { op: 'add', path: '/_links', value: {} },
      { op: 'replace', path: '', value: {} },
      { op: 'copy', from: '/id', path: '/note' },
      { op: 'replace', path: '/lines/3/quantity', value: 1 },
      { op: 'add', path: '/note/x', value: 1 },
      { op: 'replace', path: '/lines/0/quantity', value: 'many' },
    ]) {
      const response = await patch(JSON_PATCH, [change, operation])
      expect(response.status, JSON.stringify(operation)).toBe(422)
      expect(response.headers.get('content-type')).toBe('application/problem+json')
    }
    const problem = await (
      await patch(JSON_PATCH, [change, { op: 'add', path: '/colour', value: 'red' }])
    ).json()
    expect(problem.errors).toEqual([{ pointer: '/1', detail: expect.stringContaining('/colour') }])
    await expectUnchanged()
  })

  it('answers 415 with Accept-Patch for another type, 400 for a document that is not a patch', async () => {
    const json = await patch({ ...TOKEN, 'content-type': 'application/json' }, { status: 'paid' })
    expect(json.status).toBe(415)
    expect(json.headers.get('accept-patch')).toBe(
      'application/merge-patch+json, application/json-patch+json',
    )
    expect((await patch(JSON_PATCH, { op: 'remove', path: '/note' })).status).toBe(400)
    expect((await patch(JSON_PATCH, [{ op: 'rename', path: '/note' }])).status).toBe(400)
    const broken = await call(ORDER, { method: 'PATCH', headers: MERGE, body: '{"status":' })
    expect(broken.status).toBe(400)
    await expectUnchanged()
  })

  it('needs a token and a current If-Match as PUT does, and 404 for an unknown record', async () => {
    const noToken = await patch({ 'content-type': 'application/merge-patch+json' }, {})
    expect(noToken.status).toBe(401)
    const etag = (await call(ORDER)).headers.get('etag') as string
    const first = await patch({ ...MERGE, 'if-match': etag }, { status: 'paid' })
    expect(first.status).toBe(200)
    const stale = await patch({ ...MERGE, 'if-match': etag }, { status: 'shipped' })
    expect(stale.status).toBe(412)
    expect((await read()).status).toBe('paid')
    const missing = await call('/api/orders/99', {
      method: 'PATCH',
      headers: MERGE,
      body: '{}',
    })
    expect(missing.status).toBe(404)
  })

  it("lets a JSON Patch touch a record's members when the schema has no JSON Schema", async () => {
    const notes: StandardSchema<{ text: string }> = {
      '~standard': {
        version: 1,
        vendor: 'hand',
        validate: (value) =>
          typeof (value as { text?: unknown }).text === 'string'
            ? { value: value as { text: string } }
            : { issues: [{ message: 'text must be a string', path: ['text'] }] },
      },
    }
    const hand = defineHalApi({
      basePath: '/api',
      tokens: ['dev-token'],
      collections: { notes: { schema: notes, seed: [{ text: 'Hello' }] } },
    })
    const send = (operations: unknown[]) =>
      hand.handle(
        new Request(`${ORIGIN}/api/notes/1`, {
          method: 'PATCH',
          headers: JSON_PATCH,
          body: JSON.stringify(operations),
        }),
      )
    expect((await send([{ op: 'add', path: '/other', value: 1 }])).status).toBe(422)
    expect((await send([{ op: 'replace', path: '/id', value: 2 }])).status).toBe(422)
    const changed = await send([{ op: 'replace', path: '/text', value: 'Bye' }])
    expect(changed.status).toBe(200)
    expect(await changed.json()).toMatchObject({ id: 1, text: 'Bye' })
  })

  it('describes PATCH, with both formats, in the OpenAPI document', async () => {
    const document = await (await call('/api/openapi.json')).json()
    expect((await new Validator().validate(document)).errors).toBeUndefined()
    const operation = document.paths['/orders/{id}'].patch
    expect(Object.keys(operation.requestBody.content)).toEqual([
      'application/merge-patch+json',
      'application/json-patch+json',
      'application/x-www-form-urlencoded',
    ])
    expect(Object.keys(operation.responses)).toEqual(
      expect.arrayContaining(['200', '409', '412', '415', '422']),
    )
  })
})

describe('bodies and records bounded in depth and size', () => {
  /** Notes with a member of any JSON at all, as recorded APIs often have. */
  const notes = () =>
    defineHalApi({
      basePath: '/api',
      tokens: ['dev-token'],
      collections: {
        notes: defineCollection({
          schema: z.object({ data: z.unknown() }),
          seed: [{ data: { a: [1] } }],
        }),
      },
    })
  const send = (api: ReturnType<typeof notes>, method: string, headers: object, body: string) =>
    api.handle(new Request(`${ORIGIN}/api/notes/1`, { method, headers: { ...headers }, body }))
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
  const answerable = async (api: ReturnType<typeof notes>) => {
    for (const path of ['/api/notes/1', '/api/notes']) {
      expect((await api.handle(new Request(`${ORIGIN}${path}`))).status, path).toBe(200)
    }
    const gone = await api.handle(
      new Request(`${ORIGIN}/api/notes/1`, { method: 'DELETE', headers: TOKEN }),
    )
    expect(gone.status).toBe(204)
  }

  it('refuses a member nested 300 000 deep with 400 before anything is stored', async () => {
    const api = notes()
    const json = { ...TOKEN, 'content-type': 'application/json' }
    const put = await send(api, 'PUT', json, `{"data":${nested(300_000)}}`)
    expect(put.status).toBe(400)
    const merged = await send(api, 'PATCH', MERGE, `{"data":${nested(300_000)}}`)
    expect(merged.status).toBe(400)
    await answerable(api)
  })

  it('refuses a patch that would nest the record too deep or grow it past a body, one request or many', async () => {
    const api = notes()
    // Each PATCH nests 98 levels more where the last ended: allowed alone, not together.
    const statuses: number[] = []
    for (let i = 0; i < 2; i++) {
      const path = `/data${'/0'.repeat(97 * i)}`
      const operations = [{ op: 'replace', path, value: JSON.parse(nested(98)) }]
      statuses.push((await send(api, 'PATCH', JSON_PATCH, JSON.stringify(operations))).status)
    }
    expect(statuses).toEqual([200, 422])
    // `copy` doubles what it copies: thirty of them would hold a billion copies.
    const doubling = Array.from({ length: 30 }, (_, i) => ({
      op: 'copy',
      from: '/data',
      path: `/data/b${i}`,
    }))
    const bomb = await send(api, 'PATCH', JSON_PATCH, JSON.stringify(doubling))
    expect(bomb.status).toBe(422)
    await answerable(api)
  })
})
