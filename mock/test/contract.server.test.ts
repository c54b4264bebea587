import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockServer, type MockServer } from '../src/blog/shells/server.js'
import { client, expectProblem, expectVaryAccept } from './contract/helpers.js'
import { describeContract } from './contract/suite.js'
import type { ContractTarget } from './contract/target.js'
import { sendRaw } from './raw-http.js'

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
  raw: (request) => sendRaw(origin(), request),
  async reset() {
    const response = await fetch(`${origin()}/__admin/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    })
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

  // `/` is the HAL explorer's page, `/favicon.ico` its empty icon (explorer.test.ts).
  it.each(['/api', '/robots.txt', '/api.v1.2/blogs/1', '/index.html', '/__explorer'])(
    'GET %s answers 404 problem details pointing at /api/v1.2',
    async (path) => {
      const answer = await api.get(path)
      const problem = expectProblem(answer, 404, path)
      expect(problem.detail).toContain('/api/v1.2')
      expectVaryAccept(answer)
    },
  )
})
