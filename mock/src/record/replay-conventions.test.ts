import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { HAL, identity, REPLAY, replayOf, sameShapes } from '../../test/record/replay.js'
import { springDataRestServer } from '../../test/record/spring-data-rest-server.js'
import { createMockServer, type MockServer } from '../blog/shells/server.js'
import { defineCollection, defineHalApi } from '../index.js'
import type { HalApi } from '../serve/api.js'
import { createHalServer } from '../shells/server/index.js'
import { verifyApi } from '../verify/index.js'
import { type Recording, recordApi } from './record.js'

// Replays that need the definition API's conventions (nested addresses, paging conventions, link
// titles from linked records, read-only collections: docs/guide/recording.md). Each recording
// here emits them, and the replay answers with them.

interface HalServer {
  readonly origin: string
  close(): Promise<void>
}
const THIRD_PARTY = resolve(import.meta.dirname, '../../../sdk/test/third-party/servers.ts')
const { startJsonServerHalApi } = (await import(THIRD_PARTY)) as {
  startJsonServerHalApi(): Promise<HalServer>
}

describe('the Blog API, recorded and replayed', () => {
  let blog: MockServer
  let recording: Recording
  let replay: HalApi
  beforeAll(async () => {
    blog = await createMockServer({ port: 0, log: false })
    recording = await recordApi(blog.url)
    replay = await replayOf(recording, 'blog')
    // A server, a crawl and a module to load: more than the default 10 s on a busy machine.
  }, 60_000)
  afterAll(() => blog.close())

  it('answers every recorded GET with the same document, byte for byte but the origin', async () => {
    const { same, differ } = await identity(recording, replay, blog.origin)
    expect(differ).toEqual([])
    // The root, the blog, 42 articles and their comments, their pages.
    expect(same).toBeGreaterThan(90)
  })

  it('writes the same bytes when recording the unchanged API again', async () => {
    expect((await recordApi(blog.url)).files).toEqual(recording.files)
  })

  it('lets writes change later reads: a POST in a nested list, PATCH, PUT, DELETE, a stale If-Match', async () => {
    const base = `${REPLAY}/api/v1.2/blogs/1/articles`
    const at = (url: string, init: RequestInit = {}) =>
      replay.handle(
        new Request(url, {
          ...init,
          headers: { accept: HAL, 'x-access-token': 'mock-token', ...(init.headers as object) },
        }),
      )
    const total = async () =>
      ((await (await at(base)).json()) as { totalArticles: number }).totalArticles
    const before = await total()
    const created = await at(base, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Recorded', content: 'Then replayed.' }),
    })
    expect(created.status).toBe(201)
    const item = created.headers.get('location') ?? ''
    expect(item).toMatch(/\/blogs\/1\/articles\/\d+$/)
    expect(await total()).toBe(before + 1)
    const etag = (await at(item)).headers.get('etag') ?? ''
    const patched = await at(item, {
      method: 'PATCH',
      headers: { 'content-type': 'application/merge-patch+json', 'if-match': etag },
      body: JSON.stringify({ title: 'Recorded, then patched' }),
    })
    expect(patched.status).toBeLessThan(300)
    expect(((await (await at(item)).json()) as { title: string }).title).toBe(
      'Recorded, then patched',
    )
    const stale = await at(item, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'if-match': etag },
      body: JSON.stringify({ title: 'Late', content: 'Too late.' }),
    })
    expect(stale.status).toBe(412)
    expect((await at(item, { method: 'DELETE' })).status).toBeLessThan(300)
    expect((await at(item)).status).toBe(404)
    expect(await total()).toBe(before)
  })
})

