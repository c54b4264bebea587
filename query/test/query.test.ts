import { createClient, isPreconditionFailedError, type State } from '@halyard/sdk'
import type { Article, ArticlePage } from '@halyard/sdk/blog'
import {
  dehydrate,
  hydrate,
  InfiniteQueryObserver,
  MutationObserver,
  QueryClient,
  QueryObserver,
} from '@tanstack/query-core'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  type HalQueryOptions,
  halDehydrateOptions,
  halHydrateOptions,
  halInfiniteQueryOptions,
  halMutationOptions,
  halQueryKey,
  halQueryOptions,
} from '../src/index.js'
import { API, blogApiPerTest, clients } from './harness.js'

const { mock, requests } = blogApiPerTest()

const article = (id: number) => `${API}/blogs/1/articles/${id}`
/** A page of blog 1's articles, addressed directly (no navigation from the root). */
const pageOf = (api: ReturnType<typeof clients>['api'], pageSize: number, pageIndex?: number) =>
  api.client.go<ArticlePage>(
    `${API}/blogs/1/articles?${pageIndex ? `pageIndex=${pageIndex}&` : ''}pageSize=${pageSize}`,
  )

describe('halQueryOptions', () => {
  it('keys a query by the URI and gives the SDK state, typed', async () => {
    const { api, queryClient } = clients()
    const options = halQueryOptions(api.article(article(3)))
    expect(options.queryKey).toEqual(['hal', article(3)])
    const state = await queryClient.fetchQuery(options)
    const title: string = state.data.title // typed by Article
    expect(title).toBe('Article 3')
    expect(queryClient.getQueryData(options.queryKey)).toBe(state)
    expect(requests).toEqual(['GET /blogs/1/articles/3 200'])
  })

  it('keys the pages of a collection apart from its first page', async () => {
    const { api } = clients()
    const first = pageOf(api, 5)
    expect(halQueryOptions(first).queryKey).toEqual(['hal', first.uri])
    expect(halInfiniteQueryOptions(first).queryKey).toEqual(['hal', first.uri, { pages: true }])
  })

  it('opens an item that came embedded in a page with no request', async () => {
    const { api, queryClient } = clients()
    const page = await queryClient.fetchQuery(halQueryOptions(pageOf(api, 5)))
    expect(requests).toEqual(['GET /blogs/1/articles?pageSize=5 200'])
    for (const [i, copy] of page.embedded('item').entries()) {
      const state = await queryClient.fetchQuery(halQueryOptions(api.article(article(i + 1))))
      expect(state).toBe(copy)
    }
    expect(requests).toHaveLength(1)
  })

  it('refetches a stale query with one conditional request, answered 304, and keeps the object', async () => {
    const { api, queryClient } = clients()
    const options = halQueryOptions(api.article(article(3)), { staleTime: 0 })
    const first = await queryClient.fetchQuery(options)
    const again = await queryClient.fetchQuery(options)
    expect(again).toBe(first)
    expect(requests).toEqual(['GET /blogs/1/articles/3 200', 'GET /blogs/1/articles/3 304'])
  })

  it('keeps an unchanged state identical even when the server answers 200', async () => {
    const { api, queryClient } = clients()
    const options = halQueryOptions(api.article(article(3)))
    const first = await queryClient.fetchQuery(options)
    api.client.cache.clear() // no validators left: the refetch is unconditional
    await queryClient.refetchQueries({ queryKey: options.queryKey })
    expect(requests).toEqual(['GET /blogs/1/articles/3 200', 'GET /blogs/1/articles/3 200'])
    expect(queryClient.getQueryData(options.queryKey)).toBe(first)
  })
})

