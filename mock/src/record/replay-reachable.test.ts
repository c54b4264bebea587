import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHalaciousServer } from '../../test/record/halacious-server.js'
import { compareReachable, HAL, REPLAY, replayOf } from '../../test/record/replay.js'
import { springDataRestServer } from '../../test/record/spring-data-rest-server.js'
import { createMockServer } from '../blog/shells/server.js'
import type { HalApi } from '../serve/api.js'
import { recordApi } from './record.js'

// Every document a crawler reaches from each original's root, asked of its replay (recorded with
// the default bounds): the same bytes but the origin for our own APIs, the same members, rels and
// value types for servers nobody here wrote. Then writes on a writable collection, and a second
// recording of the unchanged API.

interface HalServer {
  readonly origin: string
  close(): Promise<void>
}
const THIRD_PARTY = resolve(import.meta.dirname, '../../../sdk/test/third-party/servers.ts')
const { startJsonServerHalApi, startTraversonTestServer } = (await import(THIRD_PARTY)) as {
  startJsonServerHalApi(): Promise<HalServer>
  startTraversonTestServer(): Promise<HalServer>
}
const SHOP = resolve(import.meta.dirname, '../../../examples/shop/api.ts')
const { defineShop } = (await import(SHOP)) as { defineShop(): HalApi }

const replayFetch = (replay: HalApi) => (request: Request) => replay.handle(request)

/** POST, GET, the list's total, a stale If-Match (412), DELETE then 404, on a replay's list. */
async function writes(
  replay: HalApi,
  list: string,
  body: object,
  change: object,
  total: (page: Record<string, unknown>) => unknown,
) {
  const at = (url: string, init: RequestInit = {}) =>
    replay.handle(
      new Request(new URL(url, REPLAY), {
        ...init,
        headers: { accept: HAL, 'x-access-token': 'mock-token', ...(init.headers as object) },
      }),
    )
  const count = async () => total((await (await at(list)).json()) as Record<string, unknown>)
  const before = await count()
  const created = await at(list, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const item = created.headers.get('location') ?? ''
  const read = await at(item)
  const etag = read.headers.get('etag') ?? ''
  const changed = await at(item, {
    method: 'PATCH',
    headers: { 'content-type': 'application/merge-patch+json', 'if-match': etag },
    body: JSON.stringify(change),
  })
  const stale = await at(item, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'if-match': etag },
    body: JSON.stringify(body),
  })
  const after = await count()
  const deleted = await at(item, { method: 'DELETE' })
  return {
    created: created.status,
    read: read.status,
    changed: changed.status < 300,
    stale: stale.status,
    counted: [before, after],
    deleted: deleted.status < 300,
    gone: (await at(item)).status,
    recounted: await count(),
  }
}

describe('the Blog API with 1 000 articles, default bounds (over HTTP)', () => {
  it('records every article, and its replay answers every reachable document byte for byte', async () => {
    const blog = await createMockServer({ port: 0, log: false, articles: 1000 })
    try {
      const recording = await recordApi(blog.url)
      const articles = recording.model.collections.find((c) => c.name === 'articles')
      expect(articles?.records).toHaveLength(1000)
      expect(articles?.partial).toBeUndefined()
      const replay = await replayOf(recording, 'blog-1000')
      const result = await compareReachable(
        blog.url,
        undefined,
        replayFetch(replay),
        REPLAY,
        'identical',
      )
      expect(result.differ.map((d) => d.url)).toEqual([])
      expect(result.compared).toBeGreaterThan(3000)
      console.log(`Blog, 1 000 articles: ${result.same} of ${result.compared} identical`)
    } finally {
      await blog.close()
    }
  }, 240_000)
})

describe('the shop example', () => {
  it('replays every reachable document byte for byte', async () => {
    const shop = defineShop()
    const original = (request: Request) => shop.handle(request)
    const recording = await recordApi('http://shop.test/api', { fetch: original })
    const replay = await replayOf(recording, 'shop-reachable')
    const result = await compareReachable(
      'http://shop.test/api',
      original,
      replayFetch(replay),
      REPLAY,
      'identical',
    )
    // Its OpenAPI document is the mock's own, generated from the recorded module (the shop's
    // describes the shop's own options): docs/guide/recording.md.
    expect(result.differ.map((d) => d.url)).toEqual(['http://shop.test/api/openapi.json'])
    expect(result.compared).toBeGreaterThan(150)
    console.log(`shop: ${result.same} of ${result.compared} identical`)
  }, 60_000)
})

