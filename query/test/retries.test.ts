import {
  InfiniteQueryObserver,
  type InfiniteQueryObserverOptions,
  QueryClient,
  QueryObserver,
  type QueryObserverOptions,
  type QueryObserverResult,
} from '@tanstack/query-core'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { halInfiniteQueryOptions, halQueryOptions } from '../src/index.js'
import { API, blogApiPerTest, clients } from './harness.js'

// One retry layer: an outage costs the SDK's attempts, or TanStack's, never their product.
const { mock, requests } = blogApiPerTest()

const outage = (path: string) =>
  mock.server.use(http.get(`${API}${path}`, () => HttpResponse.json({}, { status: 503 })))

/** TanStack's defaults in a browser (in Node it retries no query by default). */
const browserDefaults = () => new QueryClient({ defaultOptions: { queries: { retry: 3 } } })

/**
 * Observes `options` as `useQuery` (or, with `infinite`, `useInfiniteQuery`) does, until the
 * query settles in its error state.
 */
function errorOf(
  queryClient: QueryClient,
  options: object,
  infinite = false,
): Promise<Error | null> {
  const observer: { subscribe(listener: (result: QueryObserverResult) => void): () => void } =
    infinite
      ? new InfiniteQueryObserver(queryClient, options as InfiniteQueryObserverOptions)
      : new QueryObserver(queryClient, options as QueryObserverOptions)
  return new Promise((resolve) => {
    const stop = observer.subscribe((result) => {
      if (result.status !== 'error') return
      stop()
      resolve(result.error)
    })
  })
}

describe('who retries an outage', () => {
  it('by default the SDK alone: three requests to the error state, whatever the QueryClient retry says', async () => {
    const { api } = clients()
    outage('/blogs/1')
    const error = await errorOf(browserDefaults(), halQueryOptions(api.client.go(`${API}/blogs/1`)))
    expect(error?.name).toBe('HttpError')
    expect(requests).toEqual(['GET /blogs/1 503', 'GET /blogs/1 503', 'GET /blogs/1 503'])
  })

  it('the same for an infinite query', async () => {
    const { api } = clients()
    outage('/blogs/1/articles')
    const error = await errorOf(
      browserDefaults(),
      halInfiniteQueryOptions(api.client.go(`${API}/blogs/1/articles`)),
      true,
    )
    expect(error?.name).toBe('HttpError')
    expect(requests).toHaveLength(3)
  })

  it("with retries: 'tanstack', TanStack alone: one attempt of the SDK per TanStack try", async () => {
    const { api } = clients()
    outage('/blogs/1')
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: 2, retryDelay: 0 } },
    })
    const options = halQueryOptions(api.client.go(`${API}/blogs/1`), { retries: 'tanstack' })
    expect(options).not.toHaveProperty('retry')
    await errorOf(queryClient, options)
    expect(requests).toEqual(['GET /blogs/1 503', 'GET /blogs/1 503', 'GET /blogs/1 503'])
  })

  it("with retries: 'tanstack', no step of a follow() chain retries underneath either", async () => {
    const { api } = clients()
    outage('')
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: 1, retryDelay: 0 } },
    })
    await errorOf(queryClient, halQueryOptions(api.blog(1), { retries: 'tanstack' }))
    expect(requests).toEqual(['GET  503', 'GET  503'])
  })
})