describe('representations (accept)', () => {
  const HAL = 'application/hal+json'

  it('two representations of one URI are two queries, each revalidated with its own ETag', async () => {
    const { api, queryClient } = clients()
    const forms = halQueryOptions(api.article(article(3)), { staleTime: 0 })
    const plain = halQueryOptions(api.article(article(3)), {
      staleTime: 0,
      accept: ' Application/HAL+json',
    })
    expect(plain.queryKey).toEqual(['hal', article(3), { accept: HAL }])
    expect(plain.queryKey).toEqual(halQueryKey(article(3), { accept: HAL }))
    const withActions = await queryClient.fetchQuery(forms)
    const without = await queryClient.fetchQuery(plain)
    expect(withActions.hasAction('default')).toBe(true)
    expect(without.actions()).toEqual([])
    expect(without.etag).not.toBe(withActions.etag)
    expect(await queryClient.fetchQuery(plain)).toBe(without)
    expect(await queryClient.fetchQuery(forms)).toBe(withActions)
    expect(requests).toEqual([
      'GET /blogs/1/articles/3 200',
      'GET /blogs/1/articles/3 200', // not a 304 from the HAL-FORMS state's ETag
      'GET /blogs/1/articles/3 304',
      'GET /blogs/1/articles/3 304',
    ])
  })

  it('embedded copies are seeded as the representation their page came in', async () => {
    const { api, queryClient } = clients()
    const page = await queryClient.fetchQuery(halQueryOptions(pageOf(api, 5), { accept: HAL }))
    const copy = page.embedded('item')[2]
    expect(queryClient.getQueryData(halQueryKey(article(3), { accept: HAL }))).toBe(copy)
    expect(queryClient.getQueryData(halQueryKey(article(3)))).toBeUndefined()
    expect(
      await queryClient.fetchQuery(halQueryOptions(api.article(article(3)), { accept: HAL })),
    ).toBe(copy)
    expect(requests).toEqual(['GET /blogs/1/articles?pageSize=5 200'])
  })

  it('a write invalidates every representation of its target', async () => {
    const { api, queryClient } = clients()
    const observers = [
      halQueryOptions(api.article(article(3))),
      halQueryOptions(api.article(article(3)), { accept: HAL }),
    ].map((options) => new QueryObserver(queryClient, options))
    for (const observer of observers) {
      observer.subscribe(() => {})
      await observer.refetch()
    }
    requests.length = 0
    const patch = new MutationObserver(
      queryClient,
      halMutationOptions(api.article(article(3)), 'patch'),
    )
    const state = await patch.mutate({ title: 'Renamed' })
    expect(queryClient.getQueryData(halQueryKey(article(3)))).toBe(state)
    const plain = queryClient.getQueryData<State>(halQueryKey(article(3), { accept: HAL }))
    expect(plain?.data.title).toBe('Renamed')
    expect(plain?.actions()).toEqual([])
    expect(requests).toEqual(['PATCH /blogs/1/articles/3 200', 'GET /blogs/1/articles/3 200'])
    const remove = new MutationObserver(
      queryClient,
      halMutationOptions(api.article(article(3)), 'delete'),
    )
    await remove.mutate()
    expect(queryClient.getQueryCache().findAll({ queryKey: halQueryKey(article(3)) })).toEqual([])
  })
})

