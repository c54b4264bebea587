import { setupBlogApi } from '@halyard/mock/blog/node'
import { createBlogClient } from '@halyard/sdk/blog'
import { QueryClient } from '@tanstack/query-core'
import { afterAll, afterEach, beforeAll } from 'vitest'

export const API = 'http://blog.test/api/v1.2'

/**
 * The Blog API in this process, and the requests it answered, as `METHOD path status` (the path
 * under the API root): what the tests count.
 */
export function blogApi(articles = 42) {
  const mock = setupBlogApi({ articles })
  const requests: string[] = []
  mock.server.events.on('response:mocked', ({ request, response }) => {
    const url = new URL(request.url)
    requests.push(`${request.method} ${url.pathname.slice(9)}${url.search} ${response.status}`)
  })
  return { mock, requests }
}

/**
 * {@link blogApi} listening for this test file: every test starts from the seed, with no handler
 * added by another test and no request counted yet.
 */
export function blogApiPerTest(articles?: number) {
  const api = blogApi(articles)
  beforeAll(() => api.mock.server.listen({ onUnhandledFrame: 'error' }))
  afterEach(async () => {
    api.mock.server.resetHandlers()
    await api.mock.reset()
    api.requests.length = 0
  })
  afterAll(() => api.mock.server.close())
  return api
}

/** A HAL client and a QueryClient, new for each test: no state shared between tests. */
export function clients() {
  const api = createBlogClient({ baseUrl: API, token: 'dev-token' })
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  })
  return { api, queryClient }
}