describe('servers nobody here wrote', () => {
  let jsonServer: HalServer & { reset?(): Promise<void> }
  let traverson: HalServer
  let halacious: HalServer
  beforeAll(async () => {
    ;[jsonServer, traverson, halacious] = await Promise.all([
      startJsonServerHalApi(),
      startTraversonTestServer(),
      startHalaciousServer(),
    ])
  }, 60_000)
  afterAll(() => Promise.all([jsonServer.close(), traverson.close(), halacious.close()]))

  it('halacious 5: every reachable document, writes on tasks, and the same bytes twice', async () => {
    const root = `${halacious.origin}/api`
    const recording = await recordApi(root)
    const replay = await replayOf(recording, 'halacious-reachable')
    const result = await compareReachable(root, undefined, replayFetch(replay), REPLAY, 'shape')
    expect(result.differ).toEqual([])
    expect(result.compared).toBeGreaterThan(20)
    console.log(`halacious: ${result.same} of ${result.compared} the same shape`)
    expect(
      await writes(
        replay,
        '/api/tasks',
        { projectId: 1, title: 'T', done: false },
        { done: true },
        (p) => p.totalElements,
      ),
    ).toEqual({
      created: 201,
      read: 200,
      changed: true,
      stale: 412,
      counted: [9, 10],
      deleted: true,
      gone: 404,
      recounted: 9,
    })
    expect((await recordApi(root)).files).toEqual(recording.files)
  }, 60_000)

  it('json-server + halson: every reachable document but the unpaged list, writes, the same bytes twice', async () => {
    const root = `${jsonServer.origin}/api`
    const recording = await recordApi(root)
    const replay = await replayOf(recording, 'json-server-reachable')
    const result = await compareReachable(root, undefined, replayFetch(replay), REPLAY, 'shape')
    // json-server answers `/api/articles` without `_page` unpaged, all 23 at once; the mock pages
    // every list (docs/guide/recording.md, What it cannot know).
    expect(result.differ.map((d) => d.url)).toEqual([`${root}/articles`])
    expect(result.compared).toBeGreaterThan(40)
    console.log(`json-server: ${result.same} of ${result.compared} the same shape`)
    expect(
      await writes(replay, '/api/articles', { title: 'New' }, { title: 'Newer' }, (p) => p.total),
    ).toMatchObject({
      created: 201,
      read: 200,
      stale: 412,
      deleted: true,
      gone: 404,
    })
    expect((await recordApi(root)).files).toEqual(recording.files)
  }, 60_000)

  it('traverson-test-server: every reachable document from its root at /', async () => {
    const root = `${traverson.origin}/`
    const recording = await recordApi(root)
    const replay = await replayOf(recording, 'traverson-reachable')
    const result = await compareReachable(root, undefined, replayFetch(replay), REPLAY, 'shape')
    expect(result.differ).toEqual([])
    // The root, /first (its `first`), /second and what they link.
    expect(result.compared).toBeGreaterThan(3)
    console.log(`traverson: ${result.same} of ${result.compared} the same shape`)
    expect((await recordApi(root)).files).toEqual(recording.files)
  }, 60_000)

  it('a Spring Data REST-shaped server: every reachable document, profiles too, and writes', async () => {
    const from = 'http://sdr.test/'
    const original = springDataRestServer()
    const recording = await recordApi(from, { fetch: original })
    const replay = await replayOf(recording, 'sdr-reachable')
    const result = await compareReachable(from, original, replayFetch(replay), REPLAY, 'shape')
    expect(result.differ).toEqual([])
    expect(result.compared).toBeGreaterThan(60)
    console.log(`Spring Data REST-shaped: ${result.same} of ${result.compared} the same shape`)
    const total = (p: Record<string, unknown>) =>
      (p.page as { totalElements: number }).totalElements
    expect(
      await writes(
        replay,
        '/persons',
        { firstName: 'Sam', lastName: 'Cotton' },
        { lastName: 'Gamgee' },
        total,
      ),
    ).toMatchObject({
      created: 201,
      read: 200,
      stale: 412,
      counted: [30, 31],
      deleted: true,
      gone: 404,
      recounted: 30,
    })
    expect((await recordApi(from, { fetch: springDataRestServer() })).files).toEqual(
      recording.files,
    )
  }, 60_000)
})
