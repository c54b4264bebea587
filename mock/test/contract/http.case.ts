import { describe, expect, it } from 'vitest'
import {
  type Answer,
  API,
  type Article,
  type Comment,
  client,
  expectHal,
  expectNoStack,
  expectProblem,
  expectVaryAccept,
  itWriting,
  linksIn,
  type Page,
  paths,
  READER_TOKEN,
  rowsNeeding,
  SEED,
} from './helpers.js'
import type { ContractTarget } from './target.js'

const allowOf = (answer: Answer) =>
  (answer.headers.get('allow') ?? '')
    .split(',')
    .map((method) => method.trim().toUpperCase())
    .filter(Boolean)
    .sort()

const GRAPHQL_QUERY = '{ person(id: "1") { id name } }'

/** docs/api.md, HTTP semantics: negotiation, methods, errors, problem details; Mock controls: Prefer controls. */
export function httpCases(target: () => ContractTarget): void {
  const api = client(target)
  // Cases that write need the seed restored before each (not registered where it cannot be).
  const writes = itWriting(target)

  /** The id of a comment of article 1 (the seed has comments on the first articles). */
  const firstComment = async () => {
    const page = await api.read<Page<Comment>>(paths.comments(1, 1))
    const comment = page._embedded[0]
    expect(comment, 'article 1 has comments').toBeDefined()
    return comment as Comment
  }

  /** Every GET route of the API, with the methods its path allows. */
  const routes = async (): Promise<[string, string[]][]> => {
    const comment = await firstComment()
    // The page of a problem type, when the server documents its types (the slug is its own).
    const { type } = expectProblem(await api.get(paths.blog(3)), 404)
    const problemPage: [string, string[]][] =
      type === 'about:blank' ? [] : [[api.path(type), ['GET', 'HEAD', 'OPTIONS']]]
    return [
      ...problemPage,
      [paths.root, ['GET', 'HEAD', 'OPTIONS']],
      [paths.blog(1), ['GET', 'HEAD', 'OPTIONS']],
      [paths.articles(1, '?pageIndex=2&pageSize=5'), ['GET', 'HEAD', 'OPTIONS', 'POST']],
      [paths.article(1, 1), ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'PUT']],
      [paths.comments(1, 1), ['GET', 'HEAD', 'OPTIONS']],
      [paths.comment(1, 1, comment.id), ['GET', 'HEAD', 'OPTIONS']],
      [paths.rel('articles'), ['GET', 'HEAD', 'OPTIONS']],
      [paths.graphql(GRAPHQL_QUERY), ['GET', 'HEAD', 'OPTIONS', 'POST']],
    ]
  }

  describe('http: negotiation', () => {
    it.each([
      '*/*',
      'application/*',
      'application/hal+json',
      'application/json',
      'application/hal+json; charset=utf-8',
      'text/html;q=0.9, application/hal+json',
      'text/html, */*;q=0.1',
      'application/json;q=0, application/hal+json',
      'application/hal+json;q=0, application/json',
    ])('Accept: %s is served as application/hal+json', async (accept) => {
      const answer = await api.get(paths.blog(1), { accept })
      expectHal(answer, 200, accept)
      expectVaryAccept(answer)
    })

    it.each([
      'text/html',
      'application/xml',
      'image/*',
      'application/hal+json;q=0',
      'application/hal+json;q=0, application/json;q=0',
      'application/*;q=0, text/html',
    ])('Accept: %s answers 406 with problem details', async (accept) => {
      for (const path of [paths.root, paths.blog(1), paths.article(1, 1), paths.articles(1)]) {
        const answer = await api.get(path, { accept })
        expectProblem(answer, 406, `${path} with ${accept}`)
        expectVaryAccept(answer)
      }
    })

    writes(
      'a 406 comes before the write: POST with Accept: text/html creates nothing',
      async () => {
        const answer = await api.send(
          'POST',
          paths.articles(1),
          { title: 'x' },
          {
            headers: { accept: 'text/html' },
          },
        )
        expectProblem(answer, 406)
        const page = await api.read<Page<Article>>(paths.articles(1))
        expect(page.totalArticles).toBe(SEED.articles)
      },
    )
  })

  describe('http: methods', () => {
    it('HEAD is answered for every GET route: same status and headers, no body', async () => {
      for (const [path] of await routes()) {
        const get = await api.get(path)
        const head = await api.head(path)
        expect(get.status, `GET ${path}`).toBe(200)
        expect(head.status, `HEAD ${path}`).toBe(200)
        expect(head.text, `HEAD ${path}`).toBe('')
        expect(head.headers.get('content-type'), `HEAD ${path}`).toBe(
          get.headers.get('content-type'),
        )
        expect(head.headers.get('etag'), `HEAD ${path}`).toBe(get.headers.get('etag'))
      }
    })

    it('HEAD of a missing resource answers 404 without a body', async () => {
      const answer = await api.head(paths.article(1, 9999))
      expect(answer.status).toBe(404)
      expect(answer.text).toBe('')
    })

    it('OPTIONS answers 204 with Allow listing the methods of the path', async () => {
      for (const [path, methods] of await routes()) {
        const answer = await api.request(path, { method: 'OPTIONS' })
        expect(answer.status, `OPTIONS ${path}`).toBe(204)
        expect(answer.text).toBe('')
        expect(allowOf(answer), `OPTIONS ${path}`).toEqual(methods)
      }
    })

    writes.each([
      ['POST', paths.article(1, 1), ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'PUT']],
      ['PATCH', paths.blog(1), ['GET', 'HEAD', 'OPTIONS']],
      ['DELETE', paths.blog(1), ['GET', 'HEAD', 'OPTIONS']],
      ['PUT', paths.blog(1), ['GET', 'HEAD', 'OPTIONS']],
      ['PUT', paths.articles(1), ['GET', 'HEAD', 'OPTIONS', 'POST']],
      ['DELETE', paths.articles(1), ['GET', 'HEAD', 'OPTIONS', 'POST']],
      ['DELETE', paths.root, ['GET', 'HEAD', 'OPTIONS']],
      ['POST', paths.comments(1, 1), ['GET', 'HEAD', 'OPTIONS']],
      ['PUT', paths.graphql(), ['GET', 'HEAD', 'OPTIONS', 'POST']],
    ])('%s %s answers 405 with Allow', async (method, path, methods) => {
      const answer = await api.send(method, path, { title: 'x' })
      expectProblem(answer, 405)
      expect(allowOf(answer)).toEqual(methods)
      expectVaryAccept(answer)
    })

    writes('a 405 write changes nothing', async () => {
      const before = await api.read<Article>(paths.article(1, 1))
      await api.send('POST', paths.article(1, 1), { title: 'x' })
      await api.send('PATCH', paths.blog(1), { title: 'x' })
      expect(await api.read<Article>(paths.article(1, 1))).toEqual(before)
    })
  })

  describe('http: not found', () => {
    it.each([
      `${API}/nope`,
      `${API}/blogs`,
      `${API}/blogs/1/nope`,
      `${API}/blogs/1/articles/1/nope`,
      `${API}/blogs/1/articles/1/comments/1/nope`,
      '/api/nope',
    ])('unknown path %s answers 404', async (path) => {
      const answer = await api.get(path)
      expectProblem(answer, 404, path)
      expectVaryAccept(answer)
    })

    it.each(['/api/v1.1/blogs/1', '/api/v1.1', '/api/v2/blogs/1/articles', '/api/v1/blogs/1'])(
      '%s, another version, answers 404 naming v1.2',
      async (path) => {
        const problem = expectProblem(await api.get(path), 404, path)
        expect(problem.detail).toContain('v1.2')
      },
    )

    it.each([
      paths.blog(0),
      paths.blog(-1),
      paths.blog('abc'),
      paths.blog('1.5'),
      paths.blog('1e3'),
      paths.blog(' 1'),
      paths.blog('99999999999999999999999999'),
      paths.articles(0),
      paths.article(1, 0),
      paths.article(1, -3),
      paths.article(1, 'abc'),
      paths.article(1, '2.0'),
      paths.comments(1, 'x'),
      paths.comment(1, 1, 0),
      paths.comment(1, 1, 'first'),
    ])('path id that is not a positive integer: %s answers 404', async (path) => {
      expectProblem(await api.get(path), 404, path)
    })

    writes.each([
      ['PUT', paths.article(1, 'abc')],
      ['DELETE', paths.article(1, 0)],
      ['POST', paths.articles('x')],
    ])(
      '%s with a path id that is not a positive integer (%s) answers 404',
      async (method, path) => {
        expectProblem(await api.send(method, path, { title: 'x' }), 404)
      },
    )

    it.each([
      paths.blog(3),
      paths.articles(3),
      paths.article(1, 9999),
      paths.article(3, 1),
      paths.comments(1, 9999),
      paths.comment(1, 1, 9999),
    ])('a resource that does not exist: %s answers 404', async (path) => {
      expectProblem(await api.get(path), 404, path)
    })

    writes('an article addressed under a blog it does not belong to answers 404', async () => {
      expect((await api.get(paths.article(1, 1))).status).toBe(200)
      expectProblem(await api.get(paths.article(2, 1)), 404)
      expectProblem(await api.get(paths.comments(2, 1)), 404)
      const { article } = await api.create({ title: 'In blog 2' }, 2)
      expectProblem(await api.get(paths.article(1, article.id)), 404)
    })

    it('a comment addressed under an article it does not belong to answers 404', async () => {
      const comment = await firstComment()
      expect((await api.get(paths.comment(1, 1, comment.id))).status).toBe(200)
      expectProblem(await api.get(paths.comment(1, SEED.articles, comment.id)), 404)
      expectProblem(await api.get(paths.comment(2, 1, comment.id)), 404)
    })
  })

  describe('http: errors', () => {
    /** One request per error status the API documents. */
    const errors: [number, () => Promise<Answer>][] = [
      [400, () => api.get(paths.articles(1, '?pageSize=0'))],
      [401, () => api.send('POST', paths.articles(1), { title: 'x' }, { token: null })],
      [403, () => api.send('POST', paths.articles(1), { title: 'x' }, { token: READER_TOKEN })],
      [404, () => api.get(paths.blog(3))],
      [405, () => api.send('PATCH', paths.blog(1), { title: 'x' })],
      [406, () => api.get(paths.blog(1), { accept: 'text/html' })],
      [
        412,
        () =>
          api.send('PUT', paths.article(1, 1), { title: 'x' }, { headers: { 'if-match': '"no"' } }),
      ],
      [
        415,
        () =>
          api.send(
            'POST',
            paths.articles(1),
            { title: 'x' },
            {
              headers: { 'content-type': 'text/plain' },
            },
          ),
      ],
      [422, () => api.send('POST', paths.articles(1), {})],
    ]

    it.each(errors)('%i is problem details whose type page answers 200', async (status, send) => {
      const answer = await send()
      const problem = expectProblem(answer, status)
      expectVaryAccept(answer)
      if (problem.type !== 'about:blank') {
        const page = await api.get(api.path(problem.type))
        expect(page.status, problem.type).toBe(200)
        expect(page.headers.get('content-type')).toMatch(/^text\/html/)
      }
    })

    it('problem types tell the kinds of error apart', async () => {
      const types = new Map<string, number>()
      for (const [status, send] of errors) {
        const { type } = expectProblem(await send(), status)
        if (type === 'about:blank') continue
        expect(types.get(type), `${type} used for ${types.get(type)} and ${status}`).toBeUndefined()
        types.set(type, status)
      }
    })

    it('a problem type the API does not emit has no page (404)', async () => {
      expect((await api.get(`${API}/docs/problems/no-such-problem`)).status).toBe(404)
    })

    it('HAL answers are application/hal+json, errors application/problem+json', async () => {
      expectHal(await api.get(paths.article(1, 1)), 200)
      expectProblem(await api.get(paths.article(1, 9999)), 404)
    })

    it.each<[string, RequestInit]>([
      ['a garbage If-Match', { headers: { 'if-match': 'garbage' } }],
      ['a garbage If-None-Match', { headers: { 'if-none-match': 'garbage, "' } }],
      ['a garbage If-Modified-Since', { headers: { 'if-modified-since': 'yesterday' } }],
      ['a garbage If-Unmodified-Since', { headers: { 'if-unmodified-since': 'soon' } }],
      ['a garbage Prefer', { headers: { prefer: 'status=abc, delay=-1, return=;;, =' } }],
      ['Prefer: status=200', { headers: { prefer: 'status=200' } }],
      ['a garbage Accept', { headers: { accept: ';;;, /, q=2' } }],
      ...rowsNeeding<[string, RequestInit]>(target, 'cookie-header', [
        ['a garbage cookie', { headers: { cookie: 'access_token; =; %%%' } }],
      ]),
    ])('a GET with %s answers without a 5xx or a stack trace', async (_, init) => {
      const answer = await api.request(paths.article(1, 1), init)
      expect(answer.status, answer.text).toBeLessThan(500)
      expectNoStack(answer.text)
    })

    it.each<[string, string, string]>([
      ['__proto__', 'application/json', '{"title":"x","__proto__":{"title":""}}'],
      ['constructor', 'application/json', '{"title":"x","constructor":{"prototype":{}}}'],
      ['deeply nested arrays', 'application/json', `${'['.repeat(50_000)}${']'.repeat(50_000)}`],
      [
        'a deeply nested ignored member',
        'application/json',
        `{"title":"x","_embedded":${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
      ],
      ['a huge number', 'application/json', '{"title":"x","id":1e400}'],
      ['a lone surrogate', 'application/json', '{"title":"\\ud800"}'],
      ['a NUL character', 'application/json', '{"title":"a\\u0000b"}'],
      ['a UTF-16 charset', 'application/json; charset=utf-16', '{"title":"x"}'],
      ['a broken Content-Type', 'application/json; ; =', '{"title":"x"}'],
    ])('a POST with %s answers without a 5xx or a stack trace', async (_, type, raw) => {
      const answer = await api.send('POST', paths.articles(1), undefined, {
        raw,
        headers: { 'content-type': type },
      })
      expect(answer.status, answer.text).toBeLessThan(500)
      expectNoStack(answer.text)
    })

    writes('a POST of invalid UTF-8 answers without a 5xx or a stack trace', async () => {
      const answer = await api.send('POST', paths.articles(1), undefined, {
        raw: new Uint8Array([0x7b, 0x22, 0x74, 0x22, 0x3a, 0xff, 0xfe, 0x7d]),
      })
      expect(answer.status, answer.text).toBeLessThan(500)
      expectNoStack(answer.text)
    })

    it.each([
      `${API}/blogs/%E0%A4%A`,
      `${API}/blogs/%00`,
      `${API}/blogs/1/articles/%ZZ`,
      `${API}/docs/rels/%E0%A4%A`,
      `${API}/blogs/1/../../v1.2/blogs/1`,
      `${API}/blogs/${'9'.repeat(5000)}`,
      `${API}/blogs/1/articles?pageIndex=%ZZ&pageSize=${'9'.repeat(500)}`,
    ])('GET %s answers without a 5xx or a stack trace', async (path) => {
      const answer = await api.get(path)
      expect(answer.status, answer.text).toBeLessThan(500)
      expectNoStack(answer.text)
    })
  })

  describe('http: curie documentation', () => {
    writes('the curie documents every rel the API emits (200 text/html)', async () => {
      const comment = await firstComment()
      const bodies = await Promise.all([
        api.read(paths.root),
        api.read(paths.blog(1)),
        api.read(paths.articles(1)),
        api.read(paths.article(1, 1)),
        api.read(paths.comments(1, 1)),
        api.read(paths.comment(1, 1, comment.id)),
      ])
      const deleted = await api.send('DELETE', paths.article(1, 2), undefined, {
        headers: { prefer: 'return=representation' },
      })
      const links = [...bodies, deleted.json()].flatMap(linksIn)
      const curies = links.filter(({ rel }) => rel === 'curies').map(({ link }) => link.href)
      expect(new Set(curies).size).toBe(1)
      const [curie = ''] = curies
      const rels = new Set(links.map(({ rel }) => rel).filter((rel) => rel.startsWith('doc:')))
      expect(rels.size).toBeGreaterThanOrEqual(5)
      for (const rel of rels) {
        const href = curie.replace('{rel}', rel.slice('doc:'.length))
        const page = await api.get(api.path(href))
        expect(page.status, href).toBe(200)
        expect(page.headers.get('content-type')).toMatch(/^text\/html/)
        expect(page.text).toContain(rel.slice('doc:'.length))
      }
    })

    it.each(['nope', 'self', 'curies', 'doc:blog'])(
      'a rel the API does not emit (%s) has no page (404)',
      async (rel) => {
        expect((await api.get(paths.rel(encodeURIComponent(rel)))).status).toBe(404)
      },
    )
  })

  describe('http: Prefer controls', () => {
    it.each([503, 500, 404, 429, 418])(
      'Prefer: status=%i answers that status with problem details',
      async (status) => {
        const answer = await api.get(paths.blog(1), { prefer: `status=${status}` })
        expectProblem(answer, status)
        expectVaryAccept(answer)
      },
    )

    it.each([
      [503, 'Service Unavailable'],
      [429, 'Too Many Requests'],
      [502, 'Bad Gateway'],
    ])('Prefer: status=%i is titled with its reason phrase (%s)', async (status, title) => {
      const answer = await api.get(paths.blog(1), { prefer: `status=${status}` })
      expect(expectProblem(answer, status).title).toBe(title)
    })

    writes('Prefer: status=500 on a POST answers 500 and creates nothing', async () => {
      const answer = await api.send(
        'POST',
        paths.articles(1),
        { title: 'x' },
        {
          headers: { prefer: 'status=500' },
        },
      )
      expectProblem(answer, 500)
      const page = await api.read<Page<Article>>(paths.articles(1))
      expect(page.totalArticles).toBe(SEED.articles)
    })

    it('Prefer: delay=200 delays the answer, which is otherwise unchanged', async () => {
      const plain = await api.get(paths.blog(1))
      const started = performance.now()
      const delayed = await api.get(paths.blog(1), { prefer: 'delay=200' })
      expect(performance.now() - started).toBeGreaterThanOrEqual(150)
      expectHal(delayed, 200)
      expect(delayed.text).toBe(plain.text)
    })
  })
}
