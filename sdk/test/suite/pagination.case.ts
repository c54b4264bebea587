import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { blogConventions, createBlogClient } from '../../src/blog/index.js'
import { isLinkNotFoundError, type LinkNotFoundError } from '../../src/index.js'
import { itOverriding, lines, override, recordingClient } from './helpers.js'
import type { SdkTarget } from './target.js'

export function paginationCases(target: () => SdkTarget): void {
  describe('paginate', () => {
    let t: SdkTarget
    beforeEach(() => {
      t = target()
    })

    // Pages in the Blog API's spelling alone: `_link`, `nextPage`, and an array `_embedded`.
    const onlyBlogLinks = http.get('*/api/v1.2/blogs/2/articles', ({ request }) => {
      const second = new URL(request.url).searchParams.get('pageIndex') === '2'
      return HttpResponse.json({
        _link: second ? {} : { nextPage: { href: '?pageIndex=2' } },
        _embedded: [{ id: second ? 2 : 1 }],
      })
    })

    const articles = (pageSize: number) => {
      const recording = recordingClient(t)
      const collection = recording.client.go(`blogs/1/articles?pageIndex=1&pageSize=${pageSize}`)
      return { ...recording, collection }
    }

    itOverriding(target)(
      'a generic client follows next only: a page linking only the Blog API’s _link.nextPage is the last',
      async () => {
        override(t, onlyBlogLinks)
        const { client, requests } = recordingClient(t)
        const ids: unknown[] = []
        for await (const item of client.go('blogs/2/articles').items()) ids.push(item.data.id)
        expect(ids).toEqual([1])
        expect(requests).toHaveLength(1)
      },
    )

    itOverriding(target)(
      'with the Blog’s conventions, a page with only the Blog API’s _link is walked through nextPage',
      async () => {
        override(t, onlyBlogLinks)
        const { client } = recordingClient(t, blogConventions())
        const ids: unknown[] = []
        for await (const item of client.go('blogs/2/articles').items()) ids.push(item.data.id)
        expect(ids).toEqual([1, 2])
      },
    )

    itOverriding(target)(
      'the Blog client reads the Blog API’s _link and follows nextPage by itself',
      async () => {
        override(t, onlyBlogLinks)
        const api = createBlogClient({ baseUrl: new URL(t.apiUrl).origin, token: 'dev-token' })
        const ids: unknown[] = []
        for await (const item of api.client.go('blogs/2/articles').items()) ids.push(item.data.id)
        expect(ids).toEqual([1, 2])
        const page = await api.client.go('blogs/2/articles').get()
        expect(page.links.get('nextPage')?.href).toMatch(/\?pageIndex=2$/)
        expect(page.data).not.toHaveProperty('_link')
      },
    )

    itOverriding(target)(
      'items() without rel: the single rel, else item, else a LinkNotFoundError naming the rels',
      async () => {
        const page = (embedded: Record<string, unknown[]>) => () =>
          HttpResponse.json({ _links: {}, _embedded: embedded })
        override(
          t,
          http.get('*/api/v1.2/blogs/2', page({ item: [{ id: 1 }], author: [{ id: 9 }] })),
          http.get('*/api/v1.2/blogs/3', page({ article: [{ id: 1 }], author: [{ id: 9 }] })),
        )
        const { client } = recordingClient(t)
        const ids = async (uri: string, rel?: string) => {
          const found: unknown[] = []
          for await (const item of client.go(uri).items(rel === undefined ? {} : { rel }))
            found.push(item.data.id)
          return found
        }
        expect(await ids('blogs/2')).toEqual([1])
        expect(await ids('blogs/3', 'author')).toEqual([9])
        const error = await ids('blogs/3').catch((e: unknown) => e)
        expect(isLinkNotFoundError(error)).toBe(true)
        expect((error as LinkNotFoundError).available).toEqual(['article', 'author'])
        expect((error as Error).message).toContain('article, author')
      },
    )

    it('items() walks every page through next: all 42 articles in id order', async () => {
      const { collection, requests } = articles(10)
      const ids: number[] = []
      for await (const article of collection.items()) ids.push(article.data.id as number)
      expect(ids).toEqual(Array.from({ length: 42 }, (_, i) => i + 1))
      expect(requests).toHaveLength(5)
    })

    it.each([
      [25, 10, 3],
      [20, 10, 2],
      [1, 10, 1],
      [42, 7, 6],
    ])('reading %i items at pageSize %i costs exactly %i requests', async (n, pageSize, cost) => {
      const { collection, requests } = articles(pageSize)
      let read = 0
      for await (const _ of collection.items()) if (++read === n) break
      expect(read).toBe(n)
      expect(requests).toHaveLength(cost)
    })

    it('pages() gives each page once, from this one to the last', async () => {
      const { client, requests } = recordingClient(t)
      const seen: number[] = []
      for await (const page of client.go('blogs/1/articles?pageIndex=3&pageSize=10').pages())
        seen.push(page.data.pageIndex as number)
      expect(seen).toEqual([3, 4, 5])
      expect(lines(requests)).toEqual([
        'GET /api/v1.2/blogs/1/articles?pageIndex=3&pageSize=10',
        'GET /api/v1.2/blogs/1/articles?pageIndex=4&pageSize=10',
        'GET /api/v1.2/blogs/1/articles?pageIndex=5&pageSize=10',
      ])
    })

    it('prefetch asks for the next page while the current one is in use', async () => {
      const { collection, requests } = articles(10)
      const pages = collection.pages({ prefetch: true })
      const first = await pages.next()
      expect(first.value?.data.pageIndex).toBe(1)
      // The consumer holds page 1; page 2 is already on its way.
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(lines(requests)).toEqual([
        'GET /api/v1.2/blogs/1/articles?pageIndex=1&pageSize=10',
        'GET /api/v1.2/blogs/1/articles?pageIndex=2&pageSize=10',
      ])
      let count = 1
      for await (const _ of pages) count++
      expect(count).toBe(5)
      expect(requests).toHaveLength(5)
    })

    it('without prefetch, nothing is requested until the consumer asks', async () => {
      const { collection, requests } = articles(10)
      const pages = collection.pages()
      await pages.next()
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(requests).toHaveLength(1)
      await pages.return(undefined)
    })

    it('an empty blog has one empty page', async () => {
      const { client, requests } = recordingClient(t)
      const items = []
      for await (const item of client.go('blogs/2/articles').items()) items.push(item)
      expect(items).toEqual([])
      expect(requests).toHaveLength(1)
    })

    it('walks an article’s comments through doc:comments', async () => {
      const { client } = recordingClient(t)
      const comments = []
      for await (const comment of client
        .go('blogs/1/articles/1')
        .follow('doc:comments', { pageSize: 1 })
        .items())
        comments.push(comment.data)
      expect(comments.length).toBeGreaterThan(0)
      for (const comment of comments) expect(comment).toHaveProperty('author')
    })
  })
}
