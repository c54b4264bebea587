import { getResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createExtendedBlogApi } from '../src/blog/api.js'
import { persistence } from '../src/blog/persistence.js'
import { SEED_TIME } from '../src/blog/seed.js'
import type { BlogDb } from '../src/blog/store.js'

// A page's `window` and `localStorage`, enough for @msw/data's persist(). The reload itself (a new
// page hydrating what this one saved) is checked in a real Chromium: e2e/app/persistence.spec.ts.
class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>()
  get length() {
    return this.#items.size
  }
  key = (index: number) => [...this.#items.keys()][index] ?? null
  getItem = (key: string) => this.#items.get(key) ?? null
  setItem = (key: string, value: string) => void this.#items.set(key, String(value))
  removeItem = (key: string) => void this.#items.delete(key)
  clear = () => this.#items.clear()
  /** What persist() saved: one document per collection. */
  saved(): { records: Record<string, unknown>[] }[] {
    return [...this.#items.values()].map((value) => JSON.parse(value))
  }
}

let page: EventTarget
let storage: MemoryStorage
beforeEach(() => {
  page = new EventTarget()
  storage = new MemoryStorage()
  vi.stubGlobal('window', page)
  vi.stubGlobal('localStorage', storage)
})
afterEach(() => vi.unstubAllGlobals())

const post = (api: ReturnType<typeof createExtendedBlogApi>, title: string) =>
  getResponse(
    api.handlers,
    new Request('http://x.test/api/v1.2/blogs/1/articles', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
      body: JSON.stringify({ title }),
    }),
  )

const savedTitles = () =>
  storage
    .saved()
    .flatMap((collection) => collection.records)
    .filter((record) => 'blogId' in record)
    .map((record) => record.title)

describe('persistence()', () => {
  it('saves every collection when the page is hidden (pagehide), not before', async () => {
    const api = createExtendedBlogApi({ articles: 2 }, persistence())
    expect((await post(api, 'Kept'))?.status).toBe(201)
    expect(storage.length).toBe(0)
    page.dispatchEvent(new Event('pagehide'))
    expect(storage.length).toBe(4)
    expect(savedTitles()).toEqual(['Article 1', 'Article 2', 'Kept'])
  })

  it('does not depend on unload, which Chrome is retiring', async () => {
    const api = createExtendedBlogApi({ articles: 1 }, persistence())
    await api.ready
    page.dispatchEvent(new Event('unload'))
    expect(storage.length).toBe(0)
  })

  it('reset() restores the seed in the same collections, so the next save holds the seed', async () => {
    const api = createExtendedBlogApi({ articles: 2 }, persistence())
    const { articles } = api.db
    await post(api, 'Discarded')
    await api.reset()
    expect(api.db.articles).toBe(articles)
    expect(api.db.articles.count()).toBe(2)
    page.dispatchEvent(new Event('pagehide'))
    expect(storage.length).toBe(4)
    expect(savedTitles()).toEqual(['Article 1', 'Article 2'])
    // Ids are never reused, even across a reset.
    expect(await post(api, 'After reset').then((r) => r?.json())).toMatchObject({ id: 4 })
  })

  it('seeds as usual where there is no page (Node)', async () => {
    vi.unstubAllGlobals()
    const api = createExtendedBlogApi({ articles: 3 }, persistence())
    await api.ready
    expect(api.db.articles.count()).toBe(3)
  })
})

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
