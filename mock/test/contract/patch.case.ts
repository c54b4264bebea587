import { describe, expect, it } from 'vitest'
import {
  type Answer,
  type Article,
  client,
  dateOf,
  describeNeeds,
  etagOf,
  expectHal,
  expectProblem,
  expectVaryAccept,
  httpDate,
  itWriting,
  paths,
  READER_TOKEN,
  type SendOptions,
} from './helpers.js'
import type { ContractTarget } from './target.js'

const MERGE = 'application/merge-patch+json'
const JSON_PATCH = 'application/json-patch+json'

/** The two formats `Accept-Patch` must list (docs/api.md, Writes, ext), whatever their order. */
const expectAcceptPatch = (answer: Answer, what = '') => {
  const listed = (answer.headers.get('accept-patch') ?? '')
    .split(',')
    .map((type) => type.trim().toLowerCase())
    .sort()
  expect(listed, what).toEqual([JSON_PATCH, MERGE])
}

/** docs/api.md, Writes (ext): partial update of an article by merge patch or JSON Patch. */
export function patchCases(target: () => ContractTarget): void {
  const api = client(target)
  // Cases that write need the seed restored before each (not registered where it cannot be).
  const writes = itWriting(target)
  const ARTICLE = paths.article(1, 1)

  const patch = (type: string, body: unknown, options: SendOptions = {}) =>
    api.send('PATCH', ARTICLE, undefined, {
      ...options,
      raw: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': type, ...options.headers },
    })
  const merge = (body: unknown, options?: SendOptions) => patch(MERGE, body, options)
  const jsonPatch = (body: unknown, options?: SendOptions) => patch(JSON_PATCH, body, options)

  /** Article 1 with a known title and content, and its answer (for its validators). */
  const prepared = async () => {
    const answer = await api.send('PUT', ARTICLE, { title: 'Before', content: 'Old body' })
    expectHal(answer, 200, 'PUT')
    return answer
  }

  /** Expects article 1 to be as `before` left it. */
  const expectUnchanged = async (before: Answer) => {
    expect(await api.read<Article>(ARTICLE)).toEqual(before.json<Article>())
  }

  describeNeeds(target, 'reset')('patch: merge patch (RFC 7396)', () => {
    writes(
      'a member replaces, the others stay; the answer is the updated article a GET returns',
      async () => {
        const before = await prepared()
        const answer = await merge({ title: 'After' })
        expectHal(answer, 200, 'PATCH')
        expectVaryAccept(answer)
        const article = answer.json<Article>()
        expect(article).toEqual({ ...before.json<Article>(), title: 'After' })
        const read = await api.get(ARTICLE)
        expect(read.json<Article>()).toEqual(article)
        expect(etagOf(answer)).toBe(etagOf(read))
        expect(dateOf(answer)).toBe(dateOf(read))
        expect(etagOf(answer)).not.toBe(etagOf(before))
      },
    )

    writes('"content": null removes the content', async () => {
      await prepared()
      const article = (await merge({ content: null })).json<Article>()
      expect(article).not.toHaveProperty('content')
      expect(await api.read<Article>(ARTICLE)).not.toHaveProperty('content')
    })

    writes('"title": null is a 422 naming /title, and changes nothing', async () => {
      const before = await prepared()
      const problem = expectProblem(await merge({ title: null, content: 'x' }), 422)
      expect(problem.errors?.map((error) => error.pointer)).toContain('/title')
      await expectUnchanged(before)
    })

    writes('the result is validated like a PUT body: 422 with pointers', async () => {
      const before = await prepared()
      const problem = expectProblem(await merge({ title: '   ', content: 7 }), 422)
      expect(problem.errors?.map((error) => error.pointer).sort()).toEqual(['/content', '/title'])
      expectProblem(await merge({ title: 'x'.repeat(201) }), 422)
      expectProblem(await merge({ titel: 'typo' }), 422)
      expectProblem(await merge(['not', 'an', 'object']), 422)
      await expectUnchanged(before)
    })

    writes(
      'a __proto__ member is an unknown member like any other: 422, and it sets nothing',
      async () => {
        const before = await prepared()
        // Sent as text: JSON.parse makes `__proto__` an own member, as a server receives it.
        for (const body of [
          '{"title":null,"__proto__":{"title":"Through the prototype"}}',
          '{"__proto__":{"content":"Through the prototype"}}',
        ]) {
          const problem = expectProblem(await merge(body), 422, body)
          expect(
            problem.errors?.map((error) => error.pointer),
            body,
          ).toContain('/__proto__')
        }
        await expectUnchanged(before)
      },
    )

    writes(
      'a member nested 100 000 deep is a 400 problem, not a 500, and changes nothing',
      async () => {
        const before = await prepared()
        const depth = 100_000
        const body = `{"content":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`
        expectProblem(await merge(body), 400)
        await expectUnchanged(before)
      },
    )

    writes('id, _links and _embedded are ignored, as in PUT', async () => {
      await prepared()
      const answer = await merge({
        id: 99,
        title: 'Round-tripped',
        _links: { self: { href: 'http://elsewhere.test/x' } },
        _embedded: { anything: [] },
      })
      expectHal(answer, 200, 'PATCH')
      expect(answer.json<Article>()).toMatchObject({ id: 1, title: 'Round-tripped' })
      expect(api.path(answer.json<Article>()._links.self.href)).toBe(ARTICLE)
    })
  })

  describeNeeds(target, 'reset')('patch: JSON Patch (RFC 6902)', () => {
    writes('the operations apply in order', async () => {
      await prepared()
      const answer = await jsonPatch([
        { op: 'test', path: '/title', value: 'Before' },
        { op: 'replace', path: '/title', value: 'First' },
        { op: 'copy', from: '/title', path: '/content' },
        { op: 'replace', path: '/title', value: 'Second' },
      ])
      expectHal(answer, 200, 'PATCH')
      expect(answer.json<Article>()).toMatchObject({ title: 'Second', content: 'First' })
      expect(await api.read<Article>(ARTICLE)).toEqual(answer.json<Article>())
    })

    writes('remove /content removes it; add /content sets it again', async () => {
      await prepared()
      const removed = await jsonPatch([{ op: 'remove', path: '/content' }])
      expect(removed.json<Article>()).not.toHaveProperty('content')
      const added = await jsonPatch([{ op: 'add', path: '/content', value: 'Back' }])
      expect(added.json<Article>()).toMatchObject({ content: 'Back' })
    })

    writes(
      'a failing test answers 409 and nothing applies, not even the operations before it',
      async () => {
        const before = await prepared()
        const answer = await jsonPatch([
          { op: 'replace', path: '/title', value: 'Changed' },
          { op: 'test', path: '/content', value: 'Not the content' },
        ])
        expectProblem(answer, 409)
        await expectUnchanged(before)
      },
    )

    writes.each([
      ['an object', { op: 'replace', path: '/title', value: 'x' }],
      ['an unknown op', [{ op: 'rename', path: '/title', value: 'x' }]],
      ['an operation without path', [{ op: 'replace', value: 'x' }]],
      ['a replace without value', [{ op: 'replace', path: '/title' }]],
      ['a move without from', [{ op: 'move', path: '/title' }]],
      ['a string', 'replace title'],
    ])('a body that is not a valid operation list (%s) answers 400', async (_, body) => {
      const before = await prepared()
      expectProblem(await jsonPatch(JSON.stringify(body)), 400)
      await expectUnchanged(before)
    })

    writes.each([
      ['/id', [{ op: 'replace', path: '/id', value: 7 }]],
      ['/_links', [{ op: 'add', path: '/_links', value: {} }]],
      ['/author', [{ op: 'add', path: '/author', value: 'me' }]],
      ['the whole document', [{ op: 'replace', path: '', value: { title: 'x' } }]],
      ['from /id', [{ op: 'copy', from: '/id', path: '/title' }]],
    ])('an operation on another path (%s) answers 422, and nothing applies', async (_, body) => {
      const before = await prepared()
      const ops = [{ op: 'replace', path: '/title', value: 'Changed' }, ...body]
      const problem = expectProblem(await jsonPatch(ops), 422)
      expect(problem.errors?.length).toBeGreaterThan(0)
      await expectUnchanged(before)
    })

    writes('an invalid result answers 422 with a pointer to the member', async () => {
      const before = await prepared()
      const problem = expectProblem(
        await jsonPatch([{ op: 'replace', path: '/title', value: '' }]),
        422,
      )
      expect(problem.errors?.map((error) => error.pointer)).toEqual(['/title'])
      expectProblem(await jsonPatch([{ op: 'remove', path: '/title' }]), 422)
      await expectUnchanged(before)
    })
  })

  describe('patch: media types', () => {
    writes.each([
      ['application/json', JSON.stringify({ title: 'x' })],
      ['text/plain', 'title=x'],
      ['application/hal+json', JSON.stringify({ title: 'x' })],
    ])('%s answers 415 with Accept-Patch', async (type, body) => {
      const before = await prepared()
      const answer = await patch(type, body)
      expectProblem(answer, 415)
      expectAcceptPatch(answer, type)
      await expectUnchanged(before)
    })

    writes('malformed JSON answers 400', async () => {
      expectProblem(await merge('{"title": '), 400)
      expectProblem(await jsonPatch('[{'), 400)
    })

    it('GET, HEAD and OPTIONS of an article carry Accept-Patch; OPTIONS allows PATCH', async () => {
      expectAcceptPatch(await api.get(ARTICLE), 'GET')
      expectAcceptPatch(await api.head(ARTICLE), 'HEAD')
      const options = await api.request(ARTICLE, { method: 'OPTIONS' })
      expect(options.status).toBe(204)
      expectAcceptPatch(options, 'OPTIONS')
      expect((options.headers.get('allow') ?? '').toUpperCase()).toContain('PATCH')
    })
  })

  describeNeeds(target, 'reset')('patch: token, preconditions and 404 as PUT', () => {
    writes('no token answers 401 with WWW-Authenticate; a reader token 403', async () => {
      const before = await prepared()
      const anonymous = await merge({ title: 'x' }, { token: null })
      expectProblem(anonymous, 401)
      expect(anonymous.headers.get('www-authenticate')).toMatch(/^Token realm="blog-api"/)
      expectProblem(await merge({ title: 'x' }, { token: READER_TOKEN }), 403)
      await expectUnchanged(before)
    })

    writes('an unknown article, or one of another blog, answers 404', async () => {
      const answer = await api.send('PATCH', paths.article(1, 9999), undefined, {
        raw: '{"title":"x"}',
        headers: { 'content-type': MERGE },
      })
      expectProblem(answer, 404)
      const elsewhere = await api.send('PATCH', paths.article(2, 1), undefined, {
        raw: '{"title":"x"}',
        headers: { 'content-type': MERGE },
      })
      expectProblem(elsewhere, 404)
    })

    writes(
      'If-Match with the current ETag succeeds; with a stale one 412 and nothing changes',
      async () => {
        const before = await prepared()
        const stale = await merge({ title: 'x' }, { headers: { 'if-match': '"stale"' } })
        expectProblem(stale, 412)
        await expectUnchanged(before)
        const current = await jsonPatch([{ op: 'replace', path: '/title', value: 'Guarded' }], {
          headers: { 'if-match': etagOf(before) },
        })
        expectHal(current, 200, 'PATCH with If-Match')
        expectProblem(
          await merge({ title: 'Again' }, { headers: { 'if-match': etagOf(before) } }),
          412,
        )
      },
    )

    writes('If-Unmodified-Since before Last-Modified answers 412', async () => {
      const before = await prepared()
      const since = httpDate(dateOf(before), -60)
      expectProblem(await merge({ title: 'x' }, { headers: { 'if-unmodified-since': since } }), 412)
      await expectUnchanged(before)
    })

    writes('a 412 comes before a 422 or a 409, as for PUT', async () => {
      const stale = { headers: { 'if-match': '"stale"' } }
      expectProblem(await merge({ title: '' }, stale), 412)
      expectProblem(await jsonPatch([{ op: 'test', path: '/title', value: 'no' }], stale), 412)
    })
  })
}
