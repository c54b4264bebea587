import { describe, expect, it } from 'vitest'
import { type BlogApi, createBlogApi, defaultSeed } from './index.js'

// The built-in seed's articles are a generated seed (`storage.generateSeed`): the Blog answers as
// it does from the same records given as a seed of one's own, through HTTP and `db`.

const ARTICLES = 25
const W = { 'content-type': 'application/json', 'x-access-token': 'dev-token' }
const ARTICLE = '/api/v1.2/blogs/1/articles'

/** What each step answered, ETags by their order of appearance (their versions differ per instance). */
async function run(
  api: BlogApi,
  steps: (call: (path: string, init?: RequestInit) => Promise<string>) => Promise<unknown[]>,
) {
  const tags = new Map<string, string>()
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await api.handle(new Request(`http://localhost${path}`, init))
    const etag = response.headers.get('etag')
    if (etag && !tags.has(etag)) tags.set(etag, `E${tags.size}`)
    const modified = response.headers.get('last-modified')
    return `${init.method ?? 'GET'} ${path} ${response.status} ${etag && tags.get(etag)} ${modified} ${await response.text()}`
  }
  const seen = await steps(call)
  return JSON.parse(
    JSON.stringify(seen).replace(/\w{3}, \d\d \w{3} \d{4} [\d:]{8} GMT|\d{13,}/g, 'T'),
  )
}

async function both(steps: Parameters<typeof run>[1], articles = ARTICLES) {
  const generated = await run(createBlogApi({ articles }), steps)
  const array = await run(createBlogApi({ seed: defaultSeed({ articles }) }), steps)
  expect(generated).toEqual(array)
}

describe("the built-in seed's generated articles", () => {
  it('answer reads, writes, db and reset as the same articles given as a seed', async () => {
    await both(async (call) => [
      await call(`${ARTICLE}?pageIndex=1&pageSize=4`),
      await call(`${ARTICLE}/3`),
      await call(`${ARTICLE}/3`, { method: 'HEAD' }),
      await call(`${ARTICLE}/2/comments`),
      await call(`${ARTICLE}/26`),
      await call('/api/v1.2/blogs/2/articles/3'),
      await call(`${ARTICLE}/5`, {
        method: 'PUT',
        headers: W,
        body: JSON.stringify({ title: ' T ' }),
      }),
      await call(`${ARTICLE}/1`, { method: 'DELETE', headers: W }),
      await call(`${ARTICLE}/9`, {
        method: 'DELETE',
        headers: { ...W, prefer: 'return=representation' },
      }),
      await call(ARTICLE, { method: 'POST', headers: W, body: JSON.stringify({ title: 'New' }) }),
      await call(`${ARTICLE}?pageIndex=2&pageSize=10`),
      await call('/api/v1.2/blogs/1'),
      await call('/api/v1.2/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ person(id: "1") { name friends { name } } }' }),
      }),
    ])
  })

  it('db reads and writes after HTTP writes, and reset', async () => {
    const steps =
      (api: () => BlogApi) =>
      async (call: (path: string, init?: RequestInit) => Promise<string>) => {
        const seen: unknown[] = [
          await call(`${ARTICLE}/7`, {
            method: 'PATCH',
            headers: { ...W, 'content-type': 'application/merge-patch+json' },
            body: JSON.stringify({ content: null }),
          }),
          await call(`${ARTICLE}/8`, { method: 'DELETE', headers: W }),
        ]
        const { articles } = api().db
        seen.push(
          articles.count(),
          articles.all().map((a) => `${a.id}:${a.title}:${a.content ?? '-'}`),
        )
        await articles.update((q) => q.where({ id: 10 }), {
          data(a) {
            a.title = 'by db'
          },
        })
        articles.delete((q) => q.where({ id: 11 }))
        seen.push(
          await call(`${ARTICLE}/10`),
          await call(`${ARTICLE}/11`),
          await call(`${ARTICLE}?pageSize=100`),
        )
        await api().reset()
        seen.push(
          await call(`${ARTICLE}/8`),
          api().db.articles.count(),
          await call(`${ARTICLE}?pageIndex=2&pageSize=10`),
        )
        return seen
      }
    const generated = createBlogApi({ articles: ARTICLES })
    const array = createBlogApi({ seed: defaultSeed({ articles: ARTICLES }) })
    expect(
      await run(
        generated,
        steps(() => generated),
      ),
    ).toEqual(
      await run(
        array,
        steps(() => array),
      ),
    )
  })

  it('answer as a seed of their own with none or one article', async () => {
    for (const articles of [0, 1]) {
      await both(async (call) => {
        const seen = [await call(ARTICLE), await call(`${ARTICLE}/1`)]
        seen.push(
          await call(ARTICLE, {
            method: 'POST',
            headers: W,
            body: JSON.stringify({ title: 'New' }),
          }),
        )
        seen.push(
          await call(`${ARTICLE}/1`, {
            method: 'PUT',
            headers: W,
            body: JSON.stringify({ title: 'P' }),
          }),
        )
        seen.push(await call(`${ARTICLE}?pageSize=5`))
        return seen
      }, articles)
    }
  })
})
