import { connect } from 'node:net'
import { HttpResponse, http } from 'msw'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createMockServer, type MockServer } from '../src/server/index.js'
import { streamedBody } from './contract/helpers.js'

let server: MockServer
const lines: string[] = []
beforeAll(async () => {
  server = await createMockServer({ port: 0, log: (line) => lines.push(line) })
})
beforeEach(async () => {
  server.resetHandlers()
  await fetch(`${server.origin}/__admin/reset`, { method: 'POST' })
  lines.length = 0
})
afterAll(() => server.close())

describe('the real HTTP server', () => {
  it('binds 127.0.0.1 by default', () => {
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  })

  it('logs one line per request: method, path, status, milliseconds', async () => {
    await fetch(`${server.url}/blogs/1?x=1`)
    await fetch(`${server.url}/blogs/999`)
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^GET \/api\/v1\.2\/blogs\/1\?x=1 200 \d+(\.\d+)?ms$/)
    expect(lines[1]).toMatch(/^GET \/api\/v1\.2\/blogs\/999 404 \d+(\.\d+)?ms$/)
  })

  it('lists received requests with their headers at GET /__admin/requests', async () => {
    await fetch(`${server.url}/blogs/1`, { headers: { 'x-access-token': 'dev-token' } })
    await fetch(`${server.url}/blogs/2/articles`, { method: 'POST' })
    const { requests } = (await fetch(`${server.origin}/__admin/requests`).then((r) =>
      r.json(),
    )) as {
      requests: { method: string; url: string; status: number; headers: Record<string, string> }[]
    }
    expect(requests.map((r) => [r.method, r.url, r.status])).toEqual([
      ['GET', '/api/v1.2/blogs/1', 200],
      ['POST', '/api/v1.2/blogs/2/articles', 401],
    ])
    expect(requests[0]?.headers['x-access-token']).toBe('dev-token')
  })

  it('restores the seed and empties the request list on POST /__admin/reset', async () => {
    const created = await fetch(`${server.url}/blogs/2/articles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
      body: JSON.stringify({ title: 'Temporary' }),
    })
    expect(created.status).toBe(201)
    const reset = await fetch(`${server.origin}/__admin/reset`, { method: 'POST' })
    expect(reset.status).toBe(204)
    const page = await fetch(`${server.url}/blogs/2/articles`).then((r) => r.json())
    expect(page.totalArticles).toBe(0)
    expect(
      (await fetch(`${server.origin}/__admin/requests`).then((r) => r.json())).requests,
    ).toEqual([expect.objectContaining({ url: '/api/v1.2/blogs/2/articles' })])
  })

  it('answers unknown admin routes 404 and wrong methods 405 with Allow', async () => {
    expect((await fetch(`${server.origin}/__admin/nope`)).status).toBe(404)
    const wrong = await fetch(`${server.origin}/__admin/reset`)
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('POST')
  })

  it('answers a CORS preflight for the API methods and headers', async () => {
    const response = await fetch(`${server.url}/blogs/1/articles/1`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://app.test',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'x-access-token, if-match, content-type',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://app.test')
    expect(response.headers.get('access-control-allow-methods')).toContain('PUT')
    const allowed = response.headers.get('access-control-allow-headers')?.toLowerCase() ?? ''
    for (const header of [
      'x-access-token',
      'if-match',
      'if-none-match',
      'prefer',
      'content-type',
    ]) {
      expect(allowed).toContain(header)
    }
  })

  it('lets a cross-origin page read ETag, Location and the other API headers', async () => {
    const response = await fetch(`${server.url}/blogs/1`, {
      headers: { origin: 'http://app.test' },
    })
    expect(response.headers.get('access-control-allow-origin')).toBe('http://app.test')
    const exposed = response.headers.get('access-control-expose-headers') ?? ''
    for (const header of [
      'ETag',
      'Last-Modified',
      'Location',
      'Preference-Applied',
      'WWW-Authenticate',
    ]) {
      expect(exposed).toContain(header)
    }
    expect(response.headers.get('vary')).toContain('Origin')
  })

  it('answers paths outside the API with a 404 problem', async () => {
    const response = await fetch(`${server.origin}/favicon.ico`)
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toBe('application/problem+json')
  })

  it("writes RFC 9110's reason phrases on the status line, as the problem titles say", async () => {
    const invalid = await fetch(`${server.url}/blogs/1/articles`, {
      method: 'POST',
      headers: { 'x-access-token': 'dev-token', 'content-type': 'application/json' },
      body: '{"title":"   "}',
    })
    expect([invalid.status, invalid.statusText]).toEqual([422, 'Unprocessable Content'])
    expect((await invalid.json()).title).toBe('Unprocessable Content')
    const found = await fetch(`${server.url}/blogs/1`)
    expect([found.status, found.statusText]).toEqual([200, 'OK'])
  })

  it('builds hrefs from the Host the client used', async () => {
    const port = new URL(server.origin).port
    const blog = await fetch(`http://localhost:${port}/api/v1.2/blogs/1`).then((r) => r.json())
    expect(blog._links.self.href).toBe(`http://localhost:${port}/api/v1.2/blogs/1`)
  })

  it('serves a route overridden with use() until resetHandlers()', async () => {
    server.use(
      http.get('*/api/v1.2/blogs/:blogId', () => HttpResponse.json({ id: 0 }, { status: 503 })),
    )
    expect((await fetch(`${server.url}/blogs/1`)).status).toBe(503)
    expect((await fetch(`${server.url}/blogs/1/articles/1`)).status).toBe(200)
    server.resetHandlers()
    expect((await fetch(`${server.url}/blogs/1`)).status).toBe(200)
  })
})

describe('a request body the server does not read to its end', () => {
  const MIB = 1024 * 1024

  // cli.test.ts sends 30 such bodies to a server in its own process, where the race showed.
  it.each([
    ['its own dispatcher', () => undefined],
    ['MSW, with an override in place', () => server.use(http.get('*/nowhere', () => undefined))],
  ])(
    'answers a streamed body over 1 MiB with 413, then the next request (%s)',
    async (_, setUp) => {
      setUp()
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`${server.url}/blogs/1/articles`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
          body: streamedBody(2 * MIB),
          duplex: 'half',
        } as RequestInit)
        expect(response.status).toBe(413)
        await response.arrayBuffer()
        expect((await fetch(`${server.url}/blogs/1`)).status).toBe(200)
      }
    },
  )

  it('closes the connection after the answer when the body it declares is too large to drop', async () => {
    const socket = connect(server.port, '127.0.0.1')
    const received: Buffer[] = []
    socket.on('data', (chunk: Buffer) => received.push(chunk))
    const closed = new Promise((resolve) => socket.once('close', resolve))
    socket.write(
      'POST /api/v1.2/blogs/1/articles HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/json\r\nX-Access-Token: dev-token\r\n' +
        `Content-Length: ${64 * MIB}\r\n\r\n{"title":`,
    )
    await closed
    const answer = Buffer.concat(received).toString()
    expect(answer).toMatch(/^HTTP\/1\.1 413 /)
    expect(answer).toMatch(/\r\nconnection: close\r\n/i)
  })
})