describe('halInfiniteQueryOptions', () => {
  it('pages by the next link, one request per page', async () => {
    const { api, queryClient } = clients()
    const observer = new InfiniteQueryObserver(
      queryClient,
      halInfiniteQueryOptions(pageOf(api, 10)),
    )
    const stop = observer.subscribe(() => {})
    await observer.refetch()
    let result = observer.getCurrentResult()
    while (result.hasNextPage) result = await observer.fetchNextPage()
    stop()
    const pages = result.data?.pages ?? []
    expect(pages.map((page) => page.data.pageIndex)).toEqual([1, 2, 3, 4, 5])
    expect(pages.flatMap((page) => page.embedded('item')).map((item) => item.data.id)).toEqual(
      Array.from({ length: 42 }, (_, i) => i + 1),
    )
    expect(requests).toEqual([
      'GET /blogs/1/articles?pageSize=10 200',
      ...[2, 3, 4, 5].map((i) => `GET /blogs/1/articles?pageIndex=${i}&pageSize=10 200`),
    ])
  })

  it('refetches its pages conditionally, and keeps the same data when none changed', async () => {
    const { api, queryClient } = clients()
    const options = halInfiniteQueryOptions(pageOf(api, 20))
    const first = await queryClient.fetchInfiniteQuery({ ...options, pages: 3 })
    requests.length = 0
    await queryClient.refetchQueries({ queryKey: options.queryKey })
    expect(requests).toEqual([
      'GET /blogs/1/articles?pageSize=20 304',
      'GET /blogs/1/articles?pageIndex=2&pageSize=20 304',
      'GET /blogs/1/articles?pageIndex=3&pageSize=20 304',
    ])
    expect(queryClient.getQueryData(options.queryKey)).toBe(first)
  })
})

describe('a chain of follow()', () => {
  it('is a query keyed by where it starts and its rels, holding the state it leads to', async () => {
    const { api, queryClient } = clients()
    const options = halQueryOptions(api.blog(1).follow('doc:articles', { pageSize: 5 }))
    expect(options.queryKey).toEqual([
      'hal',
      API,
      {
        follow: [
          { rel: 'doc:blog', variables: { blogId: 1 } },
          { rel: 'doc:articles', variables: { pageSize: 5 } },
        ],
      },
    ])
    expect(requests).toEqual([]) // building the options sends nothing
    const page = await queryClient.fetchQuery(options)
    expect(page.uri).toBe(`${API}/blogs/1/articles?pageSize=5`)
    expect(page.embedded('item')).toHaveLength(5)
    // A write to the page's collection reaches the query that holds it.
    requests.length = 0
    const create = new MutationObserver(
      queryClient,
      halMutationOptions(api.client.go(page.uri), { action: 'createArticle' }),
    )
    await create.mutate({ title: 'Fresh' })
    expect(queryClient.getQueryState(options.queryKey)?.isInvalidated).toBe(true)
  })

  it('pages from wherever the chain leads, by next', async () => {
    const { api, queryClient } = clients()
    const options = halInfiniteQueryOptions(api.blog(1).follow('doc:articles', { pageSize: 20 }))
    const pages = await queryClient.fetchInfiniteQuery({ ...options, pages: 3 })
    expect(pages.pages.map((page) => page.data.pageIndex)).toEqual([1, 2, 3])
    expect(pages.pages.flatMap((page) => page.embedded('item'))).toHaveLength(42)
  })
})

describe("the client's paging", () => {
  it("an infinite query follows the client's nextRels, as pages() does", async () => {
    // Pages that link a `next` the client was told not to follow, and the rel it follows.
    mock.server.use(
      http.get('*/things', ({ request }) => {
        const page = new URL(request.url).searchParams.get('page') ?? '1'
        return HttpResponse.json({
          page: Number(page),
          _links: {
            self: { href: `/things?page=${page}` },
            ...(page === '1' && {
              next: { href: '/things?page=9' },
              more: { href: '/things?page=2' },
            }),
          },
        })
      }),
    )
    const client = createClient({ baseUrl: 'http://elsewhere.test/', nextRels: ['more'] })
    const queryClient = new QueryClient()
    const things = client.go('things?page=1')
    const walked: unknown[] = []
    for await (const page of things.pages()) walked.push(page.data.page)
    const pages = await queryClient.fetchInfiniteQuery({
      ...halInfiniteQueryOptions(things),
      pages: 3,
    })
    expect(pages.pages.map((page) => page.data.page)).toEqual(walked)
    expect(walked).toEqual([1, 2])
  })
})

