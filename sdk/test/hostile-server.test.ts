import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  createClient,
  InvalidResponseError,
  isHttpError,
  isInvalidResponseError,
  isTimeoutError,
} from '../src/index.js'

/** One request a hostile server received. */
interface Seen {
  method: string
  path: string
  token: string | undefined
  body: string
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void

/**
 * A server that answers whatever a test tells it to, on a free port of 127.0.0.1, and records
 * each request (method, path, token, body): the attacker the SDK must hold against.
 */
async function hostileServer() {
  const routes = new Map<string, Handler>()
  const seen: Seen[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => {
      body += chunk
    })
    req.on('end', () => {
      const path = req.url ?? '/'
      const token = req.headers['x-access-token']
      seen.push({ method: req.method ?? '', path, token: token?.toString(), body })
      const handler = routes.get(`${req.method} ${path}`) ?? routes.get(path)
      if (handler) handler(req, res)
      else res.writeHead(404).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    seen,
    /** Answers `METHOD path` (or any method on `path`) with `handler`. */
    on(route: string, handler: Handler) {
      routes.set(route, handler)
    },
    reset() {
      routes.clear()
      seen.length = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

type Hostile = Awaited<ReturnType<typeof hostileServer>>

const hal = (res: ServerResponse, body: unknown, status = 200, headers = {}) =>
  res
    .writeHead(status, { 'content-type': 'application/hal+json', ...headers })
    .end(typeof body === 'string' ? body : JSON.stringify(body))

const redirect = (status: number, location: string) => (_: IncomingMessage, res: ServerResponse) =>
  res.writeHead(status, { location }).end()

describe('@halyard/sdk against a hostile server', () => {
  let api: Hostile
  let third: Hostile
  beforeAll(async () => {
    ;[api, third] = await Promise.all([hostileServer(), hostileServer()])
  })
  afterAll(() => Promise.all([api.close(), third.close()]))
  beforeEach(() => {
    api.reset()
    third.reset()
  })
  const client = (options = {}) =>
    createClient({ baseUrl: `${api.origin}/api`, token: 'secret', ...options })
  const paths = (server: Hostile) => server.seen.map(({ method, path }) => `${method} ${path}`)

  describe('the cache', () => {
    // Fresh for a minute: a copy that got into the cache would be served with no request.
    const fresh = { 'cache-control': 'max-age=60' }
    it('keeps no embedded copy whose self is on another origin than the document', async () => {
      third.on('/page', (_, res) =>
        hal(
          res,
          {
            _embedded: {
              item: [{ forged: true, _links: { self: { href: `${api.origin}/api/account` } } }],
            },
          },
          200,
          fresh,
        ),
      )
      api.on('/api/account', (_, res) => hal(res, { forged: false }))
      const sdk = client()
      await sdk.go(`${third.origin}/page`).get()
      const account = await sdk.go('account').get()
      expect(account.data).toEqual({ forged: false })
      expect(paths(api)).toEqual(['GET /api/account'])
    })

    it('still keeps the embedded copies of its own origin', async () => {
      api.on('/api/page', (_, res) =>
        hal(
          res,
          { _embedded: { item: [{ id: 1, _links: { self: { href: '/api/items/1' } } }] } },
          200,
          fresh,
        ),
      )
      const sdk = client()
      await sdk.go('page').get()
      expect((await sdk.go('items/1').get()).data).toEqual({ id: 1 })
      expect(paths(api)).toEqual(['GET /api/page'])
    })

    it("keeps no 201 body as the created resource when Location leaves the POST's origin", async () => {
      third.on('POST /things', (_, res) =>
        hal(res, { forged: true, _links: { self: { href: `${api.origin}/api/account` } } }, 201, {
          location: `${api.origin}/api/account`,
        }),
      )
      api.on('/api/account', (_, res) => hal(res, { forged: false }))
      const sdk = client()
      const created = await sdk.go(`${third.origin}/things`).post({})
      expect((await created.get()).data).toEqual({ forged: false })
    })
  })

  describe('the timeout and the body', () => {
    it('covers the body: headers, then a body that stalls, reject with a TimeoutError', async () => {
      api.on('/api/stall', (_, res) => {
        res.writeHead(200, { 'content-type': 'application/hal+json' })
        res.write('{"partial": ')
      })
      const error = await client({ timeout: 300 })
        .go('stall')
        .get()
        .catch((e: unknown) => e)
      expect(isTimeoutError(error)).toBe(true)
      expect((error as Error).message).toContain(`${api.origin}/api/stall`)
    })

    it('stops reading at maxBodySize a body that announces 200 MB, and one that never ends', async () => {
      api.on('/api/announced', (_, res) => {
        res.writeHead(200, { 'content-type': 'application/hal+json', 'content-length': 2e8 })
        res.write('{"padding":"')
      })
      api.on('/api/endless', (_, res) => {
        res.writeHead(200, { 'content-type': 'application/hal+json' }) // chunked, no length
        res.write('{"padding":"')
        const writing = setInterval(() => res.write('x'.repeat(1024)), 1)
        res.on('close', () => clearInterval(writing))
      })
      for (const path of ['announced', 'endless']) {
        const error = await client({ maxBodySize: 10_000, timeout: 5000 })
          .go(path)
          .get()
          .catch((e: unknown) => e)
        expect(error).toBeInstanceOf(InvalidResponseError)
        expect((error as Error).message).toBe(
          `GET ${api.origin}/api/${path} answered a body over maxBodySize (10000 bytes)`,
        )
      }
    })

    it('reads a body up to maxBodySize', async () => {
      const body = JSON.stringify({ padding: 'x'.repeat(2000) })
      api.on('/api/big', (_, res) => hal(res, body))
      const state = await client({ maxBodySize: Buffer.byteLength(body) })
        .go('big')
        .get()
      expect(state.data).toEqual(JSON.parse(body))
    })
  })

  describe('Retry-After', () => {
    it('is honoured up to maxRetryAfter', async () => {
      let calls = 0
      api.on('/api/busy', (_, res) =>
        calls++ === 0
          ? res.writeHead(503, { 'retry-after': '1' }).end()
          : hal(res, { ready: true }),
      )
      const state = await client({ maxRetryAfter: 2000 }).go('busy').get()
      expect(state.data).toEqual({ ready: true })
      expect(paths(api)).toEqual(['GET /api/busy', 'GET /api/busy'])
      api.reset()
      api.on('/api/busy', (_, res) => res.writeHead(503, { 'retry-after': '1' }).end())
      const error = await client({ maxRetryAfter: 500 })
        .go('busy')
        .get()
        .catch((e: unknown) => e)
      expect(isHttpError(error)).toBe(true)
      expect(paths(api)).toEqual(['GET /api/busy'])
    })
  })

  describe('what bounds a call', () => {
    it('a Retry-After that would end after totalTimeout is not waited for', async () => {
      api.on('/api/busy', (_, res) => res.writeHead(503, { 'retry-after': '2' }).end())
      const error = await client({ maxRetryAfter: 5000, totalTimeout: 1500 })
        .go('busy')
        .get()
        .catch((e: unknown) => e)
      expect(isHttpError(error) && error.status).toBe(503)
      expect(paths(api)).toEqual(['GET /api/busy'])
    })

    it("ky's backoff waits no longer than the timeout between attempts", async () => {
      // Doubling from 300 ms, the fifth wait would be 4.8 s: past the call's 6 s. No longer than
      // the timeout (1 s) each, all five retries fit.
      api.on('/api/failing', (_, res) => res.writeHead(500).end())
      const error = await client({ timeout: 1000, retry: { limit: 5 } })
        .go('failing')
        .get()
        .catch((e: unknown) => e)
      expect(isHttpError(error) && error.status).toBe(500)
      expect(api.seen).toHaveLength(6)
    })

    it('a token source that never answers ends in a TimeoutError, with nothing sent', async () => {
      const error = await client({ token: () => new Promise<string>(() => {}), timeout: 300 })
        .go('anything')
        .get()
        .catch((e: unknown) => e)
      expect(isTimeoutError(error)).toBe(true)
      expect((error as Error).message).toContain(`GET ${api.origin}/api/anything`)
      expect(api.seen).toEqual([])
    })

    it('redirects share the call’s time: slow hops end in a TimeoutError, not 20 of them', async () => {
      api.on('/api/slow', (_, res) => {
        setTimeout(() => res.writeHead(302, { location: '/api/slow' }).end(), 100)
      })
      const error = await client({ timeout: 400, retry: 0 })
        .go('slow')
        .get()
        .catch((e: unknown) => e)
      expect(isTimeoutError(error)).toBe(true)
      expect(api.seen.length).toBeLessThan(21)
    })
  })

  describe('redirects of a request that carries the token', () => {
    it('sends a POST answered 307 once, then once to the target, with the token on the same origin', async () => {
      api.on('POST /api/old', redirect(307, '/api/new'))
      api.on('POST /api/new', (_, res) =>
        hal(res, { _links: { self: { href: '/api/new/1' } } }, 201, { location: '/api/new/1' }),
      )
      await client().go('old').post({ title: 'once' })
      expect(api.seen.map(({ method, path, token, body }) => [method, path, token, body])).toEqual([
        ['POST', '/api/old', 'secret', '{"title":"once"}'],
        ['POST', '/api/new', 'secret', '{"title":"once"}'],
      ])
    })

    it('keeps the token on a same-origin redirect of a GET', async () => {
      api.on('/api/a', redirect(302, '/api/b'))
      api.on('/api/b', (req, res) => hal(res, { token: req.headers['x-access-token'] }))
      const state = await client().go('a').get()
      expect(state.data).toEqual({ token: 'secret' })
      expect(state.uri).toBe(`${api.origin}/api/b`)
      expect(paths(api)).toEqual(['GET /api/a', 'GET /api/b'])
    })

    it.each([
      [307, 'POST', 'POST', '{"n":1}'],
      [308, 'POST', 'POST', '{"n":1}'],
      [303, 'POST', 'GET', ''],
      [301, 'POST', 'GET', ''],
      [302, 'POST', 'GET', ''],
      [303, 'PUT', 'GET', ''],
      [308, 'PUT', 'PUT', '{"n":1}'],
      [301, 'PUT', 'PUT', '{"n":1}'],
    ])(
      '%i after a %s: the next request is a %s, never with the token to another origin',
      async (status, method, next, body) => {
        api.on(`${method} /api/x`, redirect(status, `${third.origin}/landing`))
        third.on('/landing', (_, res) => hal(res, { landed: true }))
        const response = await client().send(method, 'x', { body: { n: 1 } })
        await response.body?.cancel()
        expect(response.status).toBe(200)
        expect(paths(api)).toEqual([`${method} /api/x`])
        expect(third.seen.map((r) => [r.method, r.path, r.token, r.body])).toEqual([
          [next, '/landing', undefined, body],
        ])
      },
    )

    it('sends no token back to the API once a redirect left its origin', async () => {
      api.on('/api/out', redirect(302, `${third.origin}/bounce`))
      third.on('/bounce', redirect(302, `${api.origin}/api/back`))
      api.on('/api/back', (req, res) => hal(res, { token: req.headers['x-access-token'] ?? null }))
      const state = await client().go('out').get()
      expect(state.data).toEqual({ token: null })
    })

    it('stops after 20 redirects with an InvalidResponseError', async () => {
      api.on('/api/loop', redirect(302, '/api/loop'))
      const error = await client()
        .go('loop')
        .get()
        .catch((e: unknown) => e)
      expect(isInvalidResponseError(error)).toBe(true)
      expect((error as Error).message).toBe(
        `GET ${api.origin}/api/loop answered more than 20 redirects`,
      )
      expect(api.seen).toHaveLength(21)
    })

    it('rejects an invalid Location with an InvalidResponseError', async () => {
      api.on('/api/bad', redirect(302, 'http://[::1'))
      const error = await client()
        .go('bad')
        .get()
        .catch((e: unknown) => e)
      expect(isInvalidResponseError(error)).toBe(true)
      expect((error as Error).message).toBe(
        `GET ${api.origin}/api/bad answered an invalid URL 'http://[::1'`,
      )
    })
  })
})
