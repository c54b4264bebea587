import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockServer, type MockServer } from '../src/server/index.js'
import { client, expectProblem, expectVaryAccept } from './contract/helpers.js'
import { describeContract } from './contract/suite.js'
import type { ContractTarget } from './contract/target.js'

// The contract suite against the real HTTP server on a free port, reset over HTTP through the
// admin route, as an external server would be.
let server: MockServer | undefined

beforeAll(async () => {
  server = await createMockServer({ port: 0, log: false })
})
afterAll(() => server?.close())

const origin = (): string => {
  if (!server) throw new Error('the mock server is not listening yet')
  return server.origin
}

const target: ContractTarget = {
  name: 'real HTTP server (createMockServer)',
  get origin() {
    return origin()
  },
  fetch: (path, init) => fetch(`${origin()}${path}`, init),
  async reset() {
    const response = await fetch(`${origin()}/__admin/reset`, { method: 'POST' })
    await response.body?.cancel()
    if (response.status !== 204) throw new Error(`POST /__admin/reset answered ${response.status}`)
  },
}

describeContract(() => target)

describe('admin reset over HTTP', () => {
  it('POST /__admin/reset restores the seed: writes are undone, ids start over', async () => {
    await target.reset()
    const post = () =>
      target.fetch('/api/v1.2/blogs/1/articles', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
        body: JSON.stringify({ title: 'Temporary' }),
      })
    const first = (await (await post()).json()) as { id: number }
    await target.fetch('/api/v1.2/blogs/1/articles/1', {
      method: 'DELETE',
      headers: { 'x-access-token': 'dev-token' },
    })
    await target.reset()
    const page = (await (await target.fetch('/api/v1.2/blogs/1/articles')).json()) as {
      totalArticles: number
    }
    expect(page.totalArticles).toBe(42)
    expect((await target.fetch('/api/v1.2/blogs/1/articles/1')).status).toBe(200)
    const again = (await (await post()).json()) as { id: number }
    expect(again.id).toBe(first.id)
  })
})

describe('real server: outside the API', () => {
  const api = client(() => target)

  // `/` is the HAL explorer's page (explorer.test.ts).
  it.each(['/api', '/favicon.ico', '/api.v1.2/blogs/1', '/index.html', '/__explorer'])(
    'GET %s answers 404 problem details pointing at /api/v1.2',
    async (path) => {
      const answer = await api.get(path)
      const problem = expectProblem(answer, 404, path)
      expect(problem.detail).toContain('/api/v1.2')
      expectVaryAccept(answer)
    },
  )
})

describe('real server: CORS (CONTRACT §3)', () => {
  const api = client(() => target)
  const ORIGIN = 'http://app.example'
  const list = (value: string | null) =>
    (value ?? '').split(',').map((item) => item.trim().toLowerCase())

  it('a preflight allows any origin, the API methods and the request headers', async () => {
    const answer = await api.request('/api/v1.2/blogs/1/articles/1', {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type, x-access-token, if-match',
      },
    })
    expect(answer.status).toBe(204)
    expect([ORIGIN, '*']).toContain(answer.headers.get('access-control-allow-origin'))
    expect(list(answer.headers.get('access-control-allow-methods'))).toEqual(
      expect.arrayContaining(['get', 'head', 'post', 'put', 'patch', 'delete', 'options']),
    )
    expect(list(answer.headers.get('access-control-allow-headers'))).toEqual(
      expect.arrayContaining([
        'content-type',
        'accept',
        'x-access-token',
        'if-match',
        'if-none-match',
        'if-modified-since',
        'if-unmodified-since',
        'prefer',
      ]),
    )
  })

  it.each([
    ['a read', () => api.get('/api/v1.2/blogs/1', { origin: ORIGIN }), 200],
    [
      'a refused write',
      () =>
        api.send(
          'POST',
          '/api/v1.2/blogs/1/articles',
          { title: 'x' },
          {
            token: null,
            headers: { origin: ORIGIN },
          },
        ),
      401,
    ],
  ] as const)(
    '%s from another origin may read the validators and errors',
    async (_, send, status) => {
      const answer = await send()
      expect(answer.status).toBe(status)
      expect([ORIGIN, '*']).toContain(answer.headers.get('access-control-allow-origin'))
      expect(list(answer.headers.get('access-control-expose-headers'))).toEqual(
        expect.arrayContaining([
          'etag',
          'last-modified',
          'location',
          'preference-applied',
          'www-authenticate',
        ]),
      )
    },
  )
})

describe('real server: admin routes (CONTRACT §5)', () => {
  it('GET /__admin/requests lists the requests received since the reset', async () => {
    await target.reset()
    await (await target.fetch('/api/v1.2/blogs/1')).text()
    await (await target.fetch('/api/v1.2/blogs/3')).text()
    const answer = await target.fetch('/__admin/requests')
    expect(answer.status).toBe(200)
    const { requests } = (await answer.json()) as {
      requests: { method: string; url: string; status: number }[]
    }
    expect(requests.map(({ method, url, status }) => ({ method, url, status }))).toEqual([
      { method: 'GET', url: '/api/v1.2/blogs/1', status: 200 },
      { method: 'GET', url: '/api/v1.2/blogs/3', status: 404 },
    ])
  })
})
