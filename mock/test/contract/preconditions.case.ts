import { describe, expect, it } from 'vitest'
import {
  type Answer,
  type Article,
  type Comment,
  client,
  dateOf,
  describeNeeds,
  etagOf,
  expectHal,
  expectProblem,
  expectVaryAccept,
  httpDate,
  itWriting,
  type Page,
  paths,
  STRONG_ETAG,
} from './helpers.js'
import type { ContractTarget } from './target.js'

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')
const two = (n: number) => String(n).padStart(2, '0')
const clock = (d: Date) =>
  `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`

/** The obsolete RFC 850 HTTP-date format: `Sunday, 06-Nov-94 08:49:37 GMT`. */
function rfc850(ms: number): string {
  const d = new Date(ms)
  const year = two(d.getUTCFullYear() % 100)
  return `${DAYS[d.getUTCDay()]}, ${two(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${year} ${clock(d)} GMT`
}

/** The obsolete asctime HTTP-date format: `Sun Nov  6 08:49:37 1994`. */
function asctime(ms: number): string {
  const d = new Date(ms)
  const day = String(d.getUTCDate()).padStart(2, ' ')
  return `${DAYS[d.getUTCDay()]?.slice(0, 3)} ${MONTHS[d.getUTCMonth()]} ${day} ${clock(d)} ${d.getUTCFullYear()}`
}

/** IMF-fixdate, the form an HTTP-date is sent in (RFC 9110 §5.6.7). */
const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/

