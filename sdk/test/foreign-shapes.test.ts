import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { halFormsAdapter } from '../src/hal-forms.js'
import { createClient, isHttpError, isValidationError } from '../src/index.js'

/** Documents as HAL servers written elsewhere send them, by path: [status, content type, body]. */
const documents: Record<string, [number, string, unknown]> = {
  // Rails and many others: field errors as an object by field, or as plain strings.
  '/errors-by-field': [422, 'application/json', { errors: { title: ['is too short'] } }],
  '/errors-as-strings': [422, 'application/problem+json', { title: 'Invalid', errors: ['bad'] }],
  '/errors-mixed': [
    422,
    'application/problem+json',
    {
      errors: [{ pointer: '/title', detail: 'title is required' }, null, { detail: 'no pointer' }],
    },
  ],
  '/title-not-text': [400, 'application/problem+json', { title: 42, detail: { code: 7 } }],
  '/orders/1': [
    200,
    'application/prs.hal-forms+json',
    {
      _links: { self: { href: '/orders/1' } },
      _templates: {
        default: {
          method: 'delete',
          contentType: 'application/json',
          properties: [{ name: 'reason' }],
        },
      },
    },
  ],
}

let origin = ''
let reads = 0
const server = createServer((req, res) => {
  // Spring Data REST's pages: a templated self, and next links that keep a {&sort} to fill.
  if (req.url?.startsWith('/persons?')) {
    const page = Number(new URL(req.url, origin).searchParams.get('page') ?? 0)
    const links: Record<string, unknown> = {
      self: { href: '/persons{?page,size,sort}', templated: true },
    }
    if (page < 2) links.next = { href: `/persons?page=${page + 1}&size=1{&sort}`, templated: true }
    const person = { name: `Person ${page}`, _links: { self: { href: `/persons/${page}` } } }
    res.writeHead(200, { 'content-type': 'application/hal+json' })
    res.end(
      JSON.stringify({ _embedded: { persons: [person] }, _links: links, page: { number: page } }),
    )
    return
  }
  // Created, and said where, with a body cut short.
  if (req.url === '/things' && req.method === 'POST') {
    res.writeHead(201, { 'content-type': 'application/hal+json', location: '/things/7' })
    res.end('{"id": 7,')
    return
  }
  // Fastify refuses a JSON content type without a body (FST_ERR_CTP_EMPTY_JSON_BODY).
  if (req.url === '/orders/1?reason=late' && req.method === 'DELETE') {
    const typed = req.headers['content-type'] !== undefined
    res.writeHead(typed ? 400 : 204).end()
    return
  }
  // An older server's freshness: Expires and Date, no Cache-Control (RFC 9111 §5.3).
  if (req.url === '/expires') {
    reads++
    const date = Date.now()
    res.writeHead(200, {
      'content-type': 'application/hal+json',
      date: new Date(date).toUTCString(),
      expires: new Date(date + 60_000).toUTCString(),
    })
    res.end(JSON.stringify({ reads }))
    return
  }
  const [status, type, body] = documents[req.url ?? ''] ?? [404, 'text/plain', '']
  res.writeHead(status, { 'content-type': type }).end(JSON.stringify(body))
})
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})

const failure = (path: string) =>
  createClient({ baseUrl: origin, retry: 0 })
    .go(path)
    .get()
    .then(
      () => expect.unreachable(),
      (error: unknown) => error,
    )

describe('field errors a server writes its own way', () => {
  it('gives no field errors for errors keyed by field, leaving them in problem', async () => {
    const error = await failure('/errors-by-field')
    if (!isValidationError(error)) throw error
    // The guide's loop over error.errors must not throw (an object is not iterable).
    expect([...error.errors]).toEqual([])
    expect(error.problem?.errors).toEqual({ title: ['is too short'] })
  })

  it('keeps only the { pointer, detail } members of an errors array', async () => {
    for (const path of ['/errors-as-strings', '/errors-mixed']) {
      const error = await failure(path)
      if (!isValidationError(error)) throw error
      for (const { pointer, detail } of error.errors) {
        expect(typeof pointer).toBe('string')
        expect(typeof detail).toBe('string')
      }
    }
    const mixed = await failure('/errors-mixed')
    expect(isValidationError(mixed) && mixed.errors).toEqual([
      { pointer: '/title', detail: 'title is required' },
    ])
  })
})

it('sends no content type with a DELETE template, which has no body', async () => {
  const order = await createClient({ baseUrl: origin, adapter: halFormsAdapter() })
    .go('orders/1')
    .get()
  await expect(order.action().submit({ reason: 'late' })).resolves.toBeUndefined()
})

it("walks Spring Data REST's pages, whose next link is templated ({&sort})", async () => {
  const client = createClient({ baseUrl: origin })
  const names: unknown[] = []
  for await (const person of client.go('persons?size=1').items()) names.push(person.data.name)
  expect(names).toEqual(['Person 0', 'Person 1', 'Person 2'])
})

it('resolves a POST that made a resource and said where, even when its body is no JSON', async () => {
  // Rejecting would invite a retry, and a second resource.
  const created = await createClient({ baseUrl: origin }).go('things').post({ name: 'x' })
  expect(created.uri).toBe(`${origin}/things/7`)
})

it('reuses a response for as long as its Expires says, counted from its Date', async () => {
  const client = createClient({ baseUrl: origin })
  const first = await client.go('expires').get()
  expect(await client.go('expires').get()).toBe(first)
  expect(reads).toBe(1)
})

it('names the status text, not [object Object], when title and detail are not text', async () => {
  const error = await failure('/title-not-text')
  if (!isHttpError(error)) throw error
  expect(error.message).toBe(`GET ${origin}/title-not-text answered 400: Bad Request`)
})