describe('seeding', () => {
  it('takes no embedded copy that claims another origin', async () => {
    const { api, queryClient } = clients()
    mock.server.use(
      http.get(`${API}/forged`, () =>
        HttpResponse.json(
          {
            _links: { self: { href: `${API}/forged` } },
            _embedded: {
              item: [
                { title: 'Forged', _links: { self: { href: 'http://bank.test/accounts/1' } } },
                { title: 'Ours', _links: { self: { href: `${API}/ours/1` } } },
              ],
            },
          },
          { headers: { 'content-type': 'application/hal+json' } },
        ),
      ),
    )
    await queryClient.fetchQuery(halQueryOptions(api.client.go(`${API}/forged`)))
    expect(queryClient.getQueryData(halQueryKey('http://bank.test/accounts/1'))).toBeUndefined()
    expect(queryClient.getQueryData<State>(halQueryKey(`${API}/ours/1`))?.data).toEqual({
      title: 'Ours',
    })
  })
})

/** Caches and observes the queries of a typical screen, then clears the request log. */
async function screen() {
  const { api, queryClient } = clients()
  const page1 = pageOf(api, 5)
  const page2 = pageOf(api, 5, 2)
  const blog = await api.blog(1)
  /** The first comment of the first of `ids` that has one. */
  const firstComment = async (...ids: number[]) => {
    for (const id of ids) for await (const comment of api.comments(article(id))) return comment.uri
    throw new Error(`articles ${ids} have no comments`)
  }
  const comment3 = await firstComment(3)
  const otherComment = await firstComment(1, 2, 4, 5, 6, 7, 8, 9, 10)
  const observe = <T>(options: HalQueryOptions<T>) => new QueryObserver(queryClient, options)
  const observers = [
    observe(halQueryOptions(api.root())),
    observe(halQueryOptions(blog)),
    observe(halQueryOptions(page1)),
    observe(halQueryOptions(page2)),
    observe(halQueryOptions(api.article(article(3)))), // seeded by page 1
    observe(halQueryOptions(api.article(article(7)))), // seeded by page 2
    observe(halQueryOptions(api.client.go(comment3))), // links article 3
    observe(halQueryOptions(api.client.go(otherComment))), // links another article
  ]
  for (const observer of observers) {
    observer.subscribe(() => {})
    await observer.refetch()
  }
  const infinite = new InfiniteQueryObserver(queryClient, halInfiniteQueryOptions(pageOf(api, 4)))
  infinite.subscribe(() => {})
  await infinite.refetch()
  await infinite.fetchNextPage() // articles 1 to 8
  requests.length = 0
  const queries = () => queryClient.getQueryCache().getAll()
  return { api, queryClient, queries, blog, comment3 }
}

