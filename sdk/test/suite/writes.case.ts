import { beforeEach, describe, expect, it } from 'vitest'
import { isPreconditionFailedError, PreconditionFailedError } from '../../src/index.js'
import { changeElsewhere, lines, recordingClient } from './helpers.js'
import type { SdkTarget } from './target.js'

export function writeCases(target: () => SdkTarget): void {
  describe('conditional requests and writes', () => {
    let t: SdkTarget
    beforeEach(() => {
      t = target()
    })
    const article1 = () => `${t.apiUrl}/blogs/1/articles/1`

    it('get() answers from the cache; refresh() revalidates and a 304 keeps the state', async () => {
      const { client, requests } = recordingClient(t)
      const article = client.go(article1())
      const first = await article.get()
      expect(first.etag).toMatch(/^"/)
      expect(first.lastModified).toMatch(/GMT$/)
      expect(await article.get()).toBe(first)
      expect(requests).toHaveLength(1)
      const again = await article.refresh()
      expect(again).toBe(first)
      expect(requests).toHaveLength(2)
      expect(requests[1]?.headers.get('if-none-match')).toBe(first.etag)
      expect(requests[1]?.headers.get('if-modified-since')).toBe(first.lastModified)
    })

    it('refresh() after a change elsewhere gives the new state', async () => {
      const { client } = recordingClient(t)
      const article = client.go(article1())
      const before = await article.get()
      await changeElsewhere(t, article1(), { title: 'Changed elsewhere' })
      expect((await article.get()).data.title).toBe(before.data.title)
      const after = await article.refresh()
      expect(after.data.title).toBe('Changed elsewhere')
      expect(after.etag).not.toBe(before.etag)
      expect(await article.get()).toBe(after)
    })

    it('put() sends If-Match with the known ETag and caches the answer', async () => {
      const { client, requests } = recordingClient(t)
      const article = client.go(article1())
      const before = await article.get()
      const after = await article.put({ title: 'Replaced', content: 'New body' })
      expect(requests[1]?.headers.get('if-match')).toBe(before.etag)
      expect(after.data).toMatchObject({ id: 1, title: 'Replaced', content: 'New body' })
      expect(after.etag).not.toBe(before.etag)
      expect(await article.get()).toBe(after)
      expect(requests).toHaveLength(2)
    })

    it('a stale put() fails with PreconditionFailedError and the next get() re-reads', async () => {
      const { client, requests } = recordingClient(t)
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
      const { client, requests } = recordingClient(t)
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
      expect(requests.length).toBe(count)
      expect(state.data).toEqual({ id: 43, title: 'Posted', content: 'Hello' })
      expect(state.etag).toMatch(/^"/)
      expect((await page.get()).data.totalArticles).toBe(43)
      expect(requests.length).toBe(count + 1)
      expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1)
    })

    it('delete() sends If-Match, evicts the article and the pages that listed it', async () => {
      const { client, requests } = recordingClient(t)
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
