import { connect } from 'node:net'
import { HttpResponse, http } from 'msw'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import {
  createMockServer,
  type MockServer,
  type MockServerOptions,
} from '../src/blog/shells/server.js'
import { defineHalApi } from '../src/index.js'
import { createHalServer, type LoggedRequest } from '../src/shells/server/index.js'
import { uploadPastTheAnswer } from './contract/connection.case.js'
import { streamedBody } from './contract/helpers.js'
import { sendRaw } from './raw-http.js'

let server: MockServer
const lines: string[] = []
beforeAll(async () => {
  server = await createMockServer({ port: 0, log: (line) => lines.push(line) })
})
beforeEach(async () => {
  server.resetHandlers()
  await reset(server)
  lines.length = 0
})
afterAll(() => server.close())

/** `POST /__admin/reset`, as JSON as the server requires. */
const reset = (mock: MockServer) =>
  fetch(`${mock.origin}/__admin/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  })

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
    expect(requests[0]?.headers['x-access-token']).toBe('[redacted]')
  })

  it('hides credentials in its log by name, by value and in a userinfo, listed and printed', async () => {
    const secret = 'planted-secret-value'
    const named = [
      'x-functions-key',
      'ocp-apim-subscription-key',
      'x-access-key',
      'x-license-key',
      'x-jwt',
      'x-passphrase',
      'x-otp',
    ]
    await fetch(
      `${server.url}/blogs/1?key=${secret}&sig=${secret}&code=${secret}&jwt=${secret}&pwd=${secret}&page=2`,
      {
        headers: {
          ...Object.fromEntries(named.map((name) => [name, secret])),
          'x-forwarded-client': `Bearer ${secret}`,
          'x-mock-echo': 'dev-token',
          accept: 'application/hal+json',
        },
      },
    )
    const port = new URL(server.origin).port
    await sendRaw(server.origin, {
      method: 'GET',
      target: `http://ada:${secret}@127.0.0.1:${port}/api/v1.2/blogs/1`,
    })
    const { requests } = (await fetch(`${server.origin}/__admin/requests`).then((r) =>
      r.json(),
    )) as { requests: LoggedRequest[] }
    const [read, absolute] = requests
    for (const name of [...named, 'x-forwarded-client', 'x-mock-echo'])
      expect([name, read?.headers[name]]).toEqual([name, '[redacted]'])
    expect(read?.headers.accept).toBe('application/hal+json')
    expect(read?.url).toBe(
      '/api/v1.2/blogs/1?key=[redacted]&sig=[redacted]&code=[redacted]&jwt=[redacted]&pwd=[redacted]&page=2',
    )
    expect(absolute?.url).toBe(`http://ada:[redacted]@127.0.0.1:${port}/api/v1.2/blogs/1`)
    expect(JSON.stringify(requests)).not.toContain(secret)
    expect(lines.join('\n')).not.toContain(secret)
  })

  it('restores the seed and empties the request list on POST /__admin/reset', async () => {
    const created = await fetch(`${server.url}/blogs/2/articles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
      body: JSON.stringify({ title: 'Temporary' }),
    })
    expect(created.status).toBe(201)
    expect((await reset(server)).status).toBe(204)
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
    // The core's router decides, as for the API's routes: OPTIONS is answered too.
    expect(wrong.headers.get('allow')).toBe('POST, OPTIONS')
    const options = await fetch(`${server.origin}/__admin/requests`, { method: 'OPTIONS' })
    expect(options.status).toBe(204)
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
  })

  it('answers paths outside the API with a 404 problem', async () => {
    const response = await fetch(`${server.origin}/robots.txt`)
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

  it('closes the connection after the answer when the body it declares is too large to drop, reading what still comes for a while', async () => {
    // Over the 64 MiB the server drops: it says so, half-closes, and reads on within its bounds.
    const { received, error, sent } = await uploadPastTheAnswer(
      server.origin,
      '/api/v1.2/blogs/1/articles',
      { declared: 100 * MIB, send: 20 * MIB },
    )
    expect(received).toMatch(/^HTTP\/1\.1 413 /)
    expect(received).toMatch(/\r\nconnection: close\r\n/i)
    expect(error).toBeUndefined()
    expect(sent).toBe(20 * MIB)
  })
})

describe('who the server answers (README, Security)', () => {
  let other: MockServer | undefined
  afterEach(async () => {
    await other?.close()
    other = undefined
  })
  const start = async (options: MockServerOptions) => {
    other = await createMockServer({ port: 0, log: false, ...options })
    return other
  }
  const port = () => String(other?.port)

  it('answers an HTTP/1.1 request without Host with a 400 problem, not a bare status', async () => {
    const text = await new Promise<string>((resolve) => {
      const socket = connect(server.port, '127.0.0.1')
      let received = ''
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString()
      })
      socket.on('close', () => resolve(received))
      socket.write('GET /api/v1.2/blogs/1 HTTP/1.1\r\nConnection: close\r\n\r\n')
    })
    expect(text).toMatch(/^HTTP\/1\.1 400 /)
    expect(text).toMatch(/content-type: application\/problem\+json/i)
    expect(text).toContain('Host')
  })

  it('refuses a foreign Host with a 403 naming the option, for the explorer too', async () => {
    for (const target of ['/', '/api/v1.2/blogs/1', '/__admin/requests']) {
      const answer = await sendRaw(server.origin, {
        method: 'GET',
        target,
        headers: { host: `evil.example:${server.port}` },
      })
      expect(answer.status, target).toBe(403)
      expect(answer.text).toContain('--allowed-hosts')
      expect(answer.text).toContain('allowedHosts')
    }
  })

  it('answers the hosts of allowedHosts, subdomains for a leading dot, any host for true', async () => {
    const mock = await start({ allowedHosts: ['mock.test', '.dev.test'] })
    const status = async (host: string) =>
      (
        await sendRaw(mock.origin, {
          method: 'GET',
          target: '/api/v1.2',
          headers: { host: `${host}:${port()}` },
        })
      ).status
    expect(await status('mock.test')).toBe(200)
    expect(await status('dev.test')).toBe(200)
    expect(await status('a.dev.test')).toBe(200)
    expect(await status('sub.mock.test')).toBe(403)
    await mock.close()
    const any = await start({ allowedHosts: true })
    expect(
      (
        await sendRaw(any.origin, {
          method: 'GET',
          target: '/api/v1.2',
          headers: { host: 'whatever.example' },
        })
      ).status,
    ).toBe(200)
  })

  it('lets a listed origin read with credentials, and * any origin without', async () => {
    const mock = await start({ corsOrigins: ['https://app.example', '*'] })
    const read = (origin: string) =>
      fetch(`${mock.url}/blogs/1`, { headers: { origin } }).then((r) => r.headers)
    const listed = await read('https://app.example')
    expect(listed.get('access-control-allow-origin')).toBe('https://app.example')
    expect(listed.get('access-control-allow-credentials')).toBe('true')
    for (const origin of ['https://any.example', 'null']) {
      const headers = await read(origin)
      expect(headers.get('access-control-allow-origin')).toBe('*')
      expect(headers.get('access-control-allow-credentials')).toBeNull()
    }
    // `*` opens the API to reading, not the admin routes.
    const admin = await fetch(`${mock.origin}/__admin/requests`, {
      headers: { origin: 'https://any.example' },
    })
    expect(admin.status).toBe(403)
    expect(admin.headers.get('access-control-allow-origin')).toBeNull()
    // Nor their preflights: the admin routes carry CORS headers for trusted origins only.
    for (const origin of ['https://any.example', 'null']) {
      const preflight = await fetch(`${mock.origin}/__admin/reset`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      })
      expect(preflight.status, origin).toBe(403)
      expect(preflight.headers.get('access-control-allow-origin'), origin).toBeNull()
    }
    const trusted = await fetch(`${mock.origin}/__admin/reset`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    })
    expect(trusted.status).toBe(204)
    expect(trusted.headers.get('access-control-allow-origin')).toBe('https://app.example')
  })

  it('rejects corsOrigins and allowedHosts entries it cannot use', async () => {
    await expect(start({ corsOrigins: ['app.example'] })).rejects.toThrow(/corsOrigins/)
    await expect(start({ allowedHosts: ['evil.example:80'] })).rejects.toThrow(/allowedHosts/)
    await expect(start({ requestTimeout: -1 })).rejects.toThrow(/requestTimeout/)
  })

  it('asks admin requests for an X-Access-Token when reads are protected', async () => {
    const mock = await start({ protectReads: true })
    const requests = (headers: Record<string, string>) =>
      fetch(`${mock.origin}/__admin/requests`, { headers })
    expect((await requests({})).status).toBe(401)
    // The cookie is what a browser adds by itself: not enough for admin.
    expect((await requests({ cookie: 'access_token=dev-token' })).status).toBe(401)
    expect((await requests({ 'x-access-token': 'dev-token' })).status).toBe(200)
    const reset = await fetch(`${mock.origin}/__admin/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    })
    expect(reset.status).toBe(401)
  })

  it('redacts secrets in server.requests() as in GET /__admin/requests', async () => {
    await fetch(`${server.url}/blogs/1`, {
      headers: { 'x-access-token': 'dev-token', authorization: 'Basic c2VjcmV0', cookie: 'a=b' },
    })
    const [logged] = server.requests()
    expect(logged?.headers).toMatchObject({
      'x-access-token': '[redacted]',
      authorization: '[redacted]',
      cookie: '[redacted]',
    })
  })
})

