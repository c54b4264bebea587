import { Ketting } from 'ketting'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockServer, type MockServer } from '../src/blog/shells/server.js'

// A third-party HAL client pages through the Blog API by the standard `_links` (docs/api.md, Resources,
// ext): Ketting knows nothing of `_link` or of `nextPage`.
let server: MockServer
beforeAll(async () => {
  server = await createMockServer({ port: 0, log: false })
})
afterAll(() => server.close())

describe('Ketting, a generic HAL client, on the real server', () => {
  it('pages through every article of blog 1 by following next', async () => {
    const client = new Ketting(`${server.origin}/api/v1.2`)
    let resource = client.go('/api/v1.2/blogs/1/articles?pageIndex=1&pageSize=10')
    const pages: number[] = []
    const ids: number[] = []
    for (;;) {
      const state = await resource.get()
      pages.push(state.data.pageIndex as number)
      for (const article of state.getEmbedded()) ids.push(article.data.id as number)
      if (!state.links.has('next')) break
      resource = await resource.follow('next')
    }
    expect(pages).toEqual([1, 2, 3, 4, 5])
    expect(ids).toEqual(Array.from({ length: 42 }, (_, i) => i + 1))
  })

  it('finds first, prev and last on a middle page of comments', async () => {
    const client = new Ketting(`${server.origin}/api/v1.2`)
    const page = client.go('/api/v1.2/blogs/1/articles/1/comments?pageIndex=2&pageSize=1')
    const state = await page.get()
    const index = (rel: string) =>
      new URL(state.links.get(rel)?.href ?? '', server.origin).searchParams.get('pageIndex')
    expect([index('first'), index('prev'), index('self')]).toEqual(['1', '1', '2'])
    expect(state.links.has('last')).toBe(true)
  })
})
