import { describe, expect, it } from 'vitest'
import {
  type Article,
  type Blog,
  type Comment,
  client,
  type Deleted,
  describeNeeds,
  expectHal,
  expectProblem,
  expectVaryAccept,
  itNeeds,
  itWriting,
  type Page,
  paths,
  READER_TOKEN,
  SEED,
  streamedBody,
} from './helpers.js'
import type { ContractTarget } from './target.js'

/** One MiB, the largest body the API must accept (docs/api.md, Writes). */
const MIB = 1024 * 1024

/** docs/api.md, Writes: create, replace, delete; tokens; bodies; validation. */
export function writeCases(target: () => ContractTarget): void {
  const api = client(target)
  // Cases that write need the seed restored before each (not registered where it cannot be).
  const writes = itWriting(target)
  const totalArticles = async (blogId = 1) =>
    (await api.read<Page<Article>>(paths.articles(blogId))).totalArticles

  describeNeeds(target, 'reset')('writes: create', () => {
    writes('POST answers 201 with the new article and Location = its self href', async () => {
      const { answer, article } = await api.create({ title: 'Hello', content: 'World' })
      expect(article).toMatchObject({ title: 'Hello', content: 'World' })
      expect(Number.isInteger(article.id) && article.id > SEED.articles).toBe(true)
      expect(answer.headers.get('location')).toBe(article._links.self.href)
      expectVaryAccept(answer)
      const stored = await api.read<Article>(api.path(article._links.self.href))
      expect(stored).toEqual(article)
    })

    writes('POST without content creates an article without content', async () => {
      const { article } = await api.create({ title: 'Only a title' })
      expect(article).not.toHaveProperty('content')
      expect(await api.read<Article>(api.path(article._links.self.href))).not.toHaveProperty(
        'content',
      )
    })

    writes('POST ignores id, _links and _embedded in the body', async () => {
      const before = await api.read<Article>(paths.article(1, 5))
      const { article } = await api.create({
        id: 5,
        title: 'Round-tripped',
        _links: { self: { href: 'http://elsewhere.test/x' } },
        _embedded: { anything: [1, 2] },
      })
      expect(article.id).not.toBe(5)
      expect(api.path(article._links.self.href)).toBe(paths.article(1, article.id))
      expect(await api.read<Article>(paths.article(1, 5))).toEqual(before)
    })

    writes('ids are never reused, even after the newest article is deleted', async () => {
      const { article: first } = await api.create({ title: 'First' })
      expect((await api.send('DELETE', paths.article(1, first.id))).status).toBe(204)
      const { article: second } = await api.create({ title: 'Second' })
      expect(second.id).toBeGreaterThan(first.id)
      expect((await api.get(paths.article(1, first.id))).status).toBe(404)
    })

    writes('ids are never reused after the highest seed article is deleted', async () => {
      expect((await api.send('DELETE', paths.article(1, SEED.articles))).status).toBe(204)
      const { article } = await api.create({ title: 'After 42' })
      expect(article.id).toBeGreaterThan(SEED.articles)
    })

    writes('concurrent POSTs all succeed with distinct ids', async () => {
      const created = await Promise.all(
        Array.from({ length: 8 }, (_, i) => api.create({ title: `Parallel ${i}` })),
      )
      const ids = new Set(created.map(({ article }) => article.id))
      expect(ids.size).toBe(8)
      expect(await totalArticles()).toBe(SEED.articles + 8)
    })

    writes('POST to the empty blog 2 creates an article that belongs to blog 2', async () => {
      const { article } = await api.create({ title: 'In blog 2' }, 2)
      const blog = await api.read<Blog>(paths.blog(2))
      expect(article._links['doc:blog']).toEqual({ href: blog._links.self.href, title: blog.title })
      expect((await api.get(paths.article(1, article.id))).status).toBe(404)
    })

    writes('POST to an unknown blog answers 404', async () => {
      expectProblem(await api.send('POST', paths.articles(3), { title: 'Nowhere' }), 404)
    })
  })

  describeNeeds(target, 'reset')('writes: replace', () => {
    writes('PUT answers 200 with the updated article', async () => {
      const answer = await api.send('PUT', paths.article(1, 3), { title: 'New', content: 'Text' })
      expectHal(answer, 200)
      const article = answer.json<Article>()
      expect(article).toMatchObject({ id: 3, title: 'New', content: 'Text' })
      expect(await api.read<Article>(paths.article(1, 3))).toEqual(article)
    })

    writes('PUT replaces the whole article: content not sent is removed', async () => {
      const answer = await api.send('PUT', paths.article(1, 1), { title: 'Title only' })
      expectHal(answer, 200)
      expect(answer.json<Article>()).not.toHaveProperty('content')
      const stored = await api.read<Article>(paths.article(1, 1))
      expect(stored.title).toBe('Title only')
      expect(stored).not.toHaveProperty('content')
    })

    writes('PUT ignores id, _links and _embedded in the body', async () => {
      const answer = await api.send('PUT', paths.article(1, 2), {
        id: 999,
        title: 'Still two',
        content: 'c',
        _links: { self: { href: 'http://elsewhere.test/x' } },
        _embedded: [{ id: 1 }],
      })
      expectHal(answer, 200)
      const article = answer.json<Article>()
      expect(article.id).toBe(2)
      expect(api.path(article._links.self.href)).toBe(paths.article(1, 2))
      expect((await api.get(paths.article(1, 999))).status).toBe(404)
    })

    writes('a client can PUT back the representation it read, with a changed title', async () => {
      const article = await api.read<Article>(paths.article(1, 4))
      const answer = await api.send('PUT', paths.article(1, 4), { ...article, title: 'Edited' })
      expectHal(answer, 200)
      expect(answer.json<Article>()).toEqual({ ...article, title: 'Edited' })
    })

    writes('PUT never creates: an unknown article answers 404 and stays unknown', async () => {
      const path = paths.article(1, 9999)
      expectProblem(await api.send('PUT', path, { title: 'Ghost' }), 404)
      expect((await api.get(path)).status).toBe(404)
    })

    writes('PUT of an article under another blog answers 404 and changes nothing', async () => {
      const before = await api.read<Article>(paths.article(1, 1))
      expectProblem(await api.send('PUT', paths.article(2, 1), { title: 'Moved?' }), 404)
      expect(await api.read<Article>(paths.article(1, 1))).toEqual(before)
    })
  })

  describeNeeds(target, 'reset')('writes: delete', () => {
    writes('DELETE answers 204 with an empty body; the article is gone', async () => {
      const answer = await api.send('DELETE', paths.article(1, 10))
      expect(answer.status).toBe(204)
      expect(answer.text).toBe('')
      expectVaryAccept(answer)
      expectProblem(await api.get(paths.article(1, 10)), 404)
    })

    writes(
      'DELETE with Prefer: return=representation answers 200 with links to the blog',
      async () => {
        const answer = await api.send('DELETE', paths.article(1, 11), undefined, {
          headers: { prefer: 'return=representation' },
        })
        expectHal(answer, 200)
        expect(answer.headers.get('preference-applied')).toBe('return=representation')
        const blog = await api.read<Blog>(paths.blog(1))
        const body = answer.json<Deleted>()
        expect(body).toEqual({
          _links: {
            curies: blog._links.curies,
            'doc:blog': { href: blog._links.self.href, title: blog.title },
          },
        })
        expect((await api.get(paths.article(1, 11))).status).toBe(404)
      },
    )

    writes('deleting twice: the second DELETE answers 404', async () => {
      expect((await api.send('DELETE', paths.article(1, 12))).status).toBe(204)
      expectProblem(await api.send('DELETE', paths.article(1, 12)), 404)
    })

    writes("a deleted article's comments go with it (404)", async () => {
      const comments = await api.read<Page<Comment>>(paths.comments(1, 1))
      expect(comments._embedded.length).toBeGreaterThanOrEqual(1)
      expect((await api.send('DELETE', paths.article(1, 1))).status).toBe(204)
      expectProblem(await api.get(paths.comments(1, 1)), 404)
      for (const comment of comments._embedded) {
        expectProblem(await api.get(api.path(comment._links.self.href)), 404)
      }
    })

    writes('two concurrent DELETEs of one article: one 204, one 404', async () => {
      const answers = await Promise.all([
        api.send('DELETE', paths.article(1, 14)),
        api.send('DELETE', paths.article(1, 14)),
      ])
      expect(answers.map((answer) => answer.status).sort()).toEqual([204, 404])
    })

    writes('DELETE of an article under another blog answers 404 and keeps it', async () => {
      expectProblem(await api.send('DELETE', paths.article(2, 13)), 404)
      expect((await api.get(paths.article(1, 13))).status).toBe(200)
    })
  })

  describe('writes: tokens', () => {
    const methods = [
      ['POST', paths.articles(1), { title: 'x' }],
      ['PUT', paths.article(1, 1), { title: 'x' }],
      ['DELETE', paths.article(1, 1), undefined],
    ] as const

    writes.each(methods)(
      '%s without a token answers 401 with the Token challenge',
      async (method, path, body) => {
        const answer = await api.send(method, path, body, { token: null })
        const problem = expectProblem(answer, 401)
        expect(problem.status).toBe(401)
        expect(answer.headers.get('www-authenticate')).toBe('Token realm="blog-api"')
      },
    )

    writes.each(methods)(
      '%s with an unknown token answers 401 with the Token challenge',
      async (method, path, body) => {
        const answer = await api.send(method, path, body, { token: 'no-such-token' })
        expectProblem(answer, 401)
        expect(answer.headers.get('www-authenticate')).toBe('Token realm="blog-api"')
      },
    )

    writes.each(methods)('%s with reader-token answers 403', async (method, path, body) => {
      expectProblem(await api.send(method, path, body, { token: READER_TOKEN }), 403)
    })

    writes('rejected writes change nothing', async () => {
      const article = await api.read<Article>(paths.article(1, 1))
      for (const token of [null, 'no-such-token', READER_TOKEN]) {
        await api.send('POST', paths.articles(1), { title: 'x' }, { token })
        await api.send('PUT', paths.article(1, 1), { title: 'x' }, { token })
        await api.send('DELETE', paths.article(1, 1), undefined, { token })
      }
      expect(await api.read<Article>(paths.article(1, 1))).toEqual(article)
      expect(await totalArticles()).toBe(SEED.articles)
    })

    it('reads need no token', async () => {
      expect((await api.get(paths.article(1, 1))).status).toBe(200)
    })

    itNeeds(target, 'cookie-header')('the access_token cookie carries dev-token', async () => {
      const answer = await api.send(
        'POST',
        paths.articles(1),
        { title: 'By cookie' },
        { token: null, headers: { cookie: 'access_token=dev-token' } },
      )
      expectHal(answer, 201)
    })

    itNeeds(target, 'cookie-header')(
      'the access_token cookie with reader-token answers 403, an unknown one 401',
      async () => {
        const send = (cookie: string) =>
          api.send('PUT', paths.article(1, 1), { title: 'x' }, { token: null, headers: { cookie } })
        expectProblem(await send(`theme=dark; access_token=${READER_TOKEN}`), 403)
        expectProblem(await send('access_token=no-such-token'), 401)
      },
    )
  })

  describeNeeds(target, 'reset')('writes: bodies', () => {
    writes.each([
      ['text/plain', 'text/plain'],
      ['application/xml', 'application/xml'],
      ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded'],
    ])('POST with Content-Type %s answers 415', async (_, type) => {
      const answer = await api.send(
        'POST',
        paths.articles(1),
        { title: 'x' },
        {
          headers: { 'content-type': type },
        },
      )
      expectProblem(answer, 415)
    })

    writes('POST without a Content-Type answers 415', async () => {
      const raw = new Blob([JSON.stringify({ title: 'x' })])
      const answer = await api.request(paths.articles(1), {
        method: 'POST',
        headers: { 'x-access-token': 'dev-token' },
        body: raw,
      })
      expect(answer.status).toBe(415)
    })

    writes('PUT with Content-Type text/plain answers 415 and changes nothing', async () => {
      const before = await api.read<Article>(paths.article(1, 1))
      const answer = await api.send(
        'PUT',
        paths.article(1, 1),
        { title: 'x' },
        {
          headers: { 'content-type': 'text/plain' },
        },
      )
      expectProblem(answer, 415)
      expect(await api.read<Article>(paths.article(1, 1))).toEqual(before)
    })

    writes.each([
      'application/json; charset=utf-8',
      'application/hal+json',
      'application/vnd.blog+json',
    ])('POST with Content-Type %s is accepted', async (type) => {
      const answer = await api.send(
        'POST',
        paths.articles(1),
        { title: 'x' },
        {
          headers: { 'content-type': type },
        },
      )
      expectHal(answer, 201)
    })

    writes('a body over 1 MiB answers 413 and creates nothing', async () => {
      const raw = JSON.stringify({ title: 'Big', content: 'x'.repeat(MIB) })
      const answer = await api.send('POST', paths.articles(1), undefined, {
        raw,
        headers: { 'content-type': 'application/json' },
      })
      expectProblem(answer, 413)
      expect(await totalArticles()).toBe(SEED.articles)
    })

    writes('a streamed body over 1 MiB without Content-Length answers 413', async () => {
      const answer = await api.request(paths.articles(1), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
        body: streamedBody(2 * MIB),
        duplex: 'half',
      } as RequestInit)
      expectProblem(answer, 413)
      // The connection the server refused stays usable for the next request.
      expect(await totalArticles()).toBe(SEED.articles)
      expectHal(await api.send('POST', paths.articles(1), { title: 'Next' }), 201)
    })

    writes('the next write after a 413 succeeds', async () => {
      const raw = JSON.stringify({ title: 'Big', content: 'x'.repeat(MIB) })
      expectProblem(await api.send('POST', paths.articles(1), undefined, { raw }), 413)
      for (let i = 0; i < 3; i++) {
        expectHal(await api.send('POST', paths.articles(1), { title: `After ${i}` }), 201)
      }
    })

    writes('a body of exactly 1 MiB is not refused for its size', async () => {
      const frame = JSON.stringify({ title: 'Big', padding: '' })
      const raw = JSON.stringify({ title: 'Big', padding: 'x'.repeat(MIB - frame.length) })
      expect(raw.length).toBe(MIB)
      const answer = await api.send('POST', paths.articles(1), undefined, {
        raw,
        headers: { 'content-type': 'application/json' },
      })
      // Read in full, then refused for its unknown member, not for its size.
      const problem = expectProblem(answer, 422)
      expect(problem.errors?.map((e) => e.pointer)).toEqual(['/padding'])
    })

    writes.each([
      ['POST', paths.articles(1)],
      ['PUT', paths.article(1, 1)],
    ] as const)('%s with malformed JSON answers 400', async (method, path) => {
      const answer = await api.send(method, path, undefined, {
        raw: '{"title": "unfinished',
        headers: { 'content-type': 'application/json' },
      })
      expectProblem(answer, 400)
    })

    writes.each([
      ['POST', paths.articles(1)],
      ['PUT', paths.article(1, 1)],
    ] as const)(
      '%s of a body nesting deeper than 100 levels answers 400, at 100 its validation',
      async (method, path) => {
        const nested = (depth: number) =>
          `{"title":"Deep","nested":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`
        const headers = { 'content-type': 'application/json' }
        // 300 000 levels in 600 KB: under the size limit, beyond what JSON.stringify can write.
        for (const depth of [101, 300_000]) {
          const answer = await api.send(method, path, undefined, { raw: nested(depth), headers })
          expect(expectProblem(answer, 400).detail).toContain('100 levels')
        }
        const answer = await api.send(method, path, undefined, { raw: nested(100), headers })
        expect(expectProblem(answer, 422).errors?.map((e) => e.pointer)).toEqual(['/nested'])
      },
    )

    writes('POST with an empty JSON body answers 400', async () => {
      const answer = await api.send('POST', paths.articles(1), undefined, {
        raw: '',
        headers: { 'content-type': 'application/json' },
      })
      expectProblem(answer, 400)
    })
  })

  describeNeeds(target, 'reset')('writes: validation (422)', () => {
    const cases: [string, unknown, string[]][] = [
      ['title missing', { content: 'c' }, ['/title']],
      ['title empty', { title: '' }, ['/title']],
      ['title only whitespace', { title: ' \t\n ' }, ['/title']],
      ['title of 201 characters', { title: 'x'.repeat(201) }, ['/title']],
      ['title of 201 characters after trimming', { title: ` ${'x'.repeat(201)} ` }, ['/title']],
      ['title a number', { title: 42 }, ['/title']],
      ['title null', { title: null }, ['/title']],
      ['title an array', { title: ['a'] }, ['/title']],
      ['content a number', { title: 'ok', content: 42 }, ['/content']],
      ['content an object', { title: 'ok', content: { text: 'c' } }, ['/content']],
      [
        'content of 100 001 characters',
        { title: 'ok', content: 'x'.repeat(100_001) },
        ['/content'],
      ],
      ['an unknown member', { title: 'ok', titel: 'typo' }, ['/titel']],
      ['a member whose name needs escaping', { title: 'ok', 'a/b~c': 1 }, ['/a~1b~0c']],
      ['a body that is an array', [{ title: 'ok' }], ['']],
      ['a body that is a string', 'ok', ['']],
      ['a body that is null', null, ['']],
      [
        'several errors at once',
        { title: '', content: 5, extra: true },
        ['/title', '/content', '/extra'],
      ],
    ]

    writes.each(cases)('POST with %s answers 422 with errors at %j', async (_, body, pointers) => {
      const answer = await api.send('POST', paths.articles(1), undefined, {
        raw: JSON.stringify(body),
      })
      const problem = expectProblem(answer, 422)
      expect(problem.errors).toBeDefined()
      for (const error of problem.errors ?? []) {
        expect(error).toEqual({ pointer: expect.any(String), detail: expect.any(String) })
        expect(error.detail.length).toBeGreaterThan(0)
      }
      expect([...new Set(problem.errors?.map((error) => error.pointer))].sort()).toEqual(
        [...pointers].sort(),
      )
    })

    writes.each(cases.slice(0, 4))(
      'PUT with %s answers 422 and changes nothing',
      async (_, body, pointers) => {
        const before = await api.read<Article>(paths.article(1, 1))
        const answer = await api.send('PUT', paths.article(1, 1), body)
        const problem = expectProblem(answer, 422)
        expect(problem.errors?.map((error) => error.pointer)).toEqual(pointers)
        expect(await api.read<Article>(paths.article(1, 1))).toEqual(before)
      },
    )

    writes('a rejected POST creates nothing', async () => {
      await api.send('POST', paths.articles(1), { title: '' })
      expect(await totalArticles()).toBe(SEED.articles)
    })

    writes.each([
      ['a title of 1 character', { title: 'x' }],
      ['a title of 200 characters', { title: 'x'.repeat(200) }],
      ['a title of 200 characters with surrounding spaces', { title: `  ${'x'.repeat(200)}  ` }],
      ['a title of 200 emoji (one character each)', { title: '\u{1F600}'.repeat(200) }],
      ['an empty content', { title: 'ok', content: '' }],
      ['a content of 100 000 characters', { title: 'ok', content: 'x'.repeat(100_000) }],
      ['a content of 100 000 emoji', { title: 'ok', content: '\u{1F600}'.repeat(100_000) }],
    ])(
      'POST with %s is accepted and stored',
      async (_, body: { title: string; content?: string }) => {
        const { article } = await api.create(body)
        const stored = await api.read<Article>(api.path(article._links.self.href))
        for (const seen of [article, stored]) {
          // Whether a server trims the title it stores is not decided; its characters are kept.
          expect(seen.title.trim()).toBe(body.title.trim())
          expect(seen.content).toBe(body.content)
        }
      },
    )

    writes('a title of 201 emoji answers 422', async () => {
      const answer = await api.send('POST', paths.articles(1), { title: '\u{1F600}'.repeat(201) })
      expect(expectProblem(answer, 422).errors?.map((error) => error.pointer)).toEqual(['/title'])
    })
  })
}
