import { getResponse } from 'msw'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createBlogApi } from '../src/blog/index.js'
import { createMockServer, type MockServer } from '../src/blog/shells/server.js'

let server: MockServer
beforeAll(async () => {
  server = await createMockServer({ port: 0, log: false })
})
beforeEach(() => server.api.reset())
afterAll(() => server.close())

const write = { 'content-type': 'application/json', 'x-access-token': 'dev-token' }

describe('concurrent writes on the real server', () => {
  it('50 parallel PUTs with the same If-Match: exactly one 200, 49 412', async () => {
    const url = `${server.url}/blogs/1/articles/1`
    const etag = (await fetch(url)).headers.get('etag') ?? ''
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(url, {
          method: 'PUT',
          headers: { ...write, 'if-match': etag },
          body: JSON.stringify({ title: `Writer ${i}` }),
        }).then(async (response) => {
          await response.arrayBuffer()
          return response.status
        }),
      ),
    )
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 412)).toHaveLength(49)
    const winner = await fetch(url).then((r) => r.json() as Promise<{ title: string }>)
    expect(winner.title).toMatch(/^Writer \d+$/)
  })

  it('500 parallel POSTs: 500 distinct ids, all listed afterwards', async () => {
    const results = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        fetch(`${server.url}/blogs/2/articles`, {
          method: 'POST',
          headers: write,
          body: JSON.stringify({ title: `Parallel ${i}` }),
        }).then(async (response) => ({
          status: response.status,
          id: ((await response.json()) as { id: number }).id,
        })),
      ),
    )
    expect(results.every((r) => r.status === 201)).toBe(true)
    const ids = new Set(results.map((r) => r.id))
    expect(ids.size).toBe(500)

    const listed = new Set<number>()
    let next: string | undefined = `${server.url}/blogs/2/articles?pageSize=100`
    while (next) {
      const page = (await fetch(next).then((r) => r.json())) as {
        totalArticles: number
        _link: { nextPage?: { href: string } }
        _embedded: { id: number }[]
      }
      expect(page.totalArticles).toBe(500)
      for (const article of page._embedded) listed.add(article.id)
      next = page._link.nextPage?.href
    }
    expect(listed).toEqual(ids)
  })
})

describe('concurrent writes in process', () => {
  it('50 PUTs started in the same tick with the same If-Match: exactly one wins', async () => {
    // No network to spread the arrivals: every request reaches the precondition check together.
    const api = createBlogApi()
    const url = 'http://blog.test/api/v1.2/blogs/1/articles/2'
    const etag = (await getResponse(api.handlers, new Request(url)))?.headers.get('etag') ?? ''
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        getResponse(
          api.handlers,
          new Request(url, {
            method: 'PUT',
            headers: { ...write, 'if-match': etag },
            body: JSON.stringify({ title: `Writer ${i}` }),
          }),
        ).then((response) => response?.status),
      ),
    )
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 412)).toHaveLength(49)
  })
})