describe('halMutationOptions', () => {
  it('after a PATCH, refetches exactly the documents that embed or link the item', async () => {
    const { api, queryClient, queries, comment3 } = await screen()
    const count = queries().length
    // 9 observed (root, blog, 2 pages, 2 articles, 2 comments, the infinite query) and the 8 other
    // articles the pages embed (1 to 10).
    expect(count).toBe(17)
    const before = queries().map((query) => query.state.data)
    const patch = new MutationObserver(
      queryClient,
      halMutationOptions(api.article(article(3)), 'patch'),
    )
    const state = await patch.mutate({ title: 'Renamed' })
    expect(state.data.title).toBe('Renamed')
    expect(requests.sort()).toEqual(
      [
        'PATCH /blogs/1/articles/3 200',
        'GET /blogs/1/articles?pageSize=5 200', // embeds it
        'GET /blogs/1/articles?pageSize=4 200', // the infinite query's first page embeds it…
        'GET /blogs/1/articles?pageIndex=2&pageSize=4 304', // …and refetches its pages in order
        `GET ${comment3.slice(API.length)} 304`, // links it
      ].sort(),
    )
    expect(queries()).toHaveLength(count)
    expect(queries().filter((query) => query.isStale())).toEqual([])
    expect(queryClient.getQueryData(halQueryKey(article(3)))).toBe(state)
    // The unrelated ones keep their very objects.
    const after = queries().map((query) => query.state.data)
    expect(after.filter((data, i) => data === before[i])).toHaveLength(count - 3)
  })

  it('after a DELETE, drops the item and refetches the pages that listed it and those after', async () => {
    const { api, queryClient, comment3 } = await screen()
    const remove = new MutationObserver(
      queryClient,
      halMutationOptions(api.article(article(3)), 'delete'),
    )
    await remove.mutate()
    expect(requests.sort()).toEqual(
      [
        'DELETE /blogs/1/articles/3 204',
        'GET /blogs/1/articles?pageSize=5 200',
        'GET /blogs/1/articles?pageIndex=2&pageSize=5 200', // article 6 moved up to page 1
        'GET /blogs/1/articles?pageSize=4 200',
        'GET /blogs/1/articles?pageIndex=2&pageSize=4 200',
        `GET ${comment3.slice(API.length)} 404`, // linked it: its comments went with it
      ].sort(),
    )
    expect(queryClient.getQueryData(halQueryKey(article(3)))).toBeUndefined()
    // None is left stale but the comment, which went with its article.
    const stale = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.isStale())
    expect(stale.map((query) => query.queryKey[1])).toEqual([comment3])
    expect(stale[0]?.state.status).toBe('error')
    // Page 2 now embeds article 11: it is cached under its own URI.
    expect(queryClient.getQueryData<State<Article>>(halQueryKey(article(11)))?.data.id).toBe(11)
    const page = queryClient.getQueryData<State<ArticlePage>>(
      halQueryKey(`${API}/blogs/1/articles?pageSize=5`),
    )
    expect(page?.embedded('item').map((item) => item.data.id)).toEqual([1, 2, 4, 5, 6])
  })

  it('sends If-Match from the cached state; a 412 is the SDK’s typed error, and the optimistic data rolls back', async () => {
    const { api, queryClient } = await screen()
    const key = halQueryKey(article(3))
    const cached = queryClient.getQueryData<State<Article>>(key)
    // Someone else changes the article.
    const other = clients().api
    await other.patchArticle(article(3), { title: 'Theirs' })
    requests.length = 0
    const seen: string[] = []
    const rename = new MutationObserver(
      queryClient,
      halMutationOptions(api.article(article(3)), 'patch', { optimistic: true }),
    )
    const actions: string[][] = []
    rename.subscribe(() => {
      const shown = queryClient.getQueryData<State<Article>>(key)
      seen.push(shown?.data.title ?? '')
      actions.push(shown?.actions().map((action) => action.name) ?? [])
    })
    const error = await rename.mutate({ title: 'Mine' }).catch((e: unknown) => e)
    expect(isPreconditionFailedError(error)).toBe(true)
    expect(seen).toContain('Mine') // shown at once
    // The optimistic state offers the actions the cached one did.
    expect(actions[seen.indexOf('Mine')]).toEqual(['default', 'patch', 'delete'])
    expect(requests).toEqual([
      'PATCH /blogs/1/articles/3 412',
      'GET /blogs/1/articles/3 200', // the current version, to edit from
    ])
    expect(queryClient.getQueryData<State<Article>>(key)?.data.title).toBe('Theirs')
    expect(cached?.data.title).toBe('Article 3')
  })

  it('submits a HAL-FORMS action; a created resource invalidates the collection and its Location', async () => {
    const { api, queryClient, blog } = await screen()
    // A query of the URI the article will get: not found yet.
    const next = new QueryObserver(queryClient, halQueryOptions(api.article(article(43))))
    next.subscribe(() => {})
    await next.refetch()
    expect(next.getCurrentResult().status).toBe('error')
    requests.length = 0
    const create = new MutationObserver(
      queryClient,
      halMutationOptions(blog, { action: 'createArticle' }),
    )
    const created = await create.mutate({ title: 'Fresh' })
    expect(created.uri).toBe(article(43))
    expect(requests.sort()).toEqual(
      [
        'POST /blogs/1/articles 201',
        // Its Location: the 201's body is in the SDK's cache, so a conditional request.
        'GET /blogs/1/articles/43 304',
        // Every page of the collection: a creation may shift any of them.
        'GET /blogs/1/articles?pageSize=5 200',
        'GET /blogs/1/articles?pageIndex=2&pageSize=5 200',
        'GET /blogs/1/articles?pageSize=4 200',
        'GET /blogs/1/articles?pageIndex=2&pageSize=4 200',
      ].sort(),
    )
    expect(next.getCurrentResult().data?.data.title).toBe('Fresh')
  })

  it('submits an action of a page held only by an infinite query: no read first, no page query left', async () => {
    const { api, queryClient } = clients()
    const page = pageOf(api, 5)
    await queryClient.fetchInfiniteQuery(halInfiniteQueryOptions(page))
    requests.length = 0
    const create = new MutationObserver(
      queryClient,
      halMutationOptions(page, { action: 'createArticle' }),
    )
    await create.mutate({ title: 'From the list' })
    expect(requests[0]).toBe('POST /blogs/1/articles 201')
    expect(requests.filter((line) => line.startsWith('GET /blogs/1/articles?'))).toEqual([])
    expect(
      queryClient.getQueryCache().findAll({ queryKey: halQueryKey(page.uri), exact: true }),
    ).toEqual([])
  })

  it('edits through the default action of the cached state, with its If-Match', async () => {
    const { api, queryClient } = await screen()
    const edit = new MutationObserver(
      queryClient,
      halMutationOptions(api.article(article(7)), { action: 'default' }),
    )
    const state = await edit.mutate({ title: 'Edited', content: 'New' })
    expect(state.data.title).toBe('Edited')
    expect(requests[0]).toBe('PUT /blogs/1/articles/7 200')
    expect(queryClient.getQueryData(halQueryKey(article(7)))).toBe(state)
  })
})