describe('the Blog API’s forms, recorded and replayed as the API wrote them', () => {
  it('keeps createArticle, requires only what the template requires, and takes no blogId', async () => {
    const blog = await createMockServer({ port: 0, log: false, articles: 3 })
    try {
      const recording = await recordApi(blog.url)
      const replay = await replayOf(recording, 'blog-forms')
      const list = '/api/v1.2/blogs/1/articles'
      const forms = async (handle: (r: Request) => Promise<Response>, origin: string) => {
        const response = await handle(
          new Request(`${origin}${list}`, {
            headers: { accept: 'application/prs.hal-forms+json' },
          }),
        )
        return JSON.stringify((await response.json())._templates).replaceAll(origin, 'O')
      }
      const original = await forms((r) => fetch(r), blog.origin)
      const replayed = await forms((r) => replay.handle(r), REPLAY)
      expect(replayed).toBe(original)
      expect(Object.keys(JSON.parse(replayed))).toEqual(['createArticle'])
      expect(replayed).not.toContain('blogId')
      // A POST without `content`, which the template does not require: 201 on both.
      const created = await replay.handle(
        new Request(`${REPLAY}${list}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-access-token': 'mock-token' },
          body: JSON.stringify({ title: 'No content yet' }),
        }),
      )
      expect(created.status).toBe(201)
    } finally {
      await blog.close()
    }
  })
})

describe('third-party pages, replayed with their own conventions', () => {
  let jsonServer: HalServer
  beforeAll(async () => {
    jsonServer = await startJsonServerHalApi()
  })
  afterAll(() => jsonServer.close())

  it('Spring Data REST: every recorded GET, pages included, has the same members, rels and types', async () => {
    const from = 'http://sdr.test'
    const recording = await recordApi(`${from}/`, { fetch: springDataRestServer() })
    const replay = await replayOf(recording, 'sdr-pages')
    const { same, differ } = await sameShapes(recording, replay, from)
    expect(differ).toEqual([])
    expect(same).toBeGreaterThan(40)
    // A read-only repository (its profile offers no write) refuses one.
    const post = await replay.handle(
      new Request(`${REPLAY}/addresses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-access-token': 'mock-token' },
        body: JSON.stringify({ street: '1 Hill', city: 'Hobbiton' }),
      }),
    )
    expect(post.status).toBe(405)
  })

  it('json-server + halson: every recorded GET has the same members, rels and types', async () => {
    const recording = await recordApi(`${jsonServer.origin}/api`)
    const replay = await replayOf(recording, 'json-server-pages')
    // All but one: json-server answers `/api/articles` without `_page` unpaged, all 23 at once;
    // the mock pages every list, so that document has 10 items and page links.
    const paged = (url: string) => url !== `${jsonServer.origin}/api/articles`
    const { same, differ } = await sameShapes(recording, replay, jsonServer.origin, paged)
    expect(differ).toEqual([])
    expect(same).toBeGreaterThan(40)
  })
})

describe('a collection served without a list (`list: false`), recorded and replayed', () => {
  it('stays without a list: the API verifies against its recording, and so does the replay', async () => {
    const api = defineHalApi({
      basePath: '/api',
      tokens: ['dev-token'],
      collections: {
        notes: defineCollection({ schema: z.object({ text: z.string() }), seed: [{ text: 'A' }] }),
        shelves: defineCollection({
          schema: z.object({ label: z.string() }),
          seed: [{ label: 'Top' }],
          list: false,
        }),
      },
    })
    const server = await createHalServer(api, { port: 0, log: false })
    try {
      const recording = await recordApi(server.url)
      const replay = await replayOf(recording, 'no-list')
      expect(recording.files['api.ts']).toContain('list: false')
      // What `record --check` runs: the API, read-only, against the recorded definition.
      const report = await verifyApi({ url: server.url, api: replay, readOnly: true })
      expect(report.findings.filter((f) => f.severity === 'failure').map((f) => f.message)).toEqual(
        [],
      )
      const list = await replay.handle(
        new Request(`${REPLAY}/api/shelves`, { headers: { accept: HAL } }),
      )
      expect(list.status).not.toBe(200)
    } finally {
      await server.close()
    }
  }, 60_000)
})
