import { defineCollection, defineHalApi } from '@halyard/mock'
import { setupHalApi } from '@halyard/mock/node'
import { HttpResponse, http } from 'msw'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type ClientOptions, createClient, HalyardError } from '../src/index.js'

// Credentials as schemes (`auth`), each as the API's OpenAPI securitySchemes would name it; the
// mock accepts `X-Access-Token` and `Authorization: Bearer` (its default schemes).
const api = defineHalApi({
  basePath: '/api',
  tokens: ['dev-token'],
  collections: {
    notes: defineCollection({
      schema: z.strictObject({ text: z.string() }),
      seed: [{ text: 'Hello' }],
      links: { elsewhere: { href: () => 'http://elsewhere.test/thing' } },
    }),
  },
})
const mock = setupHalApi(api)
const seen: { url: string; headers: Headers }[] = []
beforeAll(() => {
  mock.server.listen({ onUnhandledFrame: 'error' })
  mock.server.events.on('request:start', ({ request }) => {
    seen.push({ url: request.url, headers: new Headers(request.headers) })
  })
})
afterEach(async () => {
  mock.server.resetHandlers()
  await mock.reset()
  seen.length = 0
})
afterAll(() => mock.server.close())

const client = (options: Omit<ClientOptions, 'baseUrl'>) =>
  createClient({ baseUrl: 'http://localhost/api', ...options })

describe('auth', () => {
  it('{ bearer } sends Authorization: Bearer <token>, and the API lets it write', async () => {
    const created = await client({ auth: { bearer: 'dev-token' } })
      .go('notes')
      .post({ text: 'With a bearer token' })
    expect(created.uri).toBe('http://localhost/api/notes/2')
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer dev-token')
    expect(seen[0]?.headers.has('x-access-token')).toBe(false)
  })

  it('{ header, value } sends the value as it is, from a function asked per request', async () => {
    let asked = 0
    const notes = client({
      auth: {
        header: 'X-Api-Key',
        value: async () => {
          asked++
          return 'key-1'
        },
      },
    }).go('notes')
    await notes.refresh()
    await notes.refresh()
    expect(seen.map((request) => request.headers.get('x-api-key'))).toEqual(['key-1', 'key-1'])
    expect(asked).toBe(2)
  })

  it('{ cookie, value } sends the cookie, its value encoded', async () => {
    await client({ auth: { cookie: 'access_token', value: 'dev token' } })
      .go('notes')
      .get()
    expect(seen[0]?.headers.get('cookie')).toBe('access_token=dev%20token')
  })

  it('a function gives the headers, and none when it gives undefined', async () => {
    let signedIn = false
    const notes = client({
      auth: () => (signedIn ? { Authorization: 'Bearer dev-token' } : undefined),
    }).go('notes')
    await notes.refresh()
    signedIn = true
    await notes.post({ text: 'Signed in' })
    expect(seen.map((request) => request.headers.get('authorization'))).toEqual([
      null,
      'Bearer dev-token',
    ])
  })

  it('is never sent to another origin a link leads to', async () => {
    mock.server.use(
      http.get('http://elsewhere.test/thing', () => HttpResponse.json({ _links: {} })),
    )
    await client({ auth: { bearer: 'dev-token' } })
      .go('notes/1')
      .follow('elsewhere')
      .get()
    expect(seen.map((request) => [request.url, request.headers.get('authorization')])).toEqual([
      ['http://localhost/api/notes/1', 'Bearer dev-token'],
      ['http://elsewhere.test/thing', null],
    ])
  })

  it('token stays a shorthand for { header: tokenHeader, value }: nothing added to it', async () => {
    await client({ token: 'Bearer dev-token', tokenHeader: 'Authorization' })
      .go('notes')
      .post({ text: 'Shorthand' })
    await client({ token: 'dev-token' }).go('notes').get()
    expect(seen.map((request) => request.headers.get('authorization'))).toEqual([
      'Bearer dev-token',
      null,
    ])
    expect(seen[1]?.headers.get('x-access-token')).toBe('dev-token')
  })

  it('refuses auth beside token, with a HalyardError naming both', () => {
    expect(() => client({ auth: { bearer: 'a' }, token: 'b' })).toThrow(HalyardError)
    expect(() => client({ auth: { bearer: 'a' }, token: 'b' })).toThrow(/auth or token/)
  })
})