describe('SSR', () => {
  it('dehydrates HAL states and hydrates them with no request on the client', async () => {
    const server = clients()
    const page = pageOf(server.api, 5)
    await server.queryClient.fetchQuery(halQueryOptions(page))
    await server.queryClient.fetchInfiniteQuery(halInfiniteQueryOptions(page))
    // Read on its own, the article comes with its templates (the page's copy has none).
    await server.queryClient.fetchQuery(
      halQueryOptions(server.api.article(article(2)), { staleTime: 0 }),
    )
    const wire = JSON.parse(JSON.stringify(dehydrate(server.queryClient, halDehydrateOptions)))
    requests.length = 0

    const browser = clients()
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } })
    hydrate(queryClient, wire, halHydrateOptions(browser.api.client))
    const observer = new QueryObserver(queryClient, halQueryOptions(page, { staleTime: 60_000 }))
    observer.subscribe(() => {})
    const state = observer.getCurrentResult().data
    const pages = queryClient.getQueryData(halInfiniteQueryOptions(page).queryKey)
    expect(pages?.pages[0]?.embedded('item')).toHaveLength(5)
    const item = await queryClient.fetchQuery(
      halQueryOptions(browser.api.article(article(2)), { staleTime: 60_000 }),
    )
    expect(requests).toEqual([])
    expect(state?.embedded('item').map((each) => each.data.title)).toHaveLength(5)
    expect(state?.links.get('nextPage')?.href).toBe(
      `${API}/blogs/1/articles?pageIndex=2&pageSize=5`,
    )
    expect(item.data.title).toBe('Article 2')
    // Its actions submit through the browser's client.
    await item.action('patch').submit({ title: 'From the browser' })
    expect(requests).toEqual(['PATCH /blogs/1/articles/2 200'])
  })
})
