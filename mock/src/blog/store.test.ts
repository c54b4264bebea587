import { describe, expect, it } from 'vitest'
import { builtInSeed, defaultSeed } from './seed.js'
import { BlogStore, type SeedData } from './store.js'

/** A seed with the same records that is not known to be valid, so each record is checked. */
const untrusted = (seed: SeedData): SeedData => ({ ...seed })

const plain = (records: readonly object[]) => JSON.parse(JSON.stringify(records))

describe('BlogStore loading a seed', () => {
  it('holds the same records whether the seed is built in, given or checked one by one', async () => {
    const stores = [
      new BlogStore(builtInSeed(30)),
      new BlogStore(defaultSeed({ articles: 30 })),
      new BlogStore(untrusted(defaultSeed({ articles: 30 }))),
    ]
    await Promise.all(stores.map((store) => store.ready))
    const [first, ...others] = stores.map(({ db }) => ({
      blogs: plain(db.blogs.all()),
      articles: plain(db.articles.all()),
      comments: plain(db.comments.all()),
      persons: plain(db.persons.all()),
    }))
    expect(first?.articles).toHaveLength(30)
    for (const other of others) expect(other).toEqual(first)
    for (const store of stores) {
      expect(store.article(1, 30)?.title).toBe('Article 30')
      expect(store.articles(1, 25, 10).items.map((article) => article.id)).toEqual([
        26, 27, 28, 29, 30,
      ])
      expect(store.comment(1, 2)?.articleId).toBe(1)
      expect(store.person('3')?.name).toBe('Alan')
    }
  })

  it('gives the records @msw/data’s marks when db is first read', async () => {
    const store = new BlogStore(builtInSeed(20))
    await store.ready
    const symbols = (record: object) => Object.getOwnPropertySymbols(record).length
    const articles = store.db.articles.all()
    expect(articles.map(symbols)).toEqual(Array(20).fill(2))
    // The collection's own lookups by primary key work on every one of them.
    await store.db.articles.update((q) => q.where({ id: 20 }), {
      data(article) {
        article.title = 'Through db'
      },
    })
    expect(store.article(1, 20)?.title).toBe('Through db')
    store.db.articles.delete(articles[9] as (typeof articles)[number])
    expect(store.article(1, 10)).toBeUndefined()
    expect(store.db.articles.count()).toBe(19)
  })

  it('rejects a given seed whose records do not match their schema', async () => {
    const seed = defaultSeed({ articles: 3 })
    const bad = untrusted({
      ...seed,
      articles: [...seed.articles, { ...seed.articles[0], id: 4, title: 7 } as never],
    })
    await expect(new BlogStore(bad).ready).rejects.toThrow()
  })

  it('keeps a given seed unchanged, so that it can be loaded again', async () => {
    const seed = defaultSeed({ articles: 5 })
    const first = new BlogStore(seed)
    await first.ready
    const article = first.article(1, 2)
    if (!article) throw new Error('article 2 is missing')
    await first.replaceArticle(article, { title: 'Edited' })
    const second = new BlogStore(seed)
    await second.ready
    expect(second.article(1, 2)?.title).toBe('Article 2')
    expect(Object.getOwnPropertySymbols(seed.articles[1] as object)).toEqual([])
  })
})

describe('BlogStore writes', () => {
  it('replaces an article in its place, as a new record, for the index and the collection', async () => {
    const store = new BlogStore(builtInSeed(50))
    await store.ready
    const before = store.article(1, 40)
    if (!before) throw new Error('article 40 is missing')
    const after = await store.replaceArticle(before, { title: 'New title' })
    expect(after).not.toBe(before)
    expect(before.title).toBe('Article 40')
    expect(store.article(1, 40)).toBe(after)
    expect(store.db.articles.all()[39]).toBe(after)
    expect(after).toEqual({ id: 40, blogId: 1, title: 'New title', updatedAt: after.updatedAt })
    expect(store.db.articles.findFirst((q) => q.where({ id: 40 }))?.title).toBe('New title')
  })

  it('stores a title trimmed, so whitespace padding is never kept', async () => {
    const store = new BlogStore(builtInSeed(5))
    await store.ready
    const padding = ' \t\n'.repeat(100_000)
    const created = await store.createArticle(1, { title: `${padding}Padded${padding}` })
    expect(created.title).toBe('Padded')
    const replaced = await store.replaceArticle(created, { title: `  Again  ` })
    expect(store.article(1, replaced.id)?.title).toBe('Again')
  })

  it('tells the collection’s update and delete listeners, going through @msw/data then', async () => {
    const store = new BlogStore(builtInSeed(10))
    await store.ready
    const events: string[] = []
    store.db.articles.hooks.on('update', (event) => {
      events.push(`update ${event.data.nextRecord.id}`)
    })
    store.db.articles.hooks.on('delete', (event) => {
      events.push(`delete ${event.data.deletedRecord.id}`)
    })
    const three = store.article(1, 3)
    const four = store.article(1, 4)
    if (!three || !four) throw new Error('articles 3 and 4 are missing')
    const updated = await store.replaceArticle(three, { title: 'Heard' })
    store.deleteArticle(four)
    expect(events).toContain('update 3')
    expect(events).toContain('delete 4')
    expect(store.article(1, 3)).toBe(updated)
    expect(store.article(1, 4)).toBeUndefined()
    expect(store.db.articles.count()).toBe(9)
  })

  it('deletes an article from the collection and the index', async () => {
    const store = new BlogStore(builtInSeed(20))
    await store.ready
    const article = store.article(1, 7)
    if (!article) throw new Error('article 7 is missing')
    store.deleteArticle(article)
    expect(store.article(1, 7)).toBeUndefined()
    expect(store.db.articles.all().map((a) => a.id)).not.toContain(7)
    expect(store.articles(1, 0, 100).total).toBe(19)
  })
})
