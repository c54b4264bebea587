import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { isPreconditionFailedError, PreconditionFailedError } from '../../src/index.js'
import { changeElsewhere, itOverriding, lines, override, recordingClient } from './helpers.js'
import type { SdkTarget } from './target.js'

export function writeCases(target: () => SdkTarget): void {
  describe('conditional requests and writes', () => {
    let t: SdkTarget
    beforeEach(() => {
      t = target()
    })
    const article1 = () => `${t.apiUrl}/blogs/1/articles/1`

    it('get() of a no-cache state revalidates, as refresh() does: a 304 keeps the state', async () => {
      const { client, requests } = recordingClient(t)
      const article = client.go(article1())
      const first = await article.get()
      expect(first.etag).toMatch(/^"/)
      expect(first.lastModified).toMatch(/GMT$/)
      expect(first.headers.get('cache-control')).toBe('no-cache')
      expect(await article.get()).toBe(first)
      expect(await article.refresh()).toBe(first)
      expect(requests.map((r) => r.status)).toEqual([200, 304, 304])
      for (const revalidation of requests.slice(1)) {
        expect(revalidation.headers.get('if-none-match')).toBe(first.etag)
        expect(revalidation.headers.get('if-modified-since')).toBe(first.lastModified)
      }
    })

    it('get() after a change elsewhere gives the new state', async () => {
      const { client } = recordingClient(t)
      const article = client.go(article1())
      const before = await article.get()
      await changeElsewhere(t, article1(), { title: 'Changed elsewhere' })
      const after = await article.get()
      expect(after.data.title).toBe('Changed elsewhere')
      expect(after.etag).not.toBe(before.etag)
    })

    it('until invalidated, get() keeps the state it has; refresh() gives the new one', async () => {
      const { client, requests } = recordingClient(t, { caching: 'until-invalidated' })
      const article = client.go(article1())
      const before = await article.get()
      await changeElsewhere(t, article1(), { title: 'Changed elsewhere' })
      expect(await article.get()).toBe(before)
      expect(requests).toHaveLength(1)
      const after = await article.refresh()
      expect(after.data.title).toBe('Changed elsewhere')
      expect(await article.get()).toBe(after)
      expect(requests).toHaveLength(2)
    })

    it('put() sends If-Match with the known ETag and caches the answer', async () => {
      const { client, requests } = recordingClient(t)
      const article = client.go(article1())
      const before = await article.get()
      const after = await article.put({ title: 'Replaced', content: 'New body' })
      expect(requests[1]?.headers.get('if-match')).toBe(before.etag)
      expect(after.data).toMatchObject({ id: 1, title: 'Replaced', content: 'New body' })
      expect(after.etag).not.toBe(before.etag)
      // The answer is cached with its validators: the next get() costs a 304.
      expect(await article.get()).toBe(after)
      expect(requests.map((r) => r.status)).toEqual([200, 200, 304])
    })

    it('a stale put() fails with PreconditionFailedError and the next get() re-reads', async () => {
      const { client, requests } = recordingClient(t, { caching: 'until-invalidated' })
      const article = client.go(article1())
      await article.get()
      await changeElsewhere(t, article1(), { title: 'Theirs' })
      const error = await article.put({ title: 'Mine' }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(PreconditionFailedError)
      expect(isPreconditionFailedError(error)).toBe(true)
      expect((error as PreconditionFailedError).status).toBe(412)
      expect((error as Error).message).toContain(`PUT ${article1()} answered 412`)
      const current = await article.get()
      expect(current.data.title).toBe('Theirs')
      expect(requests).toHaveLength(3)
    })

    it('ifMatch: false writes over a change made elsewhere', async () => {
      const { client, requests } = recordingClient(t)
      const article = client.go(article1())
      await article.get()
      await changeElsewhere(t, article1(), { title: 'Theirs' })
      const state = await article.put({ title: 'Mine anyway' }, { ifMatch: false })
      expect(state.data.title).toBe('Mine anyway')
      expect(requests[1]?.headers.has('if-match')).toBe(false)
    })

    it('put() evicts the cached pages that embed the article', async () => {
      const { client, requests } = recordingClient(t, { caching: 'until-invalidated' })
      const page = client.go('blogs/1/articles?pageIndex=1&pageSize=5')
      await page.get()
      await client.go(article1()).put({ title: 'Fresh' })
      const reread = await page.get()
      expect(reread.embedded('item')[0]?.data.title).toBe('Fresh')
      expect(lines(requests).at(-1)).toBe('GET /api/v1.2/blogs/1/articles?pageIndex=1&pageSize=5')
    })

    it('post() gives the created resource from Location, cached from the 201, and drops the pages', async () => {
      const { client, requests } = recordingClient(t)
      const page = client.go('blogs/1/articles?pageIndex=5&pageSize=10')
      expect((await page.get()).data.totalArticles).toBe(42)
      const created = await client
        .go('blogs/1')
        .follow('doc:articles')
        .post({ title: 'Posted', content: 'Hello' })
      expect(created.uri).toBe(`${t.apiUrl}/blogs/1/articles/43`)
      const count = requests.length
      const state = await created.get()
      // Cached with the 201's validators: reading it costs a 304.
      expect(requests.slice(count).map((r) => r.status)).toEqual([304])
      expect(state.data).toEqual({ id: 43, title: 'Posted', content: 'Hello' })
      expect(state.etag).toMatch(/^"/)
      expect((await page.get()).data.totalArticles).toBe(43)
      expect(requests.slice(count).map((r) => r.status)).toEqual([304, 200])
      expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1)
    })

    itOverriding(target)(
      'a weak ETag is never sent in If-Match: If-Unmodified-Since instead, or nothing',
      async () => {
        const read = (headers: Record<string, string>) => () =>
          HttpResponse.json({ id: 1, _links: {} }, { headers })
        const echo = ({ request }: { request: Request }) =>
          HttpResponse.json({
            ifMatch: request.headers.get('if-match'),
            ifUnmodifiedSince: request.headers.get('if-unmodified-since'),
            _links: {},
          })
        const lastModified = 'Tue, 03 Nov 2026 10:00:00 GMT'
        override(
          t,
          http.get('*/api/v1.2/blogs/5', read({ etag: 'W/"1"', 'last-modified': lastModified })),
          http.put('*/api/v1.2/blogs/5', echo),
          http.get('*/api/v1.2/blogs/6', read({ etag: 'W/"1"' })),
          http.put('*/api/v1.2/blogs/6', echo),
        )
        const { client } = recordingClient(t)
        await client.go('blogs/5').get()
        const withDate = await client.go('blogs/5').put({ id: 1 })
        expect(withDate.data).toEqual({ ifMatch: null, ifUnmodifiedSince: lastModified })
        await client.go('blogs/6').get()
        const without = await client.go('blogs/6').put({ id: 1 })
        expect(without.data).toEqual({ ifMatch: null, ifUnmodifiedSince: null })
      },
    )

    itOverriding(target)(
      'a 201 without Location resolves to the self link of its body, else to the target URI, its body the state',
      async () => {
        let created = 0
        override(
          t,
          http.post('*/api/v1.2/blogs/1/articles', () => {
            created++
            return HttpResponse.json(
              { id: 77, title: 'Made', _links: { self: { href: 'articles/77' } } },
              { status: 201 },
            )
          }),
          http.post('*/api/v1.2/blogs/2/articles', () =>
            HttpResponse.json({ made: true }, { status: 201 }),
          ),
          http.post('*/api/v1.2/blogs/3/articles', () => new HttpResponse(null, { status: 201 })),
        )
        const { client, requests } = recordingClient(t, { caching: 'until-invalidated' })
        const resource = await client.go('blogs/1/articles').post({ title: 'Made' })
        expect(resource.uri).toBe(`${t.apiUrl}/blogs/1/articles/77`)
        expect(created).toBe(1)
        // RFC 9110 §15.3.2: without Location, the target URI identifies what was created.
        const target = await client.go('blogs/2/articles').post({ title: 'Kept' })
        expect(target.uri).toBe(`${t.apiUrl}/blogs/2/articles`)
        const sent = requests.length
        // Each body is the created resource's state: no request to read it.
        expect((await resource.get()).data).toEqual({ id: 77, title: 'Made' })
        expect((await target.get()).data).toEqual({ made: true })
        expect(requests).toHaveLength(sent)
        // Without a body there is no state to keep: reading it asks the server.
        const empty = await client.go('blogs/3/articles').post({ title: 'Quiet' })
        expect(empty.uri).toBe(`${t.apiUrl}/blogs/3/articles`)
        expect(client.cache.get(empty.uri)).toBeUndefined()
      },
    )

    it('writes start no request whose body is then cancelled: every answer is read to its end', async () => {
      // A browser shows a response whose body was cancelled as a cancelled request.
      const { client, requests, cancelled } = recordingClient(t, { watchBodies: true })
      const articles = () => client.go().follow('doc:blog', { blogId: 1 }).follow('doc:articles')
      const created = await articles().post({ title: 'Watched' })
      await articles().post({ title: 'Again' })
      await created.get()
      await created.put({ title: 'Watched again' })
      await created.delete()
      expect(lines(requests)).toEqual([
        'GET /api/v1.2',
        'GET /api/v1.2/blogs/1',
        'POST /api/v1.2/blogs/1/articles',
        'GET /api/v1.2',
        'GET /api/v1.2/blogs/1',
        'POST /api/v1.2/blogs/1/articles',
        'GET /api/v1.2/blogs/1/articles/43',
        'PUT /api/v1.2/blogs/1/articles/43',
        'DELETE /api/v1.2/blogs/1/articles/43',
      ])
      // The revalidations were answered 304, the DELETE 204: bodies the SDK has no use for.
      expect(requests.map((request) => request.status)).toEqual([
        200, 200, 201, 304, 304, 201, 304, 200, 204,
      ])
      expect(cancelled).toEqual([])
    })

    it('delete() sends If-Match, evicts the article and the pages that listed it', async () => {
      const { client, requests } = recordingClient(t, { caching: 'until-invalidated' })
      const page = client.go('blogs/1/articles?pageIndex=1&pageSize=10')
      const last = client.go('blogs/1/articles?pageIndex=5&pageSize=10')
      await page.get()
      await last.get()
      const article = client.go(article1())
      const known = await article.refresh()
      await article.delete()
      expect(requests.at(-1)?.headers.get('if-match')).toBe(known.etag)
      await expect(article.get()).rejects.toMatchObject({ name: 'NotFoundError', status: 404 })
      expect((await page.get()).embedded('item')[0]?.data.id).toBe(2)
      expect((await last.get()).data.totalArticles).toBe(41)
    })
  })
}
