import type { ArticlePage } from '@halyard/sdk/blog'
import { InfiniteQueryObserver } from '@tanstack/query-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { halInfiniteQueryOptions } from '../src/index.js'
import { API, blogApi, clients } from './harness.js'

const { mock, requests } = blogApi(1000)
beforeAll(() => mock.server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => mock.server.close())

it('pages a 1 000-article blog by next, one request per page', async () => {
  const { api, queryClient } = clients()
  const first = api.client.go<ArticlePage>(`${API}/blogs/1/articles?pageSize=100`)
  const observer = new InfiniteQueryObserver(queryClient, halInfiniteQueryOptions(first))
  const stop = observer.subscribe(() => {})
  await observer.refetch()
  let result = observer.getCurrentResult()
  while (result.hasNextPage) result = await observer.fetchNextPage()
  stop()
  const ids = result.data?.pages.flatMap((page) =>
    page.embedded('item').map((item) => item.data.id),
  )
  expect(ids).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1))
  expect(requests).toEqual([
    'GET /blogs/1/articles?pageSize=100 200',
    ...Array.from(
      { length: 9 },
      (_, i) => `GET /blogs/1/articles?pageIndex=${i + 2}&pageSize=100 200`,
    ),
  ])
  // Every article is cached under its own URI: opening any of them sends nothing.
  expect(queryClient.getQueryCache().getAll()).toHaveLength(1 + 1000)
})
