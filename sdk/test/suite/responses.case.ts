import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect } from 'vitest'
import { type HttpError, isHttpError, isInvalidResponseError } from '../../src/index.js'
import { itOverriding, lines, override, recordingClient } from './helpers.js'
import type { SdkTarget } from './target.js'

/** A HAL answer with this exact body text. */
const halText = (text: string, init: ResponseInit = {}) =>
  new HttpResponse(text, {
    ...init,
    headers: { 'content-type': 'application/hal+json', ...init.headers },
  })

/** Answers a server may send that the SDK must refuse, or read around, without crashing. */
export function responseCases(target: () => SdkTarget): void {
  // Every case overrides a route: a target without `use` registers none, not an empty describe.
  if (!target().use) return
  describe('bad responses', () => {
    let t: SdkTarget
    beforeEach(() => {
      t = target()
    })
    const refusal = async (call: Promise<unknown>): Promise<string> => {
      const error = await call.catch((e: unknown) => e)
      expect(isInvalidResponseError(error)).toBe(true)
      return (error as Error).message
    }

    itOverriding(target)('JSON nested 100 000 deep is an InvalidResponseError', async () => {
      const deep = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`
      override(
        t,
        http.get('*/api/v1.2/blogs/2', () => halText(deep)),
      )
      const { client } = recordingClient(t)
      expect(await refusal(client.go('blogs/2').get())).toBe(
        `GET ${t.apiUrl}/blogs/2 answered JSON nested deeper than 1000 levels`,
      )
    })

    itOverriding(target)(
      'JSON nested 1000 levels deep reads, brackets inside strings not counted',
      async () => {
        const nested = `${'['.repeat(999)}"[[{{\\"]]"${']'.repeat(999)}`
        override(
          t,
          http.get('*/api/v1.2/blogs/2', () => halText(`{"nested":${nested}}`)),
        )
        const { client } = recordingClient(t)
        const state = await client.go('blogs/2').get()
        expect(JSON.stringify(state.data)).toBe(`{"nested":${nested}}`)
      },
    )

    itOverriding(target)('invalid JSON is an InvalidResponseError', async () => {
      override(
        t,
        http.get('*/api/v1.2/blogs/2', () => halText('{"title":')),
      )
      const { client } = recordingClient(t)
      expect(await refusal(client.go('blogs/2').get())).toBe(
        `GET ${t.apiUrl}/blogs/2 answered invalid JSON`,
      )
    })

    itOverriding(target)('a 201 whose Location is no URL is an InvalidResponseError', async () => {
      override(
        t,
        http.post(
          '*/api/v1.2/blogs/1/articles',
          () => new HttpResponse(null, { status: 201, headers: { location: 'http://[::1' } }),
        ),
      )
      const { client } = recordingClient(t)
      expect(await refusal(client.go('blogs/1/articles').post({ title: 'x' }))).toBe(
        `POST ${t.apiUrl}/blogs/1/articles answered an invalid URL 'http://[::1'`,
      )
    })

    itOverriding(target)(
      'a body over maxBodySize is an InvalidResponseError; under it, the same body reads',
      async () => {
        const body = JSON.stringify({ padding: 'x'.repeat(2000) })
        override(
          t,
          http.get('*/api/v1.2/blogs/2', () => halText(body)),
        )
        const small = recordingClient(t, { maxBodySize: 1000 }).client
        expect(await refusal(small.go('blogs/2').get())).toBe(
          `GET ${t.apiUrl}/blogs/2 answered a body over maxBodySize (1000 bytes)`,
        )
        const large = recordingClient(t, { maxBodySize: 5000 }).client
        expect((await large.go('blogs/2').get()).data).toEqual(JSON.parse(body))
      },
    )

    itOverriding(target)(
      'a link whose href is no URL is skipped; the rest of the document reads',
      async () => {
        override(
          t,
          http.get('*/api/v1.2/blogs/2', () =>
            HttpResponse.json({
              title: 'kept',
              _links: { broken: { href: 'http://[::1' }, blog: { href: '/api/v1.2/blogs/1' } },
              _embedded: { item: [{ _links: { self: { href: 'http://[::1' } } }] },
            }),
          ),
        )
        const { client } = recordingClient(t)
        const resource = client.go('blogs/2')
        const state = await resource.get()
        expect(state.data).toEqual({ title: 'kept' })
        expect(state.links.rels()).toEqual(['blog'])
        expect((await resource.follow('blog').get()).data.title).toBe('Engineering blog')
        // An embedded copy with no usable self link lives at its parent's address.
        expect(state.embedded('item')[0]?.uri).toBe(`${t.apiUrl}/blogs/2`)
      },
    )

    itOverriding(target)('a __proto__ member is plain data, never the prototype', async () => {
      override(
        t,
        http.get('*/api/v1.2/blogs/2', () =>
          halText(
            '{"__proto__":{"polluted":true},"_embedded":{"__proto__":[{"x":1}],"item":{"__proto__":{"polluted":true}}}}',
          ),
        ),
      )
      const { client } = recordingClient(t)
      const state = await client.go('blogs/2').get()
      const data = state.data as Record<string, unknown>
      expect(Object.getPrototypeOf(data)).toBe(Object.prototype)
      expect(Object.hasOwn(data, '__proto__')).toBe(true)
      expect(data.polluted).toBeUndefined()
      expect(state.embeddedRels()).toEqual(['__proto__', 'item'])
      const item = state.embedded('item')[0]?.data as Record<string, unknown>
      expect(Object.getPrototypeOf(item)).toBe(Object.prototype)
      expect(Object.hasOwn(item, '__proto__')).toBe(true)
    })

    itOverriding(target)(
      'with timeout 2000, a Retry-After of 30 s is not waited for (maxRetryAfter is the timeout); one of 1 s is',
      async () => {
        let calls = 0
        override(
          t,
          http.get(
            '*/api/v1.2/blogs/2',
            () => new HttpResponse(null, { status: 503, headers: { 'retry-after': '30' } }),
          ),
          http.get('*/api/v1.2/blogs/3', () =>
            calls++ === 0
              ? new HttpResponse(null, { status: 503, headers: { 'retry-after': '1' } })
              : HttpResponse.json({ ready: true, _links: {} }),
          ),
        )
        const { client, requests } = recordingClient(t, { timeout: 2000 })
        const error = await client
          .go('blogs/2')
          .get()
          .catch((e: unknown) => e)
        expect(isHttpError(error) && (error as HttpError).status).toBe(503)
        expect((await client.go('blogs/3').get()).data).toEqual({ ready: true })
        expect(lines(requests)).toEqual([
          'GET /api/v1.2/blogs/2',
          'GET /api/v1.2/blogs/3',
          'GET /api/v1.2/blogs/3',
        ])
      },
    )

    itOverriding(target)(
      'a Retry-After over maxRetryAfter (the timeout by default) is not waited for: the HttpError comes at once',
      async () => {
        override(
          t,
          http.get(
            '*/api/v1.2/blogs/2',
            () => new HttpResponse(null, { status: 503, headers: { 'retry-after': '3600' } }),
          ),
        )
        const { client, requests } = recordingClient(t)
        const error = await client
          .go('blogs/2')
          .get()
          .catch((e: unknown) => e)
        expect(isHttpError(error) && (error as HttpError).status).toBe(503)
        expect(lines(requests)).toEqual(['GET /api/v1.2/blogs/2'])
      },
    )
  })
}
