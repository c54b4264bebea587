import { HttpResponse, http, passthrough } from 'msw'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { defineHalApi } from '../src/serve/api.js'
import { createHalServer, type HalServer as MockServer } from '../src/shells/server/server.js'
import { connectionCases } from './contract/connection.case.js'
import { sendRaw } from './raw-http.js'

// The real server serving an API made with defineHalApi (`halyard-mock --api`).
const notes = defineHalApi({
  basePath: '/notes-api',
  title: 'Notes',
  tokens: ['dev-token'],
  collections: {
    notes: { schema: z.object({ text: z.string() }), seed: [{ text: 'First' }] },
  },
})

let server: MockServer<typeof notes>
beforeAll(async () => {
  server = await createHalServer(notes, { port: 0, log: false })
})
afterEach(async () => {
  server.resetHandlers()
  await server.api.reset()
})
afterAll(() => server.close())

const post = (text: string) =>
  fetch(`${server.url}/notes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
    body: JSON.stringify({ text }),
  })

connectionCases(() => server.origin, '/notes-api/notes/1', '/notes-api/notes')

describe('createHalServer', () => {
  it('serves the API at its base path', async () => {
    expect(server.url).toBe(`${server.origin}/notes-api`)
    const response = await fetch(`${server.url}/notes/1`)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ id: 1, text: 'First' })
  })

  it('asks the overrides first, and hands the API the body they left', async () => {
    server.use(
      http.get('*/notes-api/notes/1', () => HttpResponse.json({ text: 'Overridden' })),
      http.post('*/notes-api/notes', async ({ request }) => {
        await request.text()
        return undefined
      }),
    )
    expect(await (await fetch(`${server.url}/notes/1`)).json()).toEqual({ text: 'Overridden' })
    const created = await post('Second')
    expect(created.status).toBe(201)
    expect(await created.json()).toMatchObject({ id: 2, text: 'Second' })
  })

  it('restores the seed on POST /__admin/reset and lists the requests', async () => {
    await post('Second')
    const reset = await fetch(`${server.origin}/__admin/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    })
    expect(reset.status).toBe(204)
    expect((await fetch(`${server.url}/notes/2`)).status).toBe(404)
    const { requests } = await (await fetch(`${server.origin}/__admin/requests`)).json()
    expect(requests.map((r: { url: string }) => r.url)).toEqual(['/notes-api/notes/2'])
  })

  it('starts the HAL explorer at the API root', async () => {
    const page = await (await fetch(`${server.origin}/`)).text()
    expect(page).toContain('<meta name="halyard-api-root" content="/notes-api" />')
    expect(page).toContain('<a href="#/notes-api">API root</a>')
    expect(page).not.toContain('Blog 1')
    // Named after the API it serves, suggesting its own token.
    expect(page).toContain('<title>HAL explorer · Notes mock</title>')
    expect(page).toContain('try dev-token.')
    expect(page).not.toContain('Blog API')
  })

  it('answers /favicon.ico with no content rather than a 404', async () => {
    const response = await fetch(`${server.origin}/favicon.ico`)
    expect(response.status).toBe(204)
  })

  it('answers 404 problem details outside the base path, naming it', async () => {
    const response = await fetch(`${server.origin}/api/v1.2/blogs/1`)
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toBe('application/problem+json')
    expect(await response.json()).toMatchObject({
      type: 'about:blank',
      detail: 'There is no resource at /api/v1.2/blogs/1; the API lives under /notes-api.',
    })
  })

  it('lets a page on a loopback origin write with Authorization: Bearer', async () => {
    // The API takes its tokens as Authorization: Bearer too: a preflight must allow that header.
    const origin = 'http://localhost:5173'
    const preflight = await fetch(`${server.url}/notes`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    })
    expect(preflight.status).toBe(204)
    const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase()
    expect(allowed.split(/\s*,\s*/)).toEqual(expect.arrayContaining(['authorization']))
    const created = await fetch(`${server.url}/notes`, {
      method: 'POST',
      headers: { origin, authorization: 'Bearer dev-token', 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'From a page' }),
    })
    expect(created.status).toBe(201)
    expect(created.headers.get('access-control-allow-origin')).toBe(origin)
  })

  it('answers a passed-through request from the API', async () => {
    server.use(http.get('*/notes-api/notes/1', () => passthrough()))
    expect((await fetch(`${server.url}/notes/1`)).status).toBe(200)
  })
})

describe('the server around your own API', () => {
  // README: your API's problems are `about:blank`; none may point at the Blog API's problem pages,
  // which this server does not have (a dangling link).
  it('answers its own refusals with problem details of type about:blank', async () => {
    const answers = [
      await sendRaw(server.origin, {
        method: 'GET',
        target: '/notes-api',
        headers: { host: `evil.example:${server.port}` },
      }),
      await sendRaw(server.origin, { method: 'FOO', target: '/notes-api/notes/1' }),
      await sendRaw(server.origin, { method: 'CONNECT', target: `127.0.0.1:${server.port}` }),
      await sendRaw(server.origin, {
        method: 'POST',
        target: '/__admin/reset',
        headers: { 'content-type': 'text/plain' },
      }),
      await sendRaw(server.origin, { method: 'GET', target: '/__explorer/nothing.js' }),
    ]
    for (const answer of answers) {
      expect(answer.status, answer.text).toBeGreaterThanOrEqual(400)
      expect(JSON.parse(answer.text), answer.text).toMatchObject({ type: 'about:blank' })
    }
  })

  it("answers, and keeps running, when the API's problemType throws", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const broken = defineHalApi({
      basePath: '/api',
      collections: { notes: { schema: z.object({ text: z.string() }) } },
      problemType() {
        throw new Error('problemType is broken')
      },
    })
    const own = await createHalServer(broken, { port: 0, log: false })
    try {
      const missing = await fetch(`${own.url}/nowhere`)
      expect(missing.status).toBe(404)
      expect(await missing.json()).toMatchObject({ type: 'about:blank' })
      const foreign = await sendRaw(own.origin, {
        method: 'GET',
        target: '/api',
        headers: { host: `evil.example:${own.port}` },
      })
      expect(foreign.status).toBe(403)
    } finally {
      await own.close()
      errors.mockRestore()
    }
  })

  it("with protectReads, lets /__admin/* in with exactly the API's own credentials", async () => {
    const guarded = defineHalApi({
      basePath: '/api',
      title: 'Guarded',
      tokens: ['shop-token'],
      protectReads: true,
      collections: { notes: { schema: z.object({ text: z.string() }) } },
    })
    const own = await createHalServer(guarded, { port: 0, log: false })
    try {
      const admin = (headers: Record<string, string>) =>
        fetch(`${own.origin}/__admin/requests`, { headers })
      // What the API's own routes accept: a Bearer token and X-Access-Token.
      expect((await fetch(`${own.url}/notes`, { headers: bearer('shop-token') })).status).toBe(200)
      expect((await admin(bearer('shop-token'))).status).toBe(200)
      expect((await admin({ 'x-access-token': 'shop-token' })).status).toBe(200)
      // What they refuse, refused the same way: the API's realm, not another API's.
      const refused = await admin(bearer('dev-token'))
      expect(refused.status).toBe(401)
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="Guarded"')
      expect((await admin({})).status).toBe(401)
      // A cookie, which a browser attaches by itself, never opens them.
      expect((await admin({ cookie: 'access_token=shop-token' })).status).toBe(401)
    } finally {
      await own.close()
    }
  })
})

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
