import { HttpResponse, http } from 'msw'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createMockServer, type MockServer } from '../src/server/index.js'

// The real server answers most requests through its dispatcher, without MSW's `getResponse`; any
// override added with use() sends every request through MSW again. Both must answer alike.
let server: MockServer
beforeAll(async () => {
  server = await createMockServer({ port: 0, log: false })
})
beforeEach(async () => {
  server.resetHandlers()
  await server.api.reset()
})
afterAll(() => server.close())

const token = { 'x-access-token': 'dev-token' }
const json = { ...token, 'content-type': 'application/json' }

/** Requests covering each route and each guard: negotiation, auth, preconditions, Prefer, HEAD. */
const REQUESTS: [string, string, RequestInit?][] = [
  ['GET article', '/api/v1.2/blogs/1/articles/1', { headers: { accept: 'application/hal+json' } }],
  ['HEAD article', '/api/v1.2/blogs/1/articles/1', { method: 'HEAD' }],
  ['GET root, trailing slash', '/api/v1.2/'],
  ['GET blog', '/api/v1.2/blogs/1'],
  ['GET page', '/api/v1.2/blogs/1/articles?pageIndex=2&pageSize=5'],
  ['GET bad page', '/api/v1.2/blogs/1/articles?pageSize=500'],
  ['GET comments', '/api/v1.2/blogs/1/articles/1/comments'],
  ['GET comment', '/api/v1.2/blogs/1/articles/1/comments/2'],
  ['GET missing article', '/api/v1.2/blogs/1/articles/999'],
  ['GET bad id', '/api/v1.2/blogs/1/articles/abc'],
  ['GET not acceptable', '/api/v1.2/blogs/1', { headers: { accept: 'text/csv' } }],
  ['GET Prefer status', '/api/v1.2/blogs/1', { headers: { prefer: 'status=503' } }],
  ['GET cross-origin', '/api/v1.2/blogs/1', { headers: { origin: 'http://app.test' } }],
  ['GET docs', '/api/v1.2/docs/rels/articles'],
  ['GET graphql', '/api/v1.2/graphql?query=%7Bperson(id%3A%221%22)%7Bname%7D%7D'],
  [
    'POST graphql',
    '/api/v1.2/graphql',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{person(id:\\"2\\"){name}}"}',
    },
  ],
  ['PATCH (405)', '/api/v1.2/blogs/1', { method: 'PATCH' }],
  ['POST no token', '/api/v1.2/blogs/1/articles', { method: 'POST', body: '{}' }],
  [
    'POST unknown token',
    '/api/v1.2/blogs/1/articles',
    { method: 'POST', headers: { 'x-access-token': 'nope' } },
  ],
  [
    'POST reader token',
    '/api/v1.2/blogs/1/articles',
    {
      method: 'POST',
      headers: { 'x-access-token': 'reader-token', 'content-type': 'application/json' },
      body: '{"title":"x"}',
    },
  ],
  [
    'POST invalid',
    '/api/v1.2/blogs/1/articles',
    { method: 'POST', headers: json, body: '{"title":""}' },
  ],
  [
    'POST not JSON',
    '/api/v1.2/blogs/1/articles',
    { method: 'POST', headers: { ...token, 'content-type': 'text/plain' }, body: 'x' },
  ],
  [
    'PUT stale If-Match',
    '/api/v1.2/blogs/1/articles/2',
    { method: 'PUT', headers: { ...json, 'if-match': '"stale"' }, body: '{"title":"New"}' },
  ],
  ['DELETE', '/api/v1.2/blogs/1/articles/3', { method: 'DELETE', headers: token }],
  [
    'DELETE with representation',
    '/api/v1.2/blogs/1/articles/4',
    { method: 'DELETE', headers: { ...token, prefer: 'return=representation' } },
  ],
]

/** Status, headers but those of the connection, and body. */
async function answer(path: string, init?: RequestInit) {
  const response = await fetch(`${server.origin}${path}`, init)
  const headers = Object.fromEntries(
    [...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)),
  )
  return { status: response.status, headers, body: await response.text() }
}

describe('the real server dispatcher', () => {
  it.each(REQUESTS)('answers %s exactly as the MSW handlers do', async (_, path, init) => {
    const fast = await answer(path, init)
    await server.api.reset()
    // Any override makes the server ask MSW for every request.
    server.use(http.get('*/never-requested', () => HttpResponse.text('never')))
    const msw = await answer(path, init)
    expect(fast).toEqual(msw)
  })

  it('answers writes exactly as the MSW handlers do, Last-Modified aside', async () => {
    const put = () =>
      answer('/api/v1.2/blogs/1/articles/5', {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({ title: 'Edited', content: 'Again' }),
      })
    const post = () =>
      answer('/api/v1.2/blogs/2/articles', {
        method: 'POST',
        headers: json,
        body: '{"title":"New"}',
      })
    const fast = [await put(), await post()]
    await server.api.reset()
    server.use(http.get('*/never-requested', () => HttpResponse.text('never')))
    const msw = [await put(), await post()]
    // The change time is the clock's, so the two runs may differ by a second.
    const withoutTime = ({ headers, ...rest }: Awaited<ReturnType<typeof answer>>) => ({
      ...rest,
      headers: { ...headers, 'last-modified': '' },
    })
    expect(fast.map(withoutTime)).toEqual(msw.map(withoutTime))
  })

  it('lets an override win over a route it would otherwise answer itself', async () => {
    const path = '/api/v1.2/blogs/1/articles/1'
    expect((await answer(path)).status).toBe(200)
    server.use(
      http.get(
        '*/api/v1.2/blogs/:blogId/articles/:articleId',
        () => new HttpResponse(null, { status: 418 }),
      ),
    )
    expect((await answer(path)).status).toBe(418)
    server.resetHandlers()
    expect((await answer(path)).status).toBe(200)
  })

  it('leaves a token sent as a cookie to MSW, which parses cookies', async () => {
    const created = await answer('/api/v1.2/blogs/1/articles', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'theme=dark; access_token=dev-token' },
      body: '{"title":"By cookie"}',
    })
    expect(created.status).toBe(201)
  })
})
