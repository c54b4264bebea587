import { describe, expect, it } from 'vitest'
import { createExtendedBlogApi } from '../src/blog/api.js'
import { SEED_TIME } from '../src/blog/seed.js'
import type { BlogDb } from '../src/blog/store.js'

// Data an extension restored (a page's saved collections, say) stands in for the seed; the
// worker's own persistence is checked in worker-persistence.test.ts and in Chromium.
describe('the Blog API with extensions', () => {
  const read = async (api: ReturnType<typeof createExtendedBlogApi>, path: string) =>
    (await api.handle(new Request(`http://x.test/api/v1.2${path}`))).json()

  it('skips the seed when the extensions restored data, and indexes what they restored', async () => {
    let db: BlogDb | undefined
    const api = createExtendedBlogApi(
      { articles: 5 },
      {
        extensions: () => [],
        async restored(restoredDb) {
          db = restoredDb
          await restoredDb.blogs.create({ id: 1, title: 'Saved', description: '', updatedAt: 0 })
          await restoredDb.articles.create({ id: 9, blogId: 1, title: 'Saved', updatedAt: 0 })
          return true
        },
      },
    )
    await api.ready
    expect(db?.articles.count()).toBe(1)
    expect((await read(api, '/blogs/1/articles/9')).title).toBe('Saved')
    expect((await read(api, '/blogs/1/articles')).totalArticles).toBe(1)
  })

  it("moves a blog's Last-Modified on a delete after a restore, so If-Modified-Since is no 304", async () => {
    const api = createExtendedBlogApi(
      {},
      {
        extensions: () => [],
        async restored(db) {
          const at = SEED_TIME
          await db.blogs.create({ id: 1, title: 'Saved', description: '', updatedAt: at })
          await db.articles.create({ id: 1, blogId: 1, title: 'Saved', updatedAt: at })
          await db.articles.create({ id: 2, blogId: 1, title: 'Deleted', updatedAt: at })
          return true
        },
      },
    )
    const url = 'http://x.test/api/v1.2/blogs/1'
    const removed = await api.handle(
      new Request(`${url}/articles/2`, {
        method: 'DELETE',
        headers: { 'x-access-token': 'dev-token' },
      }),
    )
    expect(removed.status).toBe(204)
    const since = new Date(SEED_TIME).toUTCString()
    const blog = await api.handle(new Request(url, { headers: { 'if-modified-since': since } }))
    expect(blog.status).toBe(200)
    expect(Date.parse(blog.headers.get('last-modified') ?? '')).toBeGreaterThan(SEED_TIME)
  })

  it('loads the seed when the extensions restored nothing', async () => {
    const api = createExtendedBlogApi(
      { articles: 5 },
      { extensions: () => [], restored: async () => false },
    )
    expect((await read(api, '/blogs/1/articles')).totalArticles).toBe(5)
  })
})
