// How a frontend team tests its own data code against the Blog API mock, in Node.
import { HttpResponse, http } from 'msw'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { blogApi } from './handlers.js'
import { server } from './node.js'

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(async () => {
  server.resetHandlers()
  await blogApi.reset()
})
afterAll(() => server.close())

/** The code under test: titles of a blog's first page, found by following its links. */
async function latestTitles(blogUrl: string): Promise<string[]> {
  const blog = await fetch(blogUrl).then((r) => r.json())
  const articlesHref = blog._links['doc:articles'].href.replace('{?pageIndex,pageSize}', '')
  const page = await fetch(articlesHref).then((r) => r.json())
  return page._embedded.map((article: { title: string }) => article.title)
}

it('reads the titles of the first page', async () => {
  expect(await latestTitles('https://api.example.com/api/v1.2/blogs/1')).toEqual([
    'Article 1',
    'Article 2',
    'Article 3',
    'Article 4',
    'Article 5',
  ])
})

it('sees an article another client created', async () => {
  await fetch('https://api.example.com/api/v1.2/blogs/1/articles', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
    body: JSON.stringify({ title: 'Fresh' }),
  })
  expect(await latestTitles('https://api.example.com/api/v1.2/blogs/1')).toContain('Fresh')
})

it('shows how the page copes when the API is down (one route overridden)', async () => {
  server.use(http.get('*/api/v1.2/blogs/:blogId/articles', () => HttpResponse.error()))
  await expect(latestTitles('https://api.example.com/api/v1.2/blogs/1')).rejects.toThrow()
})
