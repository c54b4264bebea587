import fc from 'fast-check'
import { getResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { type BlogApi, createBlogApi } from '../src/blog/index.js'

const ORIGIN = 'http://blog.test'

const idSegment = fc.oneof(
  fc.integer({ min: 1, max: 20 }).map(String),
  fc.constantFrom('0', '-1', '1.5', 'abc', '99999999999999999999', '%00', '..', ''),
)
const query = fc.oneof(
  fc.constant(''),
  fc
    .record({
      pageIndex: fc.oneof(
        fc.integer({ min: -2, max: 12 }).map(String),
        fc.string({ maxLength: 4 }),
      ),
      pageSize: fc.oneof(
        fc.integer({ min: -1, max: 120 }).map(String),
        fc.string({ maxLength: 4 }),
      ),
    })
    .map((q) => `?${new URLSearchParams(q)}`),
)
const path = fc
  .tuple(
    fc.constantFrom('/api/v1.2', '/api/v1.1', '/api', '/api/v1.2/graphql', '/api/v1.2/docs/rels'),
    fc.array(fc.oneof(fc.constantFrom('blogs', 'articles', 'comments'), idSegment), {
      maxLength: 6,
    }),
    query,
  )
  .map(([base, segments, q]) => [base, ...segments].join('/') + q)

// Printable ASCII: what fetch lets a client put in a header value.
const headerValue = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 40,
})
const headers = fc.record(
  {
    accept: fc.oneof(
      fc.constantFrom('application/hal+json', '*/*', 'text/html', 'application/json;q=0', ''),
      headerValue,
    ),
    'content-type': fc.oneof(
      fc.constantFrom('application/json', 'text/plain', 'application/merge-patch+json'),
      headerValue,
    ),
    'x-access-token': fc.constantFrom('dev-token', 'reader-token', 'nope', ''),
    'if-match': fc.oneof(fc.constantFrom('*', '"x"', 'W/"x"'), headerValue),
    'if-none-match': fc.oneof(fc.constantFrom('*', '"x"'), headerValue),
    'if-modified-since': fc.oneof(
      fc.constantFrom('Thu, 01 Jan 2026 00:00:00 GMT', 'yesterday'),
      headerValue,
    ),
    'if-unmodified-since': fc.oneof(fc.constantFrom('Thu, 01 Jan 2026 00:00:00 GMT'), headerValue),
    // `Prefer: status=5xx` asks for a 5xx on purpose and `delay` only slows the run: both left out.
    prefer: fc
      .oneof(
        fc.constantFrom('return=representation', 'status=404', 'handling=lenient'),
        headerValue,
      )
      .filter((p) => !/status\s*=\s*"?5|delay/i.test(p)),
  },
  { requiredKeys: [] },
)
const body = fc.oneof(
  fc.constant(undefined),
  fc.json({ maxDepth: 3 }),
  fc
    .record({
      title: fc.string({ maxLength: 220 }),
      content: fc.option(fc.string(), { nil: undefined }),
    })
    .map((b) => JSON.stringify(b)),
  fc.string({ maxLength: 50 }),
)
const request = fc.record({
  method: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND'),
  path,
  headers,
  body,
})

type Sample<A> = A extends fc.Arbitrary<infer T> ? T : never

async function send(api: BlogApi, r: Sample<typeof request>): Promise<Response | undefined> {
  // fetch refuses a body on GET and HEAD.
  const body = r.method === 'GET' || r.method === 'HEAD' ? undefined : r.body
  return getResponse(
    api.handlers,
    new Request(ORIGIN + r.path, {
      method: r.method,
      headers: r.headers,
      ...(body === undefined ? {} : { body }),
    }),
  )
}

interface Page {
  totalArticles: number
  _link: { nextPage?: { href: string } }
  _embedded: { id: number }[]
}

/** Walks every page of a blog by its `nextPage` links and returns the article ids met. */
async function walkAllPages(
  api: BlogApi,
  blogId: number,
): Promise<{ ids: number[]; total: number }> {
  let url: string | undefined = `${ORIGIN}/api/v1.2/blogs/${blogId}/articles?pageSize=7`
  const ids: number[] = []
  let total = -1
  for (let guard = 0; url && guard < 1000; guard++) {
    const response = await getResponse(api.handlers, new Request(url))
    expect(response?.status).toBe(200)
    const page = (await response?.json()) as Page
    total = page.totalArticles
    ids.push(...page._embedded.map((article) => article.id))
    url = page._link.nextPage?.href
  }
  return { ids, total }
}

describe('random requests (fast-check)', () => {
  it('never answer 5xx, whatever the method, path, headers and body', async () => {
    const api = createBlogApi({ articles: 12 })
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const response = await send(api, r)
        // Paths outside /api (after URL normalization) are not the mock's: MSW leaves them unhandled.
        if (!new URL(ORIGIN + r.path).pathname.startsWith('/api/')) return
        expect(response, `${r.method} ${r.path}`).toBeDefined()
        expect(response?.status, `${r.method} ${r.path}`).toBeLessThan(500)
        const text = await response?.text()
        expect(text ?? '').not.toMatch(/\n\s+at .+:\d+:\d+/)
      }),
      { numRuns: 400 },
    )
  })

  it('keep ids unique and every page walk exactly totalArticles long', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 25 }), async (requests) => {
        const api = createBlogApi({ articles: 9 })
        for (const r of requests) await send(api, r)
        const ids = api.db.articles.all().map((article) => article.id)
        expect(new Set(ids).size).toBe(ids.length)
        for (const blogId of [1, 2]) {
          const walk = await walkAllPages(api, blogId)
          expect(walk.ids.length).toBe(walk.total)
          expect(new Set(walk.ids).size).toBe(walk.ids.length)
          expect(walk.ids).toEqual([...walk.ids].sort((a, b) => a - b))
        }
      }),
      { numRuns: 60 },
    )
  })

  it('make every valid create visible in the walk, whatever else happens', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.string({ minLength: 1, maxLength: 30 }).filter((t) => t.trim().length > 0),
          {
            minLength: 1,
            maxLength: 15,
          },
        ),
        async (titles) => {
          const api = createBlogApi({ articles: 4 })
          const created = await Promise.all(
            titles.map((title) =>
              getResponse(
                api.handlers,
                new Request(`${ORIGIN}/api/v1.2/blogs/2/articles`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
                  body: JSON.stringify({ title }),
                }),
              ).then((r) => r?.json() as Promise<{ id: number; title: string }>),
            ),
          )
          const walk = await walkAllPages(api, 2)
          expect(walk.total).toBe(titles.length)
          expect(walk.ids).toEqual(created.map((a) => a.id).sort((a, b) => a - b))
        },
      ),
      { numRuns: 40 },
    )
  })
})
