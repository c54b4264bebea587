import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { isHalyardError, isLinkNotFoundError, isUriTemplateError } from '../../src/index.js'
import { itOverriding, lines, override, recordingClient } from './helpers.js'
import type { SdkTarget } from './target.js'

export function navigateCases(target: () => SdkTarget): void {
  describe('navigate', () => {
    let t: SdkTarget
    beforeEach(() => {
      t = target()
    })

    it('follows rels from the root without an await between steps', async () => {
      const { client, requests } = recordingClient(t)
      const page = await client
        .go()
        .follow('doc:blog', { blogId: 1 })
        .follow('doc:articles', { pageSize: 5 })
        .get()
      expect(page.data).toMatchObject({ pageIndex: 1, pageSize: 5, totalArticles: 42 })
      // Standard HAL's members are no data (the Blog's own `_link` is, to a generic client).
      expect(page.data).not.toHaveProperty('_links')
      expect(page.data).not.toHaveProperty('_embedded')
      expect(page.embedded('item')).toHaveLength(5)
      expect(lines(requests)).toEqual([
        'GET /api/v1.2',
        'GET /api/v1.2/blogs/1',
        'GET /api/v1.2/blogs/1/articles?pageSize=5',
      ])
    })

    it("a state follows its own links: no request for its document, and the client's cache shared", async () => {
      const { client, requests } = recordingClient(t)
      const blog = await client.go().follow('doc:blog', { blogId: 1 }).get()
      requests.length = 0
      const chain = blog.follow('doc:articles', { pageSize: 2 })
      expect(chain.from?.uri).toBe(blog.uri)
      expect(chain.steps).toEqual([{ rel: 'doc:articles', variables: { pageSize: 2 } }])
      const page = await chain.get()
      expect(page.embedded('item')).toHaveLength(2)
      expect(lines(requests)).toEqual(['GET /api/v1.2/blogs/1/articles?pageSize=2'])
      expect(client.cache.get(page.uri)).toBe(page)
      expect(blog.resource.uri).toBe(blog.uri)
      expect(blog.followAll('doc:articles').map((resource) => resource.uri)).toEqual([
        new URL('blogs/1/articles', `${t.apiUrl}/`).href,
      ])
    })

    it('a state without the rel: follow() rejects with a LinkNotFoundError, followAll() gives none', async () => {
      const { client } = recordingClient(t)
      const blog = await client.go().follow('doc:blog', { blogId: 1 }).get()
      await expect(blog.follow('doc:nothing').get()).rejects.toSatisfy(isLinkNotFoundError)
      expect(blog.followAll('doc:nothing')).toEqual([])
    })

    it('a chain sends nothing until it is used, and names where it starts and the rels it follows', async () => {
      const { client, requests } = recordingClient(t)
      const root = client.go()
      const chain = root.follow('doc:blog', { blogId: 1 }).follow('doc:articles')
      expect(requests).toEqual([])
      expect(chain.from?.uri).toBe(root.uri)
      expect(chain.steps).toEqual([
        { rel: 'doc:blog', variables: { blogId: 1 } },
        { rel: 'doc:articles' },
      ])
      const page = await chain.get()
      expect(page.embedded('item').length).toBeGreaterThan(0)
      expect(lines(requests)).toHaveLength(3)
    })

    it('a relative baseUrl resolves against the page in one; elsewhere it is a HalyardError naming the fix', async () => {
      const path = new URL(t.apiUrl).pathname
      const page = (globalThis as { location?: { href: string } }).location?.href
      const made = (() => {
        try {
          return recordingClient({ apiUrl: path })
        } catch (error) {
          return error
        }
      })()
      if (page === undefined) {
        expect(isHalyardError(made)).toBe(true)
        expect((made as Error).message).toContain('give an absolute URL')
        return
      }
      // In a page (the service worker's target): the API answers at the page's origin.
      const { client } = made as ReturnType<typeof recordingClient>
      expect(client.baseUrl).toBe(new URL(path, page).href)
      expect((await client.go().get()).links.has('doc:blog')).toBe(true)
    })

    it('finds a rel by CURIE, by its expanded URI, and by full name', async () => {
      const { client } = recordingClient(t)
      const blog = await client.go().follow('doc:blog', { blogId: 1 }).get()
      const expanded = `${new URL(t.apiUrl).origin}/api/v1.2/docs/rels/articles`
      expect(blog.links.expandRel('doc:articles')).toBe(expanded)
      expect(blog.links.get(expanded)).toEqual(blog.links.get('doc:articles'))
      expect(blog.links.has('self')).toBe(true)
      const byUri = await client.go(blog.uri).follow(expanded, { pageSize: 3 }).get()
      expect(byUri.data.pageSize).toBe(3)
    })

    it('reads an embedded article from the cache until invalidated: its get() costs no request', async () => {
      const { client, requests } = recordingClient(t, { caching: 'until-invalidated' })
      const page = await client.go('blogs/1/articles?pageIndex=1&pageSize=3').get()
      const [first] = page.embedded('item')
      if (!first) throw new Error('no embedded article')
      const before = requests.length
      const article = await client.go(first.uri).get()
      expect(requests.length).toBe(before)
      expect(article.data).toEqual(first.data)
      expect(article.links.get('doc:blog')?.title).toBe('Engineering blog')
    })

    it('by default an embedded copy lives as long as its page: no-cache, so get() reads it', async () => {
      const { client, requests } = recordingClient(t)
      const page = await client.go('blogs/1/articles?pageIndex=1&pageSize=3').get()
      expect(page.headers.get('cache-control')).toBe('no-cache')
      const [first] = page.embedded('item')
      if (!first) throw new Error('no embedded article')
      const article = await client.go(first.uri).get()
      expect(article.data).toEqual(first.data)
      expect(article.etag).toMatch(/^"/)
      expect(lines(requests).at(-1)).toBe('GET /api/v1.2/blogs/1/articles/1')
    })

    itOverriding(target)(
      'max-age keeps a page and its embedded copies fresh; no-store keeps nothing',
      async () => {
        const page = (cacheControl: string) => () =>
          HttpResponse.json(
            {
              _links: { self: { href: `${t.apiUrl}/blogs/2` } },
              _embedded: [{ id: 7, _links: { self: { href: `${t.apiUrl}/blogs/1/articles/7` } } }],
            },
            { headers: { 'cache-control': cacheControl, etag: '"v1"' } },
          )
        override(
          t,
          http.get('*/api/v1.2/blogs/2', page('max-age=60')),
          http.get('*/api/v1.2/blogs/3', page('no-store')),
        )
        const { client, requests } = recordingClient(t)
        const fresh = await client.go('blogs/2').get()
        expect(await client.go('blogs/2').get()).toBe(fresh)
        expect((await client.go('blogs/1/articles/7').get()).data).toEqual({ id: 7 })
        expect(requests).toHaveLength(1)
        await client.go('blogs/3').get()
        await client.go('blogs/3').get()
        expect(lines(requests).slice(1)).toEqual(['GET /api/v1.2/blogs/3', 'GET /api/v1.2/blogs/3'])
        expect(requests[2]?.headers.has('if-none-match')).toBe(false)
        expect(client.cache.get(`${t.apiUrl}/blogs/3`)).toBeUndefined()
      },
    )

    itOverriding(target)(
      'resolves relative hrefs against the document, templated ones after expansion',
      async () => {
        override(
          t,
          http.get('*/api/v1.2/blogs/2', () =>
            HttpResponse.json(
              {
                id: 2,
                title: 'Relative',
                description: '',
                _links: {
                  self: { href: '2' },
                  'doc:articles': { href: '1/articles{?pageIndex,pageSize}', templated: true },
                },
              },
              { headers: { 'content-type': 'application/hal+json' } },
            ),
          ),
        )
        const { client } = recordingClient(t)
        const blog = await client.go('blogs/2').get()
        expect(blog.links.get('self')?.href).toBe(`${t.apiUrl}/blogs/2`)
        const page = await client.go('blogs/2').follow('doc:articles', { pageSize: 2 }).get()
        expect(page.uri).toBe(`${t.apiUrl}/blogs/1/articles?pageSize=2`)
        expect(page.embedded('item')).toHaveLength(2)
      },
    )

    itOverriding(target)(
      'picks among several links of one rel by name or title; followAll gives them all',
      async () => {
        override(
          t,
          http.get('*/api/v1.2/blogs/2', () =>
            HttpResponse.json({
              id: 2,
              _links: {
                self: { href: `${t.apiUrl}/blogs/2` },
                related: [
                  { href: `${t.apiUrl}/blogs/1/articles/1`, name: 'first', title: 'First' },
                  { href: `${t.apiUrl}/blogs/1/articles/2`, name: 'second', title: 'Second' },
                ],
              },
            }),
          ),
        )
        const { client } = recordingClient(t)
        const blog = client.go('blogs/2')
        const second = await blog.follow('related', {}, { name: 'second' }).get()
        expect(second.data.id).toBe(2)
        const first = await blog.follow('related', {}, { title: 'First' }).get()
        expect(first.data.id).toBe(1)
        expect((await blog.followAll('related')).map((r) => r.uri)).toEqual([
          `${t.apiUrl}/blogs/1/articles/1`,
          `${t.apiUrl}/blogs/1/articles/2`,
        ])
        await expect(blog.follow('related', {}, { name: 'third' })).rejects.toThrow(
          /has no link 'related' 'third'/,
        )
      },
    )

    itOverriding(target)(
      'reads HAL _embedded keyed by rel, and follows a rel found only in _embedded',
      async () => {
        override(
          t,
          http.get('*/api/v1.2/blogs/2', () =>
            HttpResponse.json(
              {
                _links: { self: { href: `${t.apiUrl}/blogs/2` } },
                _embedded: {
                  'doc:latest': {
                    id: 7,
                    title: 'Embedded',
                    _links: { self: { href: `${t.apiUrl}/blogs/1/articles/7` } },
                  },
                },
                // Fresh for a minute, and so is the copy it embeds.
              },
              { headers: { 'cache-control': 'max-age=60' } },
            ),
          ),
        )
        const { client, requests } = recordingClient(t)
        const blog = await client.go('blogs/2').get()
        expect(blog.embedded('doc:latest').map((s) => s.data.title)).toEqual(['Embedded'])
        const latest = await client.go('blogs/2').follow('doc:latest').get()
        expect(latest.data.title).toBe('Embedded')
        expect(requests).toHaveLength(1)
      },
    )

    it('rejects a missing rel with LinkNotFoundError listing the rels there are', async () => {
      const { client } = recordingClient(t)
      const error = await client
        .go()
        .follow('doc:blogs')
        .get()
        .catch((e: unknown) => e)
      expect(isLinkNotFoundError(error)).toBe(true)
      if (!isLinkNotFoundError(error)) return
      expect(error.available).toEqual(['curies', 'self', 'doc:blog', 'doc:graphql'])
      expect(error.message).toContain(`GET ${t.apiUrl} has no link 'doc:blogs'`)
    })

    itOverriding(target)(
      'rejects an invalid template in a link with UriTemplateError',
      async () => {
        override(
          t,
          http.get('*/api/v1.2/blogs/2', () =>
            HttpResponse.json({
              _links: { broken: { href: `${t.apiUrl}/blogs{?pageSize`, templated: true } },
            }),
          ),
        )
        const { client } = recordingClient(t)
        const error = await client
          .go('blogs/2')
          .follow('broken', { pageSize: 1 })
          .then(undefined, (e: unknown) => e)
        expect(isUriTemplateError(error)).toBe(true)
        expect((error as Error).message).toContain('blogs{?pageSize')
      },
    )

    itOverriding(target)('warns once per URL when it follows a deprecated link', async () => {
      override(
        t,
        http.get('*/api/v1.2/blogs/2', () =>
          HttpResponse.json({
            _links: {
              old: { href: `${t.apiUrl}/blogs/1`, deprecation: 'https://example.com/why' },
            },
          }),
        ),
      )
      const warn = vi.fn()
      const { client } = recordingClient(t, { warn })
      await client.go('blogs/2').follow('old').get()
      await client.go('blogs/2').follow('old').get()
      expect(warn).toHaveBeenCalledTimes(1)
      expect(warn.mock.calls[0]?.[0]).toContain(`${t.apiUrl}/blogs/1`)
      expect(warn.mock.calls[0]?.[0]).toContain('https://example.com/why')
    })
  })
}
