// A page read again is served from memory (pages.ts): these hold it to what a fresh read gives,
// after each kind of change a page can see, the writes that go around the routes included.
import { getResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { type BlogApi, createBlogApi } from '../api.js'

const ORIGIN = 'http://blog.test'
const ARTICLES = `${ORIGIN}/api/v1.2/blogs/1/articles?pageSize=5`
const COMMENTS = `${ORIGIN}/api/v1.2/blogs/1/articles/1/comments`

interface Read {
  etag: string | null
  body: {
    totalArticles?: number
    _embedded: { id: number; title?: string; content?: string; _links: Record<string, unknown> }[]
  }
}

async function read(api: BlogApi, url: string): Promise<Read> {
  const response = await getResponse(api.handlers, new Request(url))
  expect(response?.status, url).toBe(200)
  return { etag: response?.headers.get('etag') ?? null, body: await response?.json() }
}

/** Reads a page twice, so that the second read comes from memory, then changes it. */
async function readTwice(api: BlogApi, url: string): Promise<Read> {
  const first = await read(api, url)
  expect(await read(api, url)).toEqual(first)
  return first
}

describe('a page read again', () => {
  let api: BlogApi
  beforeEach(async () => {
    api = createBlogApi({ articles: 12 })
    await api.ready
  })

  it('shows an article edited through db, with a new ETag', async () => {
    const before = await readTwice(api, ARTICLES)
    await api.db.articles.update((q) => q.where({ id: 2 }), {
      data(article) {
        article.title = 'Edited through db'
      },
    })
    const after = await read(api, ARTICLES)
    expect(after.body._embedded[1]?.title).toBe('Edited through db')
    expect(after.etag).not.toBe(before.etag)
  })

  it("shows the blog's new title in every embedded article's doc:blog link", async () => {
    await readTwice(api, ARTICLES)
    await api.db.blogs.update((q) => q.where({ id: 1 }), {
      data(blog) {
        blog.title = 'Renamed'
      },
    })
    const after = await read(api, ARTICLES)
    const titles = after.body._embedded.map((item) => item._links['doc:blog'])
    expect(titles).toEqual(Array(5).fill({ href: `${ORIGIN}/api/v1.2/blogs/1`, title: 'Renamed' }))
  })

  it('counts an article created beyond the page, whose items stay the same', async () => {
    const before = await readTwice(api, ARTICLES)
    const created = await getResponse(
      api.handlers,
      new Request(`${ORIGIN}/api/v1.2/blogs/1/articles`, {
        method: 'POST',
        headers: { 'x-access-token': 'dev-token', 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Thirteenth' }),
      }),
    )
    expect(created?.status).toBe(201)
    const after = await read(api, ARTICLES)
    expect(after.body._embedded).toEqual(before.body._embedded)
    expect(after.body.totalArticles).toBe(13)
    expect(after.etag).not.toBe(before.etag)
  })

  it('shows a comment edited through db', async () => {
    const before = await readTwice(api, COMMENTS)
    const [first] = before.body._embedded
    if (!first) throw new Error('article 1 has seeded comments')
    await api.db.comments.update((q) => q.where({ id: first.id }), {
      data(comment) {
        comment.content = 'Edited comment'
      },
    })
    const after = await read(api, COMMENTS)
    expect(after.body._embedded[0]?.content).toBe('Edited comment')
    expect(after.etag).not.toBe(before.etag)
  })

  it("is another instance's own page on the same origin", async () => {
    const other = createBlogApi({ articles: 12 })
    await other.ready
    await readTwice(api, ARTICLES)
    await other.db.articles.update((q) => q.where({ id: 1 }), {
      data(article) {
        article.title = 'Only in the other instance'
      },
    })
    expect((await read(other, ARTICLES)).body._embedded[0]?.title).toBe(
      'Only in the other instance',
    )
    expect((await read(api, ARTICLES)).body._embedded[0]?.title).not.toBe(
      'Only in the other instance',
    )
  })
})
