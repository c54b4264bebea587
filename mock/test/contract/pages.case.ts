import { describe, expect, it } from 'vitest'
import {
  type Article,
  type Blog,
  client,
  expand,
  expectProblem,
  itWriting,
  type Page,
  pageParams,
  paths,
  SEED,
} from './helpers.js'
import type { ContractTarget } from './target.js'

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)

/** docs/api.md, Resources, Article page: page arithmetic, links, defaults, limits and order. */
export function pageCases(target: () => ContractTarget): void {
  const api = client(target)
  // Cases that write need the seed restored before each (not registered where it cannot be).
  const writes = itWriting(target)
  const page = (blogId: number, query = '') =>
    api.read<Page<Article>>(paths.articles(blogId, query))
  const ids = (p: Page<Article>) => p._embedded.map((article) => article.id)
  const index = (link: { href: string } | undefined) =>
    link === undefined ? undefined : pageParams(link.href).pageIndex

  describe('article pages', () => {
    it('without parameters: page 1 of 10 articles, with next and last but no previous', async () => {
      const p = await page(1)
      expect(p).toMatchObject({
        pageIndex: 1,
        pageSize: 10,
        totalArticles: SEED.articles,
        totalPages: 5,
      })
      expect(ids(p)).toEqual(range(1, 10))
      expect(p._link.previousPage).toBeUndefined()
      expect(index(p._link.firstPage)).toBe(1)
      expect(index(p._link.self)).toBe(1)
      expect(index(p._link.nextPage)).toBe(2)
      expect(index(p._link.lastPage)).toBe(5)
      for (const link of Object.values(p._link)) expect(pageParams(link.href).pageSize).toBe(10)
    })

    it('page links point at the collection the blog links to, with both parameters', async () => {
      const blog = await api.read<Blog>(paths.blog(1))
      const collection = expand(blog._links['doc:articles'].href, {})
      const p = await api.read<Page<Article>>(
        api.path(expand(blog._links['doc:articles'].href, { pageIndex: 3, pageSize: 4 })),
      )
      expect(Object.keys(p._link).sort()).toEqual(
        ['firstPage', 'lastPage', 'nextPage', 'previousPage', 'self'].sort(),
      )
      for (const link of Object.values(p._link)) {
        const url = new URL(link.href)
        expect(`${url.origin}${url.pathname}`).toBe(collection)
        expect(pageParams(link.href).pageSize).toBe(4)
        expect(link.templated).toBeFalsy()
      }
      expect(index(p._link.previousPage)).toBe(2)
      expect(index(p._link.nextPage)).toBe(4)
    })

    it('each page link answers the page it names', async () => {
      const p = await page(1, '?pageIndex=3&pageSize=10')
      for (const link of Object.values(p._link)) {
        const target = await api.read<Page<Article>>(api.path(link.href))
        expect(target.pageIndex).toBe(pageParams(link.href).pageIndex)
        expect(target._link.self.href).toBe(link.href)
      }
    })

    it('only pageIndex: pageSize defaults to 10', async () => {
      const p = await page(1, '?pageIndex=2')
      expect(p).toMatchObject({ pageIndex: 2, pageSize: 10 })
      expect(ids(p)).toEqual(range(11, 20))
    })

    it('only pageSize: pageIndex defaults to 1', async () => {
      const p = await page(1, '?pageSize=7')
      expect(p).toMatchObject({ pageIndex: 1, pageSize: 7, totalPages: 6 })
      expect(ids(p)).toEqual(range(1, 7))
    })

    it('a middle page has both neighbours', async () => {
      const p = await page(1, '?pageIndex=3&pageSize=10')
      expect(ids(p)).toEqual(range(21, 30))
      expect(index(p._link.previousPage)).toBe(2)
      expect(index(p._link.nextPage)).toBe(4)
      expect(index(p._link.lastPage)).toBe(5)
    })

    it('the last page holds the remainder and has no next page', async () => {
      const p = await page(1, '?pageIndex=5&pageSize=10')
      expect(ids(p)).toEqual([41, 42])
      expect(p._link.nextPage).toBeUndefined()
      expect(index(p._link.previousPage)).toBe(4)
      expect(index(p._link.lastPage)).toBe(5)
    })

    it.each([6, 1000])('page %i, past the last page, is 200 and empty', async (pageIndex) => {
      const p = await page(1, `?pageIndex=${pageIndex}&pageSize=10`)
      expect(p).toMatchObject({
        pageIndex,
        pageSize: 10,
        totalPages: 5,
        totalArticles: SEED.articles,
        _embedded: [],
      })
      expect(p._link.nextPage).toBeUndefined()
      expect(p._link.previousPage).toBeDefined()
      expect(index(p._link.lastPage)).toBe(5)
      expect(index(p._link.self)).toBe(pageIndex)
    })

    it('pageSize 1: one article per page, 42 pages', async () => {
      const first = await page(1, '?pageSize=1')
      expect(first).toMatchObject({ pageSize: 1, totalPages: SEED.articles })
      expect(ids(first)).toEqual([1])
      expect(index(first._link.nextPage)).toBe(2)
      const last = await page(1, `?pageIndex=${SEED.articles}&pageSize=1`)
      expect(ids(last)).toEqual([SEED.articles])
      expect(last._link.nextPage).toBeUndefined()
      expect(index(last._link.lastPage)).toBe(SEED.articles)
    })

    it('pageSize 100: every article on one page, which is also the last', async () => {
      const p = await page(1, '?pageSize=100')
      expect(p).toMatchObject({ pageIndex: 1, pageSize: 100, totalPages: 1 })
      expect(ids(p)).toEqual(range(1, SEED.articles))
      expect(p._link.previousPage).toBeUndefined()
      expect(p._link.nextPage).toBeUndefined()
      expect(index(p._link.lastPage)).toBe(1)
    })

    it('the empty blog 2: 0 pages, lastPage 1, no neighbours on page 1', async () => {
      const p = await page(2)
      expect(p).toMatchObject({
        pageIndex: 1,
        pageSize: 10,
        totalPages: 0,
        totalArticles: 0,
        _embedded: [],
      })
      expect(p._link.previousPage).toBeUndefined()
      expect(p._link.nextPage).toBeUndefined()
      expect(index(p._link.firstPage)).toBe(1)
      expect(index(p._link.lastPage)).toBe(1)
    })

    it('the empty blog 2, page 2: empty, a previous page but no next', async () => {
      const p = await page(2, '?pageIndex=2')
      expect(p).toMatchObject({ pageIndex: 2, totalPages: 0, totalArticles: 0, _embedded: [] })
      expect(index(p._link.previousPage)).toBe(1)
      expect(p._link.nextPage).toBeUndefined()
      expect(index(p._link.lastPage)).toBe(1)
    })

    it('following nextPage from the first page lists every article once, by ascending id', async () => {
      const seen: number[] = []
      let p = await page(1, '?pageSize=7')
      let pages = 1
      seen.push(...ids(p))
      while (p._link.nextPage) {
        p = await api.read<Page<Article>>(api.path(p._link.nextPage.href))
        seen.push(...ids(p))
        pages += 1
      }
      expect(seen).toEqual(range(1, SEED.articles))
      expect(pages).toBe(p.totalPages)
      expect(p._link.self.href).toBe(p._link.lastPage.href)
    })

    it('an article is embedded whole, as it answers at its self link', async () => {
      const p = await page(1, '?pageIndex=2&pageSize=3')
      expect(ids(p)).toEqual([4, 5, 6])
      for (const embedded of p._embedded) {
        expect(await api.read<Article>(api.path(embedded._links.self.href))).toEqual(embedded)
      }
    })

    writes('totals follow writes: a new article is counted and listed last', async () => {
      const { article } = await api.create({ title: 'Newest' })
      const p = await page(1, '?pageSize=6')
      expect(p).toMatchObject({ totalArticles: SEED.articles + 1, totalPages: 8 })
      const last = await api.read<Page<Article>>(api.path(p._link.lastPage.href))
      expect(last.pageIndex).toBe(8)
      expect(ids(last)).toEqual([article.id])
      expect(last._link.nextPage).toBeUndefined()
    })

    writes('totals follow writes: a deleted article leaves the pages', async () => {
      expect((await api.send('DELETE', paths.article(1, 1))).status).toBe(204)
      const p = await page(1, '?pageSize=6')
      expect(p).toMatchObject({ totalArticles: SEED.articles - 1, totalPages: 7 })
      expect(ids(p)).toEqual(range(2, 7))
    })

    writes('an article created in the empty blog 2 makes it one page long', async () => {
      const { article } = await api.create({ title: 'First of blog 2' }, 2)
      const p = await page(2)
      expect(p).toMatchObject({ totalArticles: 1, totalPages: 1 })
      expect(ids(p)).toEqual([article.id])
      expect(p._link.nextPage).toBeUndefined()
      expect(index(p._link.lastPage)).toBe(1)
    })

    it.each([
      ['pageSize', '?pageSize=0'],
      ['pageSize', '?pageSize=101'],
      ['pageSize', '?pageSize=abc'],
      ['pageSize', '?pageSize=1.5'],
      ['pageSize', '?pageSize=-1'],
      ['pageSize', '?pageSize=10&pageSize=10'],
      ['pageIndex', '?pageIndex=0'],
      ['pageIndex', '?pageIndex=-1'],
      ['pageIndex', '?pageIndex=abc'],
      ['pageIndex', '?pageIndex=2.5'],
      ['pageIndex', '?pageIndex=1&pageIndex=2'],
    ])('400 naming %s for %s', async (name, query) => {
      const problem = expectProblem(await api.get(paths.articles(1, query)), 400, query)
      expect(problem.detail).toContain(name)
    })

    it('an unknown blog has no article page (404)', async () => {
      expectProblem(await api.get(paths.articles(3)), 404)
    })
  })

  describe('(ext) standard HAL _links beside _link on every page', () => {
    /** `_link`'s rels under their IANA names, as `_links` must carry them. */
    const standard = {
      self: 'self',
      firstPage: 'first',
      previousPage: 'prev',
      nextPage: 'next',
      lastPage: 'last',
    } as const
    const expected = (p: Page<unknown>) =>
      Object.fromEntries(
        Object.entries(p._link).map(([rel, link]) => [
          standard[rel as keyof typeof standard],
          link,
        ]),
      )

    it.each([
      ['the first page of articles', paths.articles(1)],
      ['a middle page', paths.articles(1, '?pageIndex=3&pageSize=10')],
      ['the last page', paths.articles(1, '?pageIndex=5&pageSize=10')],
      ['a page past the last', paths.articles(1, '?pageIndex=9&pageSize=10')],
      ['the empty blog 2', paths.articles(2)],
      ['a page of comments', paths.comments(1, 1, '?pageSize=1')],
      ['the next page of comments', paths.comments(1, 1, '?pageIndex=2&pageSize=1')],
    ])('%s: self, first, prev, next, last with the same hrefs, omitted alike', async (_, path) => {
      const p = await api.read<Page<unknown>>(path)
      expect(p._links).toEqual(expected(p))
      expect(p._links.self.href).toBe(p._link.self.href)
    })

    it('following _links.next from the first page lists every article once', async () => {
      const seen: number[] = []
      let p = await page(1, '?pageSize=9')
      seen.push(...ids(p))
      while (p._links.next) {
        expect(p._links.next.href).toBe(p._link.nextPage?.href)
        p = await api.read<Page<Article>>(api.path(p._links.next.href))
        expect(index(p._links.prev)).toBe(p.pageIndex - 1)
        seen.push(...ids(p))
      }
      expect(seen).toEqual(range(1, SEED.articles))
      expect(p._links.self.href).toBe(p._links.last.href)
    })
  })
}
