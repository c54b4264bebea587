import { describe, expect, it } from 'vitest'
import { type BlogApi, createBlogApi } from './api.js'
import { defaultSeed } from './seed.js'
import type { SeedData } from './store.js'

/** A seed with the same records that is not known to be valid, so each record is checked. */
const untrusted = (seed: SeedData): SeedData => ({ ...seed })

const plain = (records: readonly object[]) => JSON.parse(JSON.stringify(records))

const ROOT = 'http://blog.test/api/v1.2'
const get = async (api: BlogApi, path: string) => {
  const response = await api.handle(new Request(`${ROOT}${path}`))
  return { status: response.status, body: response.status === 200 ? await response.json() : {} }
}
const send = (api: BlogApi, method: string, path: string, body?: unknown) =>
  api.handle(
    new Request(`${ROOT}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  )

describe('the Blog API loading a seed', () => {
  it('holds the same records whether the seed is built in, given or checked one by one', async () => {
    const apis = [
      createBlogApi({ articles: 30 }),
      createBlogApi({ seed: defaultSeed({ articles: 30 }) }),
      createBlogApi({ seed: untrusted(defaultSeed({ articles: 30 })) }),
    ]
    await Promise.all(apis.map((api) => api.ready))
    const [first, ...others] = apis.map(({ db }) => ({
      blogs: plain(db.blogs.all()),
      articles: plain(db.articles.all()),
      comments: plain(db.comments.all()),
      persons: plain(db.persons.all()),
    }))
    expect(first?.articles).toHaveLength(30)
    for (const other of others) expect(other).toEqual(first)
    for (const api of apis) {
      expect((await get(api, '/blogs/1/articles/30')).body.title).toBe('Article 30')
      const page = await get(api, '/blogs/1/articles?pageIndex=3&pageSize=10')
      expect(page.body._embedded.map((a: { id: number }) => a.id)).toEqual([
        21, 22, 23, 24, 25, 26, 27, 28, 29, 30,
      ])
      expect((await get(api, '/blogs/1/articles/1/comments/2')).status).toBe(200)
      expect(api.db.persons.findFirst((q) => q.where({ id: '3' }))?.name).toBe('Alan')
    }
  })

  it('gives the records @msw/data’s marks when db is first read, and sees writes made through it', async () => {
    const api = createBlogApi({ articles: 20 })
    await api.ready
    const symbols = (record: object) => Object.getOwnPropertySymbols(record).length
    const articles = api.db.articles.all()
    expect(articles.map(symbols)).toEqual(Array(20).fill(2))
    // The collection's own lookups by primary key work on every one of them.
    await api.db.articles.update((q) => q.where({ id: 20 }), {
      data(article) {
        article.title = 'Through db'
      },
    })
    expect((await get(api, '/blogs/1/articles/20')).body.title).toBe('Through db')
    api.db.articles.delete(articles[9] as (typeof articles)[number])
    expect((await get(api, '/blogs/1/articles/10')).status).toBe(404)
    expect(api.db.articles.count()).toBe(19)
  })

  it('rejects a given seed whose records do not match their schema', async () => {
    const seed = defaultSeed({ articles: 3 })
    const bad = untrusted({
      ...seed,
      articles: [...seed.articles, { ...seed.articles[0], id: 4, title: 7 } as never],
    })
    await expect(createBlogApi({ seed: bad }).ready).rejects.toThrow()
  })

  it('keeps a given seed unchanged, so that it can be loaded again', async () => {
    const seed = defaultSeed({ articles: 5 })
    const first = createBlogApi({ seed })
    expect((await send(first, 'PUT', '/blogs/1/articles/2', { title: 'Edited' })).status).toBe(200)
    const second = createBlogApi({ seed })
    expect((await get(second, '/blogs/1/articles/2')).body.title).toBe('Article 2')
    expect(Object.getOwnPropertySymbols(seed.articles[1] as object)).toEqual([])
  })
})

describe('the Blog API writes', () => {
  it('replaces an article in its place, as a new record, for the index and the collection', async () => {
    const api = createBlogApi({ articles: 50 })
    await api.ready
    const before = api.db.articles.all()[39]
    expect((await send(api, 'PUT', '/blogs/1/articles/40', { title: 'New title' })).status).toBe(
      200,
    )
    const after = api.db.articles.all()[39]
    expect(after).not.toBe(before)
    expect(before?.title).toBe('Article 40')
    expect(after).toEqual({ id: 40, blogId: 1, title: 'New title', updatedAt: after?.updatedAt })
    expect(api.db.articles.findFirst((q) => q.where({ id: 40 }))?.title).toBe('New title')
  })

  it('stores a title trimmed, so whitespace padding is never kept', async () => {
    const api = createBlogApi({ articles: 5 })
    const padding = ' \t\n'.repeat(1000)
    const created = await send(api, 'POST', '/blogs/1/articles', {
      title: `${padding}Padded${padding}`,
    })
    expect((await created.json()).title).toBe('Padded')
    const location = created.headers.get('location') ?? ''
    await send(api, 'PUT', location.slice(ROOT.length), { title: '  Again  ' })
    expect(api.db.articles.findFirst((q) => q.where({ id: 6 }))?.title).toBe('Again')
  })

  it('tells the collection’s update and delete listeners, going through @msw/data then', async () => {
    const api = createBlogApi({ articles: 10 })
    await api.ready
    const events: string[] = []
    api.db.articles.hooks.on('update', (event) => {
      events.push(`update ${event.data.nextRecord.id}`)
    })
    api.db.articles.hooks.on('delete', (event) => {
      events.push(`delete ${event.data.deletedRecord.id}`)
    })
    expect((await send(api, 'PUT', '/blogs/1/articles/3', { title: 'Heard' })).status).toBe(200)
    expect((await send(api, 'DELETE', '/blogs/1/articles/4')).status).toBe(204)
    expect(events).toContain('update 3')
    expect(events).toContain('delete 4')
    expect((await get(api, '/blogs/1/articles/3')).body.title).toBe('Heard')
    expect((await get(api, '/blogs/1/articles/4')).status).toBe(404)
    expect(api.db.articles.count()).toBe(9)
  })

  it('deletes an article, and the comments under it, from the collection and the index', async () => {
    const api = createBlogApi({ articles: 20 })
    expect((await send(api, 'DELETE', '/blogs/1/articles/1')).status).toBe(204)
    expect(api.db.articles.all().map((a) => a.id)).not.toContain(1)
    expect(api.db.comments.all().map((c) => c.articleId)).not.toContain(1)
    expect((await get(api, '/blogs/1/articles?pageSize=100')).body.totalArticles).toBe(19)
  })
})
