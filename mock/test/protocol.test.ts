// Rules of docs/api.md that fetch over a network cannot show (it always sends Accept), or that
// need an option the contract suite's default targets do not start with.
import { getResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createBlogApi } from '../src/blog/index.js'
import { parsePrefer } from '../src/http/prefer.js'
import { type RecordedRequest, RequestLog } from '../src/shells/common/request-log.js'

const ORIGIN = 'http://blog.test/api/v1.2'

describe('negotiation without Accept', () => {
  it('serves HAL when the request has no Accept header at all', async () => {
    const api = createBlogApi()
    const request = new Request(`${ORIGIN}/blogs/1`)
    expect(request.headers.has('accept')).toBe(false)
    const response = await getResponse(api.handlers, request)
    expect(response?.status).toBe(200)
    expect(response?.headers.get('content-type')).toBe('application/hal+json')
  })
})

describe('protected reads', () => {
  const api = createBlogApi({ protectReads: true })
  const get = (path: string, headers: Record<string, string> = {}) =>
    getResponse(api.handlers, new Request(ORIGIN + path, { headers }))

  it('answers 401 with the challenge to a read without a token', async () => {
    for (const path of ['', '/blogs/1', '/blogs/1/articles', '/blogs/1/articles/1/comments']) {
      const response = await get(path)
      expect(response?.status, path).toBe(401)
      expect(response?.headers.get('www-authenticate')).toBe('Token realm="blog-api"')
    }
    expect((await get('/graphql?query=%7Bperson(id%3A%221%22)%7Bname%7D%7D'))?.status).toBe(401)
  })

  it('serves a read with a known token, in the header or the cookie', async () => {
    expect((await get('/blogs/1', { 'x-access-token': 'reader-token' }))?.status).toBe(200)
    expect((await get('/blogs/1', { cookie: 'access_token=dev-token' }))?.status).toBe(200)
    expect((await get('/blogs/1', { 'x-access-token': 'stolen' }))?.status).toBe(401)
  })

  it('keeps the documentation public, so curies still resolve', async () => {
    expect((await get('/docs/rels/articles'))?.status).toBe(200)
  })
})

describe('Prefer', () => {
  it('caps delay at 10 000 ms and ignores what it does not know', () => {
    expect(parsePrefer(new Headers({ prefer: 'delay=600000' })).delay).toBe(10_000)
    expect(parsePrefer(new Headers({ prefer: 'return=minimal, wait=5, status=200' }))).toEqual({
      returnRepresentation: false,
    })
    expect(parsePrefer(new Headers({ prefer: 'return=representation; x=1, status=418' }))).toEqual({
      returnRepresentation: true,
      status: 418,
    })
  })
})

describe('the request log of /__admin/requests', () => {
  it('keeps the last 1 000 requests, oldest first', () => {
    const log = new RequestLog<RecordedRequest>()
    for (let i = 0; i < 1_234; i++) {
      log.add({
        at: 0,
        method: 'GET',
        url: `/${i}`,
        status: 200,
        durationMs: 0,
        headers: () => ({}),
      })
    }
    const urls = log.list().map((entry) => entry.url)
    expect(urls).toHaveLength(1_000)
    expect(urls[0]).toBe('/234')
    expect(urls.at(-1)).toBe('/1233')
  })
})
