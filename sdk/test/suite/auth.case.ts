import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { HttpResponse, http } from 'msw'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { itOverriding, override, recordingClient } from './helpers.js'
import type { SdkTarget } from './target.js'

/** A second server, on another origin, that records the headers it receives. */
async function listenElsewhere(): Promise<{
  origin: string
  seen: IncomingHttpHeaders[]
  server: Server
}> {
  const seen: IncomingHttpHeaders[] = []
  const server = createServer((req, res) => {
    seen.push(req.headers)
    res.writeHead(200, { 'content-type': 'application/hal+json' })
    res.end(JSON.stringify({ elsewhere: true, _links: {} }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { origin: `http://127.0.0.1:${port}`, seen, server }
}

/** The token goes to the API's origin only; real servers on both sides. */
export function authCases(target: () => SdkTarget): void {
  describe('the token stays on the API origin', () => {
    let t: SdkTarget
    let other: Awaited<ReturnType<typeof listenElsewhere>>
    beforeAll(async () => {
      other = await listenElsewhere()
    })
    afterAll(() => new Promise<void>((resolve) => other.server.close(() => resolve())))
    beforeEach(() => {
      t = target()
      other.seen.length = 0
    })

    it('is sent to the API origin, reads and writes alike, from a function per request', async () => {
      let asked = 0
      const { client, requests } = recordingClient(t, {
        token: () => {
          asked++
          return 'dev-token'
        },
      })
      await client.go('blogs/1').get()
      await client.go('blogs/1/articles').post({ title: 'With token' })
      expect(requests.map((r) => r.headers.get('x-access-token'))).toEqual([
        'dev-token',
        'dev-token',
      ])
      expect(asked).toBe(2)
    })

    itOverriding(target)('is not sent to another origin a link points at', async () => {
      override(
        t,
        http.get('*/api/v1.2/blogs/2', () =>
          HttpResponse.json({ _links: { elsewhere: { href: `${other.origin}/thing` } } }),
        ),
      )
      const { client } = recordingClient(t)
      const state = await client.go('blogs/2').follow('elsewhere').get()
      expect(state.data).toEqual({ elsewhere: true })
      expect(other.seen).toHaveLength(1)
      expect(other.seen[0]).not.toHaveProperty('x-access-token')
    })

    itOverriding(target)(
      'follows a redirect itself: the token to the same origin, never to another one',
      async () => {
        override(
          t,
          http.get('*/api/v1.2/blogs/3', () => HttpResponse.redirect(`${other.origin}/moved`, 307)),
          http.get('*/api/v1.2/blogs/4', ({ request }) =>
            HttpResponse.redirect(new URL('/api/v1.2/blogs/5', request.url).href, 302),
          ),
          http.get('*/api/v1.2/blogs/5', ({ request }) =>
            HttpResponse.json({ token: request.headers.get('x-access-token'), _links: {} }),
          ),
        )
        const { client, requests } = recordingClient(t)
        const moved = await client.go('blogs/3').get()
        expect(moved.data).toEqual({ elsewhere: true })
        expect(other.seen).toHaveLength(1)
        expect(other.seen[0]).not.toHaveProperty('x-access-token')
        const same = await client.go('blogs/4').get()
        expect(same.data).toEqual({ token: 'dev-token' })
        expect(same.uri).toBe(`${t.apiUrl}/blogs/5`)
        // Each URL asked once: the SDK follows, nothing is sent twice.
        expect(requests.map((r) => new URL(r.url).pathname)).toEqual([
          '/api/v1.2/blogs/3',
          '/moved',
          '/api/v1.2/blogs/4',
          '/api/v1.2/blogs/5',
        ])
      },
    )
  })
}