describe('the request log of an API with credentials of its own', () => {
  it('redacts what its securitySchemes declare, and names that say credential, headers and query', async () => {
    const api = defineHalApi({
      basePath: '/api',
      collections: { notes: { schema: z.object({ text: z.string() }) } },
      authenticate: (request) =>
        request.headers.get('x-partner') ?? request.url.searchParams.get('k'),
      securitySchemes: {
        partner: { type: 'apiKey', in: 'header', name: 'X-Partner' },
        link: { type: 'apiKey', in: 'query', name: 'k' },
      },
    })
    const own = await createHalServer(api, { port: 0, log: false })
    try {
      await fetch(`${own.url}/notes?k=s3cret&page=0&access_token=t0ken`, {
        headers: { 'x-partner': 'p4rtner', 'x-api-key': 'k3y', accept: 'application/hal+json' },
      })
      const { requests } = (await fetch(`${own.origin}/__admin/requests`).then((r) =>
        r.json(),
      )) as { requests: LoggedRequest[] }
      for (const listed of [requests, own.requests()]) {
        const [entry] = listed
        expect(entry?.url).toBe('/api/notes?k=[redacted]&page=0&access_token=[redacted]')
        expect(entry?.headers).toMatchObject({
          'x-partner': '[redacted]',
          'x-api-key': '[redacted]',
          accept: 'application/hal+json',
        })
        expect(JSON.stringify(entry)).not.toMatch(/s3cret|t0ken|p4rtner|k3y/)
      }
    } finally {
      await own.close()
    }
  })
})