/** docs/api.md, HTTP semantics: validators, caching headers and preconditions (RFC 9110 §13.2.2 order). */
export function preconditionCases(target: () => ContractTarget): void {
  const api = client(target)
  // Cases that write need the seed restored before each (not registered where it cannot be).
  const writes = itWriting(target)
  const ARTICLE = paths.article(1, 1)

  /** Every cacheable resource kind: blog, article, page, comments page, comment. */
  const cacheable = async (): Promise<string[]> => {
    const comments = await api.read<Page<Comment>>(paths.comments(1, 1))
    const comment = comments._embedded[0]
    expect(comment).toBeDefined()
    return [
      paths.blog(1),
      paths.article(1, 1),
      paths.articles(1, '?pageIndex=2&pageSize=5'),
      paths.comments(1, 1),
      paths.comment(1, 1, comment?.id ?? 0),
    ]
  }

  /** A 304 has no body and repeats the validators and caching headers of the 200. */
  const expectNotModified = (answer: Answer, ok: Answer, what: string) => {
    expect(answer.status, what).toBe(304)
    expect(answer.text, what).toBe('')
    expect(answer.headers.get('etag'), what).toBe(ok.headers.get('etag'))
    expect(answer.headers.get('last-modified'), what).toBe(ok.headers.get('last-modified'))
    expect(answer.headers.get('cache-control'), what).toBe('no-cache')
    expectVaryAccept(answer)
  }

  const put = (headers: Record<string, string>, title = 'Changed') =>
    api.send('PUT', ARTICLE, { title, content: 'New content' }, { headers })

  describe('preconditions: validators', () => {
    it('every cacheable 200 carries a strong ETag, Last-Modified and Cache-Control: no-cache', async () => {
      for (const path of await cacheable()) {
        const answer = await api.get(path)
        expectHal(answer, 200, path)
        expect(etagOf(answer), path).toMatch(STRONG_ETAG)
        expect(answer.headers.get('last-modified'), path).toMatch(IMF_FIXDATE)
        expect(answer.headers.get('cache-control'), path).toBe('no-cache')
      }
    })

    it('HEAD carries the same validators as GET', async () => {
      for (const path of await cacheable()) {
        const get = await api.get(path)
        const head = await api.head(path)
        expect(head.headers.get('etag'), path).toBe(get.headers.get('etag'))
        expect(head.headers.get('last-modified'), path).toBe(get.headers.get('last-modified'))
      }
    })

    it('the ETag is stable while nothing changes and differs between resources', async () => {
      const a = etagOf(await api.get(paths.article(1, 1)))
      const again = etagOf(await api.get(paths.article(1, 1)))
      const b = etagOf(await api.get(paths.article(1, 2)))
      expect(again).toBe(a)
      expect(b).not.toBe(a)
    })

    writes('the ETag and Last-Modified of an article change when its content changes', async () => {
      const before = await api.get(ARTICLE)
      expectHal(await put({}), 200)
      const after = await api.get(ARTICLE)
      expect(etagOf(after)).toMatch(STRONG_ETAG)
      expect(etagOf(after)).not.toBe(etagOf(before))
      expect(dateOf(after)).toBeGreaterThan(dateOf(before))
    })

    writes('POST answers carry the ETag and Last-Modified a following GET returns', async () => {
      const { answer, article } = await api.create({ title: 'Validated', content: 'c' })
      expect(etagOf(answer)).toMatch(STRONG_ETAG)
      const get = await api.get(api.path(article._links.self.href))
      expect(etagOf(answer)).toBe(etagOf(get))
      expect(answer.headers.get('last-modified')).toBe(get.headers.get('last-modified'))
    })

    writes('PUT answers carry the new ETag and Last-Modified a following GET returns', async () => {
      const before = await api.get(ARTICLE)
      const answer = await put({})
      expectHal(answer, 200)
      expect(etagOf(answer)).not.toBe(etagOf(before))
      const get = await api.get(ARTICLE)
      expect(etagOf(answer)).toBe(etagOf(get))
      expect(answer.headers.get('last-modified')).toBe(get.headers.get('last-modified'))
    })

    writes('the ETag from a PUT answer can guard the next PUT', async () => {
      const first = await put({}, 'First')
      const second = await put({ 'if-match': etagOf(first) }, 'Second')
      expectHal(second, 200)
      expect(second.json<Article>().title).toBe('Second')
    })

    writes("a blog's Last-Modified moves when one of its articles is created", async () => {
      const before = await api.get(paths.blog(1))
      await api.create({ title: 'Moves the blog' })
      const after = await api.get(paths.blog(1))
      expect(dateOf(after)).toBeGreaterThan(dateOf(before))
      const conditional = await api.get(paths.blog(1), {
        'if-modified-since': before.headers.get('last-modified') ?? '',
      })
      expect(conditional.status).toBe(200)
    })

    writes("a page's ETag and Last-Modified change when an article on it is replaced", async () => {
      const before = await api.get(paths.articles(1))
      expectHal(await put({}), 200)
      const after = await api.get(paths.articles(1))
      expect(etagOf(after)).not.toBe(etagOf(before))
      expect(dateOf(after)).toBeGreaterThan(dateOf(before))
    })

    writes(
      "a page's ETag and Last-Modified, and the blog's Last-Modified, change on a delete",
      async () => {
        const page = await api.get(paths.articles(1, '?pageIndex=5'))
        const blog = await api.get(paths.blog(1))
        expect((await api.send('DELETE', paths.article(1, 2))).status).toBe(204)
        const pageAfter = await api.get(paths.articles(1, '?pageIndex=5'))
        expect(etagOf(pageAfter)).not.toBe(etagOf(page))
        expect(dateOf(pageAfter)).toBeGreaterThan(dateOf(page))
        expect(dateOf(await api.get(paths.blog(1)))).toBeGreaterThan(dateOf(blog))
      },
    )
  })

  describe('preconditions: reads', () => {
    it('If-None-Match with the current ETag answers 304 with the validators and no body', async () => {
      for (const path of await cacheable()) {
        const ok = await api.get(path)
        const answer = await api.get(path, { 'if-none-match': etagOf(ok) })
        expectNotModified(answer, ok, path)
      }
    })

    it('HEAD with If-None-Match answers 304 too', async () => {
      const ok = await api.get(ARTICLE)
      expectNotModified(await api.head(ARTICLE, { 'if-none-match': etagOf(ok) }), ok, 'HEAD')
    })

    it('If-None-Match uses the weak comparison: W/ + the ETag matches', async () => {
      const ok = await api.get(ARTICLE)
      expectNotModified(await api.get(ARTICLE, { 'if-none-match': `W/${etagOf(ok)}` }), ok, 'W/')
    })

    it('If-None-Match with a list containing the ETag, or *, answers 304', async () => {
      const ok = await api.get(ARTICLE)
      const list = `"other", W/"x,y", ${etagOf(ok)}`
      expectNotModified(await api.get(ARTICLE, { 'if-none-match': list }), ok, list)
      expectNotModified(await api.get(ARTICLE, { 'if-none-match': '*' }), ok, '*')
    })

    it('If-None-Match with other ETags answers 200 with the body', async () => {
      const ok = await api.get(ARTICLE)
      const answer = await api.get(ARTICLE, { 'if-none-match': '"other", W/"another"' })
      expectHal(answer, 200)
      expect(answer.text).toBe(ok.text)
    })

    writes('If-None-Match with a stale ETag answers 200 with the new representation', async () => {
      const stale = await api.get(ARTICLE)
      expectHal(await put({}), 200)
      const answer = await api.get(ARTICLE, { 'if-none-match': etagOf(stale) })
      expectHal(answer, 200)
      expect(answer.json<Article>().title).toBe('Changed')
    })

    it('If-Modified-Since at or after Last-Modified answers 304', async () => {
      for (const path of await cacheable()) {
        const ok = await api.get(path)
        const lastModified = dateOf(ok)
        for (const since of [httpDate(lastModified), httpDate(lastModified, 3600)]) {
          expectNotModified(await api.get(path, { 'if-modified-since': since }), ok, since)
        }
      }
    })

    it('If-Modified-Since before Last-Modified answers 200', async () => {
      const ok = await api.get(ARTICLE)
      const answer = await api.get(ARTICLE, { 'if-modified-since': httpDate(dateOf(ok), -1) })
      expectHal(answer, 200)
    })

    writes('If-Modified-Since answers 200 once the resource changed after that date', async () => {
      const before = await api.get(ARTICLE)
      expectHal(await put({}), 200)
      const since = before.headers.get('last-modified') ?? ''
      const answer = await api.get(ARTICLE, { 'if-modified-since': since })
      expectHal(answer, 200)
      expect(answer.json<Article>().title).toBe('Changed')
    })

    it.each(['not a date', '2999', '2999-01-01', 'Fri, 01 Jan 2999'])(
      'If-Modified-Since: %s, not an HTTP-date, is ignored',
      async (value) => {
        expectHal(await api.get(ARTICLE, { 'if-modified-since': value }), 200)
      },
    )

    it.each([
      ['RFC 850', rfc850],
      ['asctime', asctime],
    ])('If-Modified-Since in %s format is understood', async (_, format) => {
      const ok = await api.get(ARTICLE)
      expectNotModified(await api.get(ARTICLE, { 'if-modified-since': format(dateOf(ok)) }), ok, _)
      expectHal(await api.get(ARTICLE, { 'if-modified-since': format(dateOf(ok) - 1000) }), 200)
    })

    it('If-None-Match overrides If-Modified-Since: other ETag + matching date answers 200', async () => {
      const ok = await api.get(ARTICLE)
      const answer = await api.get(ARTICLE, {
        'if-none-match': '"other"',
        'if-modified-since': httpDate(dateOf(ok), 3600),
      })
      expectHal(answer, 200)
    })

    it('If-None-Match overrides If-Modified-Since: matching ETag + old date answers 304', async () => {
      const ok = await api.get(ARTICLE)
      const answer = await api.get(ARTICLE, {
        'if-none-match': etagOf(ok),
        'if-modified-since': httpDate(dateOf(ok), -86_400),
      })
      expectNotModified(answer, ok, 'both')
    })

    it('If-Match that fails on a GET answers 412 before If-None-Match is considered', async () => {
      const ok = await api.get(ARTICLE)
      const answer = await api.get(ARTICLE, { 'if-match': '"other"', 'if-none-match': '"x"' })
      expectProblem(answer, 412)
      const matching = await api.get(ARTICLE, {
        'if-match': etagOf(ok),
        'if-none-match': etagOf(ok),
      })
      expectNotModified(matching, ok, 'If-Match and If-None-Match both matching')
    })

    it('If-Unmodified-Since that fails on a GET answers 412 before If-None-Match', async () => {
      const ok = await api.get(ARTICLE)
      const answer = await api.get(ARTICLE, {
        'if-unmodified-since': httpDate(dateOf(ok), -86_400),
        'if-none-match': etagOf(ok),
      })
      expectProblem(answer, 412)
    })
  })

  describeNeeds(target, 'reset')('preconditions: writes', () => {
    writes('PUT with the current ETag in If-Match succeeds', async () => {
      const ok = await api.get(ARTICLE)
      expectHal(await put({ 'if-match': etagOf(ok) }), 200)
    })

    writes(
      'PUT with a stale If-Match answers 412 with problem details and changes nothing',
      async () => {
        const stale = await api.get(ARTICLE)
        expectHal(await put({}, 'Someone else'), 200)
        const current = await api.get(ARTICLE)
        const answer = await put({ 'if-match': etagOf(stale) }, 'Lost update')
        const problem = expectProblem(answer, 412)
        expect(problem.detail).toMatch(/re-?read|read .*again|fetch .*again/i)
        const after = await api.get(ARTICLE)
        expect(after.text).toBe(current.text)
        expect(after.json<Article>().title).toBe('Someone else')
      },
    )

    writes('two clients with the same ETag: the second PUT answers 412', async () => {
      const etag = etagOf(await api.get(ARTICLE))
      expectHal(await put({ 'if-match': etag }, 'Client A'), 200)
      expectProblem(await put({ 'if-match': etag }, 'Client B'), 412)
      expect((await api.read<Article>(ARTICLE)).title).toBe('Client A')
    })

    writes(
      'two concurrent PUTs with the same If-Match: exactly one wins, the other gets 412',
      async () => {
        const etag = etagOf(await api.get(ARTICLE))
        const answers = await Promise.all(
          ['A', 'B', 'C'].map((client) => put({ 'if-match': etag }, `Client ${client}`)),
        )
        expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412, 412])
        const winner = answers.find((answer) => answer.status === 200)
        expect(await api.read<Article>(ARTICLE)).toEqual(winner?.json())
      },
    )

    writes('If-Match with a list containing the current ETag succeeds', async () => {
      const ok = await api.get(ARTICLE)
      expectHal(await put({ 'if-match': `"other", ${etagOf(ok)}` }), 200)
    })

    writes('If-Match: * succeeds on an existing article', async () => {
      expectHal(await put({ 'if-match': '*' }), 200)
    })

    writes('If-Match uses the strong comparison: W/ + the current ETag answers 412', async () => {
      const ok = await api.get(ARTICLE)
      expectProblem(await put({ 'if-match': `W/${etagOf(ok)}` }), 412)
      expect((await api.get(ARTICLE)).text).toBe(ok.text)
    })

    writes('If-Unmodified-Since before Last-Modified answers 412', async () => {
      const ok = await api.get(ARTICLE)
      expectProblem(await put({ 'if-unmodified-since': httpDate(dateOf(ok), -1) }), 412)
      expect((await api.get(ARTICLE)).text).toBe(ok.text)
    })

    writes('If-Unmodified-Since at or after Last-Modified proceeds', async () => {
      const ok = await api.get(ARTICLE)
      expectHal(await put({ 'if-unmodified-since': httpDate(dateOf(ok)) }), 200)
      const later = httpDate(Date.now(), 86_400)
      expectHal(await put({ 'if-unmodified-since': later }, 'Again'), 200)
    })

    writes('an unparsable If-Unmodified-Since is ignored', async () => {
      expectHal(await put({ 'if-unmodified-since': 'not a date' }), 200)
    })

    writes.each([
      ['an ISO date', '2000-01-01T00:00:00Z'],
      ['a bare number', '1'],
      ['a date without a time', 'Sat, 01 Jan 2000'],
      ['a date in another zone', 'Sat, 01 Jan 2000 00:00:00 +0200'],
    ])('If-Unmodified-Since with %s, not an HTTP-date, is ignored', async (_, value) => {
      expectHal(await put({ 'if-unmodified-since': value }), 200)
    })

    writes.each([
      ['IMF-fixdate', (ms: number) => httpDate(ms)],
      ['RFC 850', rfc850],
      ['asctime', asctime],
    ])('If-Unmodified-Since in %s format is understood', async (_, format) => {
      const ok = await api.get(ARTICLE)
      expectProblem(await put({ 'if-unmodified-since': format(dateOf(ok) - 86_400_000) }), 412)
      expectHal(await put({ 'if-unmodified-since': format(dateOf(ok)) }), 200)
    })

    writes(
      'If-Match overrides If-Unmodified-Since: matching ETag + old date proceeds',
      async () => {
        const ok = await api.get(ARTICLE)
        const answer = await put({
          'if-match': etagOf(ok),
          'if-unmodified-since': httpDate(dateOf(ok), -86_400),
        })
        expectHal(answer, 200)
      },
    )

    writes(
      'If-Match overrides If-Unmodified-Since: other ETag + future date answers 412',
      async () => {
        const answer = await put({
          'if-match': '"other"',
          'if-unmodified-since': httpDate(Date.now(), 86_400),
        })
        expectProblem(answer, 412)
      },
    )

    writes('If-None-Match matching on a PUT answers 412', async () => {
      const ok = await api.get(ARTICLE)
      expectProblem(await put({ 'if-none-match': etagOf(ok) }), 412)
      expectProblem(await put({ 'if-none-match': `W/${etagOf(ok)}` }), 412)
      expectProblem(await put({ 'if-none-match': '*' }), 412)
      expect((await api.get(ARTICLE)).text).toBe(ok.text)
    })

    writes('If-None-Match with other ETags on a PUT proceeds', async () => {
      expectHal(await put({ 'if-none-match': '"other"' }), 200)
    })

    writes('If-Modified-Since is ignored on a PUT', async () => {
      const ok = await api.get(ARTICLE)
      expectHal(await put({ 'if-modified-since': httpDate(dateOf(ok), 3600) }), 200)
    })

    writes('DELETE with a stale If-Match answers 412 and keeps the article', async () => {
      const stale = await api.get(ARTICLE)
      expectHal(await put({}), 200)
      expectProblem(
        await api.send('DELETE', ARTICLE, undefined, { headers: { 'if-match': etagOf(stale) } }),
        412,
      )
      expect((await api.get(ARTICLE)).status).toBe(200)
    })

    writes('DELETE with the current If-Match deletes', async () => {
      const ok = await api.get(ARTICLE)
      const answer = await api.send('DELETE', ARTICLE, undefined, {
        headers: { 'if-match': etagOf(ok) },
      })
      expect(answer.status).toBe(204)
      expect((await api.get(ARTICLE)).status).toBe(404)
    })

    writes(
      'DELETE with If-Unmodified-Since in the past answers 412; with If-None-Match: * too',
      async () => {
        const ok = await api.get(ARTICLE)
        const past = httpDate(dateOf(ok), -1)
        expectProblem(
          await api.send('DELETE', ARTICLE, undefined, {
            headers: { 'if-unmodified-since': past },
          }),
          412,
        )
        expectProblem(
          await api.send('DELETE', ARTICLE, undefined, { headers: { 'if-none-match': '*' } }),
          412,
        )
        expect((await api.get(ARTICLE)).status).toBe(200)
      },
    )
  })
}
