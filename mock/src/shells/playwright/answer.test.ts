import { http, passthrough } from 'msw'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineHalApi } from '../../serve/api.js'
import { halResponder } from '../../serve/handler.js'
import { answerRequest } from './answer.js'

// Chromium never hands a preflight to a route (Playwright answers it), Firefox and WebKit do: the
// e2e run covers Chromium, this covers what the other two would send.
const notes = defineHalApi({
  basePath: '/api',
  tokens: ['dev-token'],
  collections: { notes: { schema: z.object({ text: z.string() }), seed: [{ text: 'First' }] } },
})
const api = halResponder(notes)
const page = 'http://app.example'
const blog = 'https://api.example/api/notes/1'

describe('answerRequest', () => {
  it('answers a CORS preflight as the real server does', async () => {
    const preflight = new Request(blog, {
      method: 'OPTIONS',
      headers: {
        origin: page,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'x-access-token, if-match',
      },
    })
    const response = await answerRequest(preflight, [], undefined, api)
    expect(response?.status).toBe(204)
    expect(response?.headers.get('access-control-allow-origin')).toBe(page)
    expect(response?.headers.get('access-control-allow-methods')).toContain('PUT')
    expect(response?.headers.get('access-control-allow-headers')).toMatch(
      /X-Access-Token.*If-Match/,
    )
  })

  it('adds the CORS headers to a cross-origin answer only', async () => {
    const cross = await answerRequest(
      new Request(blog, { headers: { origin: page } }),
      [],
      undefined,
      api,
    )
    expect(cross?.headers.get('access-control-allow-origin')).toBe(page)
    expect(cross?.headers.get('access-control-expose-headers')).toContain('ETag')
    const same = await answerRequest(new Request(blog), [], undefined, api)
    expect(same?.status).toBe(200)
    expect(same?.headers.has('access-control-allow-origin')).toBe(false)
  })

  it('resolves to undefined when no handler answers or one passes the request through', async () => {
    const outside = new Request('https://api.example/elsewhere/1')
    expect(await answerRequest(outside, [], undefined, api)).toBeUndefined()
    const through = http.get(blog, () => passthrough())
    expect(await answerRequest(new Request(blog), [through], undefined, api)).toBeUndefined()
  })

  it('resolves a relative handler path against the given page URL', async () => {
    const relative = http.get('/api/notes/1', () => new Response('relative'))
    const request = new Request(`${page}/api/notes/1`)
    const response = await answerRequest(request, [relative], `${page}/list`, api)
    expect(await response?.text()).toBe('relative')
  })

  it('accepts an answer whose headers are immutable, as a fetch response has', async () => {
    const redirect = http.get(blog, () => Response.redirect('https://api.example/moved', 302))
    const request = new Request(blog, { headers: { origin: page } })
    const response = await answerRequest(request, [redirect])
    expect(response?.status).toBe(302)
    expect(response?.headers.get('access-control-allow-origin')).toBe(page)
  })
})
