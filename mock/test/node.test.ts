import { getResponse, HttpResponse, http } from 'msw'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createBlogApi } from '../src/blog/index.js'
import { setupBlogApi } from '../src/blog/shells/node.js'

const mock = setupBlogApi({ articles: 3 })
beforeAll(() => mock.server.listen({ onUnhandledFrame: 'error' }))
afterEach(async () => {
  mock.server.resetHandlers()
  await mock.reset()
})
afterAll(() => mock.server.close())

const create = (base: string, title: string) =>
  fetch(`${base}/api/v1.2/blogs/1/articles`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
    body: JSON.stringify({ title }),
  })

describe('@halyard/mock/node', () => {
  it('answers this process’s fetch calls on any host', async () => {
    for (const host of ['http://localhost', 'https://api.example.com']) {
      const page = await fetch(`${host}/api/v1.2/blogs/1/articles`).then((r) => r.json())
      expect(page.totalArticles).toBe(3)
      expect(page._link.self.href.startsWith(host)).toBe(true)
    }
  })

  it('lets a test override one route with server.use() and leaves the others alone', async () => {
    mock.server.use(
      http.get('*/api/v1.2/blogs/:blogId/articles/:articleId', () =>
        HttpResponse.json(
          { title: 'Overridden' },
          { headers: { 'content-type': 'application/hal+json' } },
        ),
      ),
    )
    expect(
      (await fetch('http://localhost/api/v1.2/blogs/1/articles/1').then((r) => r.json())).title,
    ).toBe('Overridden')
    expect((await fetch('http://localhost/api/v1.2/blogs/1').then((r) => r.json())).title).toBe(
      'Engineering blog',
    )
  })

  it('exposes the data in db and forgets writes on reset()', async () => {
    expect((await create('http://localhost', 'Kept until reset')).status).toBe(201)
    expect(mock.db.articles.count()).toBe(4)
    expect(mock.db.articles.findFirst((q) => q.where({ title: 'Kept until reset' }))?.id).toBe(4)
    await mock.reset()
    expect(mock.db.articles.count()).toBe(3)
  })

  it("keeps the instance's members when spread", async () => {
    const { server, ...api } = mock
    expect(server).toBe(mock.server)
    expect(Object.keys(api)).toEqual(expect.arrayContaining(['handlers', 'db', 'ready', 'reset']))
    await create('http://localhost', 'Forgotten')
    expect(api.db.articles.count()).toBe(4)
    await api.reset()
    expect(mock.db.articles.count()).toBe(3)
  })
})

describe('createBlogApi', () => {
  it('gives each instance its own data', async () => {
    const a = createBlogApi()
    const b = createBlogApi()
    const post = (api: typeof a) =>
      getResponse(
        api.handlers,
        new Request('http://x.test/api/v1.2/blogs/2/articles', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
          body: JSON.stringify({ title: 'Only in a' }),
        }),
      )
    expect((await post(a))?.status).toBe(201)
    await b.ready
    expect(a.db.articles.count()).toBe(43)
    expect(b.db.articles.count()).toBe(42)
  })

  it('never reuses an id a test created directly in db', async () => {
    const api = createBlogApi({ articles: 2 })
    await api.ready
    await api.db.articles.create({ id: 3, blogId: 1, title: 'Seeded by a test', updatedAt: 0 })
    const created = await getResponse(
      api.handlers,
      new Request('http://x.test/api/v1.2/blogs/1/articles', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
        body: JSON.stringify({ title: 'Posted' }),
      }),
    ).then((r) => r?.json())
    expect(created.id).toBe(4)
    const page = await getResponse(
      api.handlers,
      new Request('http://x.test/api/v1.2/blogs/1/articles'),
    ).then((r) => r?.json())
    expect(page._embedded.map((a: { title: string }) => a.title)).toEqual([
      'Article 1',
      'Article 2',
      'Seeded by a test',
      'Posted',
    ])
  })

  it('answers only its baseUrl when one is given', async () => {
    const api = createBlogApi({ baseUrl: 'https://api.example.com/' })
    const at = (url: string) => getResponse(api.handlers, new Request(url))
    expect((await at('https://api.example.com/api/v1.2/blogs/1'))?.status).toBe(200)
    expect(await at('https://other.example.com/api/v1.2/blogs/1')).toBeUndefined()
  })

  it('uses the tokens it is given', async () => {
    const api = createBlogApi({ tokens: { 'blog-2-only': { blogs: [2] } } })
    const post = (blogId: number, token: string) =>
      getResponse(
        api.handlers,
        new Request(`http://x.test/api/v1.2/blogs/${blogId}/articles`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-access-token': token },
          body: JSON.stringify({ title: 'Hi' }),
        }),
      ).then((r) => r?.status)
    expect(await post(2, 'blog-2-only')).toBe(201)
    expect(await post(1, 'blog-2-only')).toBe(403)
    expect(await post(2, 'dev-token')).toBe(401)
  })

  it('rejects options that cannot work, naming them', () => {
    expect(() => createBlogApi({ articles: -1 })).toThrow(/articles/)
    expect(() => createBlogApi({ delay: 20_000 })).toThrow(/delay/)
    expect(() => createBlogApi({ baseUrl: 'not a url' })).toThrow(/baseUrl/)
  })
})
