import { describe, expect, it } from 'vitest'
import {
  type Answer,
  API,
  client,
  DEV_TOKEN,
  describeNeeds,
  expectProblem,
  itNeeds,
  itWriting,
  linksIn,
  type Page,
  paths,
} from './helpers.js'
import type { ContractTarget, RawRequest } from './target.js'

/** A page on a site that is not the server's nor a loopback one. */
const FOREIGN = 'https://evil.example'

const list = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean)

/**
 * What a page on another site, a rebound DNS name or a hand-made request must not get (docs/api.md:
 * Resources for paths and hosts, HTTP semantics for methods and CORS, Mock controls for admin). Path cases run on every target; the others only
 * where the target has the capability (see `ContractCapability`).
 */
export function securityCases(target: () => ContractTarget): void {
  const api = client(target)
  // Cases that write need the seed restored before each (not registered where it cannot be).
  const writes = itWriting(target)

  /** {@link ContractTarget.raw} with the body read as a contract {@link Answer}. */
  const raw = async (request: RawRequest): Promise<Answer> => {
    const send = target().raw
    if (!send) throw new Error(`${target().name} has no raw(); it must not claim raw-http`)
    const answer = await send(request)
    return { ...answer, json: <T>() => JSON.parse(answer.text) as T }
  }

  /** Articles in blog 2 (none in the seed). */
  const blog2Articles = async () =>
    (await api.read<Page<unknown>>(paths.articles(2))).totalArticles ?? -1

  describe('only {origin}/api/v1.2/… is the API (docs/api.md, Resources)', () => {
    writes.each([
      `/x${API}/blogs/2/articles`,
      `/api/v1.1${API}/blogs/2/articles`,
      `${API}/x${API}/blogs/2/articles`,
    ])('POST %s is a 404 and creates nothing', async (path) => {
      const answer = await api.send('POST', path, { title: 'Under another prefix' })
      expectProblem(answer, 404, `POST ${path}`)
      expect(await blog2Articles()).toBe(0)
    })

    it.each([`/x${API}/blogs/1`, `${API}/x${API}/blogs/1`])('GET %s is a 404', async (path) => {
      expectProblem(await api.get(path), 404, path)
    })

    it('GET /api/v1.1/api/v1.2/blogs/1 is a 404 naming the supported version', async () => {
      const path = `/api/v1.1${API}/blogs/1`
      expect(expectProblem(await api.get(path), 404, path).detail).toContain('v1.2')
    })
  })

  describeNeeds(target, 'raw-http')('hosts and request targets (docs/api.md, Resources)', () => {
    const port = () => new URL(target().origin).port

    it('a Host that is no loopback name nor the server itself is a 403', async () => {
      for (const path of [paths.blog(1), API]) {
        const answer = await raw({
          method: 'GET',
          target: path,
          headers: { host: `evil.example:${port()}` },
        })
        expectProblem(answer, 403, `GET ${path} with Host evil.example`)
        expect(answer.text).not.toContain('evil.example')
      }
    })

    writes('a write with a foreign Host is a 403 and creates nothing', async () => {
      const body = JSON.stringify({ title: 'Rebound' })
      const answer = await raw({
        method: 'POST',
        target: paths.articles(2),
        headers: {
          host: `evil.example:${port()}`,
          'content-type': 'application/json',
          'x-access-token': DEV_TOKEN,
        },
        body,
      })
      expectProblem(answer, 403, 'POST with Host evil.example')
      expect(await blog2Articles()).toBe(0)
    })

    writes('two Host lines are a 400 problem, whichever comes first (RFC 9112 §3.2)', async () => {
      const own = new URL(target().origin).host
      for (const hosts of [
        [own, `evil.example:${port()}`],
        [`evil.example:${port()}`, own],
        [own, own],
      ]) {
        const answer = await raw({
          method: 'POST',
          target: paths.articles(2),
          headers: {
            host: hosts,
            'content-type': 'application/json',
            'x-access-token': DEV_TOKEN,
          },
          body: JSON.stringify({ title: 'Two hosts' }),
        })
        expectProblem(answer, 400, `Host ${hosts.join(' and ')}`)
        expect(answer.text).not.toContain('evil.example')
      }
      expect(await blog2Articles()).toBe(0)
    })

    for (const host of ['localhost', 'app.localhost', '127.0.0.1']) {
      it(`links follow the loopback Host ${host}`, async () => {
        const scheme = new URL(target().origin).protocol
        const answer = await raw({
          method: 'GET',
          target: paths.blog(1),
          headers: { host: `${host}:${port()}`, accept: 'application/hal+json' },
        })
        expect(answer.status, answer.text).toBe(200)
        for (const { link } of linksIn(answer.json())) {
          expect(link.href.startsWith(`${scheme}//${host}:${port()}${API}/`), link.href).toBe(true)
        }
      })
    }

    for (const absolute of ['ftp://evil.example', 'file://', '//evil.example']) {
      writes(`a request target ${absolute}/… never gives its scheme or host to links`, async () => {
        const answer = await raw({
          method: 'GET',
          target: `${absolute}${paths.blog(1)}`,
          headers: { accept: 'application/hal+json' },
        })
        expect(answer.status, answer.text).toBeLessThan(500)
        // A path may be echoed (`instance`), a URL only on the server's own origin.
        const urls = answer.text.match(/[a-z]+:\/\/[^"\s]*/g) ?? []
        for (const url of urls) expect(new URL(url).origin, url).toBe(target().origin)
        if (answer.status !== 200) return
        for (const { link } of linksIn(answer.json())) {
          expect(new URL(link.href).origin, link.href).toBe(target().origin)
        }
      })
    }

    for (const method of ['TRACE', 'TRACK', 'FOO']) {
      writes(`${method} on a resource is a 405 with Allow`, async () => {
        const answer = await raw({ method, target: paths.blog(1) })
        expectProblem(answer, 405, method)
        expect(list(answer.headers.get('allow'))).toEqual(
          expect.arrayContaining(['get', 'head', 'options']),
        )
      })
    }

    for (const method of ['TRACE', 'TRACK', 'FOO']) {
      writes(`${method} on an article is a 405 whose Allow names PATCH too`, async () => {
        const answer = await raw({ method, target: paths.article(1, 1) })
        expectProblem(answer, 405, method)
        expect(list(answer.headers.get('allow'))).toEqual(
          expect.arrayContaining(['get', 'put', 'patch', 'delete']),
        )
      })
    }

    writes(
      'a chunked body the server cannot parse is a 400 problem, not a dropped connection',
      async () => {
        const answer = await raw({
          method: 'POST',
          target: paths.articles(2),
          headers: {
            'transfer-encoding': 'chunked',
            'content-type': 'application/json',
            'x-access-token': DEV_TOKEN,
          },
          body: 'ZZ\r\n{"title":"Unparsable"}\r\n0\r\n\r\n',
        })
        expectProblem(answer, 400, 'an invalid chunk size')
        expect(await blog2Articles()).toBe(0)
      },
    )

    it('OPTIONS * asks about the server: 204 with Allow, not a 400 (RFC 9110 §9.3.7)', async () => {
      const answer = await raw({ method: 'OPTIONS', target: '*' })
      expect(answer.status, answer.text).toBe(204)
      expect(list(answer.headers.get('allow'))).toEqual(
        expect.arrayContaining(['get', 'head', 'post', 'put', 'patch', 'delete', 'options']),
      )
    })

    it('CONNECT is a 405 with Allow, not a dropped connection', async () => {
      const authority = new URL(target().origin).host
      const answer = await raw({ method: 'CONNECT', target: authority })
      expect(answer.status).toBe(405)
      expect(list(answer.headers.get('allow')).length).toBeGreaterThan(0)
    })
  })

  describeNeeds(target, 'cors')('CORS (docs/api.md, HTTP semantics)', () => {
    const LOOPBACK = ['http://localhost:5173', 'http://127.0.0.1:9', 'http://[::1]:3000']

    for (const origin of LOOPBACK) {
      it(`a preflight from ${origin} allows the API methods and headers`, async () => {
        const answer = await api.request(paths.article(1, 1), {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'PUT',
            'access-control-request-headers': 'content-type, x-access-token, if-match',
          },
        })
        expect(answer.status).toBe(204)
        expect(answer.headers.get('access-control-allow-origin')).toBe(origin)
        expect(answer.headers.get('access-control-allow-credentials')).toBe('true')
        expect(list(answer.headers.get('access-control-allow-methods'))).toEqual(
          expect.arrayContaining(['get', 'head', 'post', 'put', 'patch', 'delete', 'options']),
        )
        expect(list(answer.headers.get('access-control-allow-headers'))).toEqual(
          expect.arrayContaining([
            'content-type',
            'accept',
            'x-access-token',
            'if-match',
            'if-none-match',
            'if-modified-since',
            'if-unmodified-since',
            'prefer',
          ]),
        )
        // Vary names Origin once, not once per layer that adds it.
        expect(list(answer.headers.get('vary')).filter((name) => name === 'origin')).toEqual([
          'origin',
        ])
      })
    }

    for (const [what, send, status] of [
      ['a read', () => api.get(paths.blog(1), { origin: LOOPBACK[0] as string }), 200],
      [
        'a refused write',
        () =>
          api.send(
            'POST',
            paths.articles(1),
            { title: 'x' },
            { token: null, headers: { origin: LOOPBACK[0] as string } },
          ),
        401,
      ],
    ] as const) {
      it(`${what} from a loopback origin may read the validators and errors`, async () => {
        const answer = await send()
        expect(answer.status).toBe(status)
        expect(answer.headers.get('access-control-allow-origin')).toBe(LOOPBACK[0])
        expect(answer.headers.get('access-control-allow-credentials')).toBe('true')
        expect(list(answer.headers.get('access-control-expose-headers'))).toEqual(
          expect.arrayContaining([
            'etag',
            'last-modified',
            'location',
            'preference-applied',
            'www-authenticate',
          ]),
        )
      })
    }

    it('a page on another site gets no CORS grant, for reads or preflights', async () => {
      const read = await api.get(paths.blog(1), { origin: FOREIGN })
      expect(read.headers.get('access-control-allow-origin')).toBeNull()
      expect(read.headers.get('access-control-allow-credentials')).toBeNull()
      const preflight = await api.request(paths.articles(1), {
        method: 'OPTIONS',
        headers: { origin: FOREIGN, 'access-control-request-method': 'POST' },
      })
      expect(preflight.status).toBeLessThan(500)
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    })

    it('Origin: null is never granted credentials', async () => {
      for (const answer of [
        await api.get(paths.blog(1), { origin: 'null' }),
        await api.request(paths.articles(1), {
          method: 'OPTIONS',
          headers: { origin: 'null', 'access-control-request-method': 'POST' },
        }),
      ]) {
        expect(answer.headers.get('access-control-allow-origin')).not.toBe('null')
        const granted = answer.headers.get('access-control-allow-origin') !== null
        expect(granted && answer.headers.get('access-control-allow-credentials') === 'true').toBe(
          false,
        )
      }
    })
  })

  describeNeeds(target, 'admin')('admin controls (docs/api.md, Mock controls)', () => {
    const createOne = async () => {
      await api.create({ title: 'Kept' }, 2)
      expect(await blog2Articles()).toBe(1)
    }

    writes('POST /__admin/reset without Content-Type: application/json wipes nothing', async () => {
      await createOne()
      // What a form or a `no-cors` fetch can send without a preflight.
      for (const type of [undefined, 'text/plain', 'application/x-www-form-urlencoded']) {
        const answer = await api.request('/__admin/reset', {
          method: 'POST',
          ...(type === undefined ? {} : { headers: { 'content-type': type }, body: '{}' }),
        })
        expect(answer.status, `Content-Type ${type}`).toBeGreaterThanOrEqual(400)
        expect(answer.status, `Content-Type ${type}`).toBeLessThan(500)
      }
      expect(await blog2Articles()).toBe(1)
    })

    writes(
      'POST /__admin/reset from a page on another site is a 403 and wipes nothing',
      async () => {
        await createOne()
        const answer = await api.request('/__admin/reset', {
          method: 'POST',
          headers: { origin: FOREIGN, 'content-type': 'application/json' },
          body: '{}',
        })
        expectProblem(answer, 403, 'reset from another site')
        expect(answer.headers.get('access-control-allow-origin')).toBeNull()
        expect(await blog2Articles()).toBe(1)
      },
    )

    it('GET /__admin/requests refuses pages on another site', async () => {
      for (const headers of [{ origin: FOREIGN }, { 'sec-fetch-site': 'cross-site' }]) {
        const answer = await api.get('/__admin/requests', headers)
        expectProblem(answer, 403, JSON.stringify(headers))
        expect(answer.text).not.toContain(DEV_TOKEN)
      }
    })

    itNeeds(target, 'cors')(
      'a page on a loopback origin may call the admin routes and read their answers',
      async () => {
        const origin = 'http://localhost:5173'
        const preflight = await api.request('/__admin/reset', {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type',
          },
        })
        expect(preflight.status).toBe(204)
        expect(preflight.headers.get('access-control-allow-origin')).toBe(origin)
        const journal = await api.get('/__admin/requests', { origin })
        expect(journal.status).toBe(200)
        expect(journal.headers.get('access-control-allow-origin')).toBe(origin)
        expect(journal.headers.get('access-control-allow-credentials')).toBe('true')
      },
    )

    writes('GET /__admin/requests lists the requests received since the reset', async () => {
      await api.get(paths.blog(1))
      await api.get(paths.blog(3))
      const answer = await api.get('/__admin/requests')
      expect(answer.status).toBe(200)
      const { requests } = answer.json<{
        requests: { method: string; url: string; status: number }[]
      }>()
      expect(requests.map(({ method, url, status }) => ({ method, url, status }))).toEqual([
        { method: 'GET', url: paths.blog(1), status: 200 },
        { method: 'GET', url: paths.blog(3), status: 404 },
      ])
    })

    it('GET /__admin/requests shows no token, cookie or authorization value', async () => {
      const secrets = {
        'x-access-token': DEV_TOKEN,
        cookie: 'access_token=cookie-secret-1',
        authorization: 'Bearer bearer-secret-2',
        'set-cookie': 'session=set-cookie-secret-3',
      }
      await api.get(paths.blog(1), secrets)
      const answer = await api.get('/__admin/requests')
      expect(answer.status).toBe(200)
      expect(answer.text).toContain(paths.blog(1))
      for (const secret of [
        DEV_TOKEN,
        'cookie-secret-1',
        'bearer-secret-2',
        'set-cookie-secret-3',
      ]) {
        expect(answer.text).not.toContain(secret)
      }
    })

    it('GET /__admin/requests shows no value of a header or query parameter named as a credential', async () => {
      await api.get(`${paths.blog(1)}?access_token=query-secret-4&x=1`, {
        'x-api-key': 'key-secret-5',
        'x-session-id': 'session-secret-6',
      })
      const answer = await api.get('/__admin/requests')
      expect(answer.status).toBe(200)
      expect(answer.text).toContain(`${paths.blog(1)}?access_token=[redacted]&x=1`)
      for (const secret of ['query-secret-4', 'key-secret-5', 'session-secret-6']) {
        expect(answer.text).not.toContain(secret)
      }
    })
  })
}