describe('the request log of an API whose authenticate reads headers named like no credential', () => {
  it('redacts the headers its authenticate read and those secretHeaders declares', async () => {
    const api = defineHalApi({
      basePath: '/api',
      collections: { notes: { schema: z.object({ text: z.string() }) } },
      authenticate: (request) => request.headers.get('x-tenant') ?? 'nobody',
      secretHeaders: ['X-Badge'],
    })
    const own = await createHalServer(api, { port: 0, log: false })
    try {
      const created = await fetch(`${own.url}/notes`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-tenant': 'tenant-one',
          'x-badge': 'badge-two',
          'x-trace': 'trace-three',
        },
        body: JSON.stringify({ text: 'hi' }),
      })
      expect(created.status).toBe(201)
      const { requests } = (await fetch(`${own.origin}/__admin/requests`).then((r) =>
        r.json(),
      )) as { requests: LoggedRequest[] }
      for (const listed of [requests, own.requests()]) {
        const [entry] = listed
        expect(entry?.headers).toMatchObject({
          'x-tenant': '[redacted]',
          'x-badge': '[redacted]',
          'x-trace': 'trace-three',
        })
        expect(JSON.stringify(entry)).not.toMatch(/tenant-one|badge-two/)
      }
    } finally {
      await own.close()
    }
  })
})

describe('slow and aborted requests', () => {
  it('logs an upload the client aborts as one line, without a stack trace', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const socket = connect(server.port, '127.0.0.1')
      socket.write(
        'POST /api/v1.2/blogs/1/articles HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
          'Content-Type: application/json\r\nX-Access-Token: dev-token\r\n' +
          'Content-Length: 1000\r\n\r\n{"title":',
      )
      await new Promise((resolve) => setTimeout(resolve, 50))
      socket.destroy()
      const line = await vi.waitUntil(() => lines.find((l) => l.startsWith('POST')))
      expect(line).toMatch(
        /^POST \/api\/v1\.2\/blogs\/1\/articles 400 [\d.]+ms \(aborted by the client\)$/,
      )
      // Not a second line from node:http's own error for the same connection.
      expect(lines).toEqual([line])
      expect(errors).not.toHaveBeenCalled()
    } finally {
      errors.mockRestore()
    }
  })

  it('logs a request past requestTimeout as one line with its 408', async () => {
    const logged: string[] = []
    const mock = await createMockServer({
      port: 0,
      log: (l) => logged.push(l),
      requestTimeout: 1_000,
    })
    try {
      const socket = connect(mock.port, '127.0.0.1')
      socket.on('data', () => undefined)
      const closed = new Promise((resolve) => socket.once('close', resolve))
      socket.write(
        'POST /api/v1.2/blogs/1/articles HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
          'Content-Type: application/json\r\nX-Access-Token: dev-token\r\n' +
          'Content-Length: 1000\r\n\r\n{"title":',
      )
      await closed
      const line = await vi.waitUntil(() => logged.find((l) => l.startsWith('POST')))
      expect(line).toMatch(
        /^POST \/api\/v1\.2\/blogs\/1\/articles 408 [\d.]+ms \(request timeout\)$/,
      )
      expect(logged).toEqual([line])
    } finally {
      await mock.close()
    }
  })

  it('answers 408 and closes the connection when a body does not arrive within requestTimeout', async () => {
    const mock = await createMockServer({ port: 0, log: false, requestTimeout: 1_000 })
    try {
      const socket = connect(mock.port, '127.0.0.1')
      const received: Buffer[] = []
      socket.on('data', (chunk: Buffer) => received.push(chunk))
      const closed = new Promise((resolve) => socket.once('close', resolve))
      socket.write(
        'POST /api/v1.2/blogs/1/articles HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
          'Content-Type: application/json\r\nX-Access-Token: dev-token\r\n' +
          'Content-Length: 1000\r\n\r\n{"title":',
      )
      await closed
      expect(Buffer.concat(received).toString()).toMatch(/^HTTP\/1\.1 408 /)
      expect(
        (await fetch(`${mock.url}/blogs/2/articles`).then((r) => r.json())).totalArticles,
      ).toBe(0)
    } finally {
      await mock.close()
    }
  })
})
