import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { identity, replayOf, sameShapes } from '../../test/record/replay.js'
import { springDataRestServer } from '../../test/record/spring-data-rest-server.js'
import { createMockServer, type MockServer } from '../blog/shells/server.js'
import { recordApi } from './record.js'

// Recording APIs nobody here wrote: a Spring Data REST-shaped server (from its documented
// examples), and the two third-party HAL servers of the SDK's tests, over real HTTP. What these
// replays need of the core today (items, documents, writes) is checked here; their pages, and the
// Blog's, need the paging conventions of the definition API: replay-conventions.test.ts.

interface HalServer {
  readonly origin: string
  close(): Promise<void>
}
// The SDK's fixtures live in another TypeScript project: loaded by path.
const THIRD_PARTY = resolve(import.meta.dirname, '../../../sdk/test/third-party/servers.ts')
const { startJsonServerHalApi, startTraversonTestServer } = (await import(THIRD_PARTY)) as {
  startJsonServerHalApi(): Promise<HalServer>
  startTraversonTestServer(): Promise<HalServer>
}

describe('a Spring Data REST-shaped server', () => {
  const from = 'http://sdr.test'

  it('records its repositories, their writes from the ALPS profiles, and replays items and documents', async () => {
    const recording = await recordApi(`${from}/`, { fetch: springDataRestServer() })
    const [persons, addresses] = recording.model.collections
    expect(persons?.name).toBe('persons')
    expect(persons?.records).toHaveLength(30)
    expect(persons?.idInBody).toBe(false)
    expect(persons?.writes).toEqual({ source: 'alps', methods: ['DELETE', 'PATCH', 'POST', 'PUT'] })
    expect(addresses?.writes).toEqual({ source: 'alps', methods: [] })
    // Page parameters and document as documented: `page` and `size` from 0, 20 a page.
    expect(persons?.paging).toMatchObject({
      page: 'page',
      size: 'size',
      firstIndex: 0,
      defaultSize: 20,
    })
    const api = recording.files['api.ts'] ?? ''
    expect(api).toContain('firstName: z.enum(')
    expect(api).toContain('its ALPS profile offers DELETE, PATCH, POST, PUT')
    expect(api).toContain('readOnly: true')
    expect(api).toContain(`person: { href: (r) => \`/persons/\${r.id}\` }`)

    const replay = await replayOf(recording, 'sdr')
    // Items (no `id` shown, `self`, `person`, `address`), the root and the profile: byte for byte.
    const notPages = (url: string) =>
      !/\/(persons|addresses)(\?|$)/.test(new URL(url).pathname + new URL(url).search)
    const { same, differ } = await identity(recording, replay, from, notPages)
    expect(differ).toEqual([])
    expect(same).toBeGreaterThan(36)
  })
})

describe('third-party HAL servers (over HTTP)', () => {
  let jsonServer: HalServer
  let traverson: HalServer
  beforeAll(async () => {
    ;[jsonServer, traverson] = await Promise.all([
      startJsonServerHalApi(),
      startTraversonTestServer(),
    ])
  })
  afterAll(() => Promise.all([jsonServer.close(), traverson.close()]))

  it('json-server + halson: articles, their links and CURIE; items replay with the same members, rels and types', async () => {
    const recording = await recordApi(`${jsonServer.origin}/api`)
    const articles = recording.model.collections.find((c) => c.name === 'articles')
    expect(articles?.records).toHaveLength(23)
    expect(articles?.rel).toBe('ex:articles')
    // json-server's own paging, read from its links: `_page` from 1, `_limit` 10.
    expect(articles?.paging).toMatchObject({
      page: '_page',
      size: '_limit',
      firstIndex: 1,
      defaultSize: 10,
    })
    expect(recording.model.curies.map((c) => c.name)).toEqual(['ex'])
    const replay = await replayOf(recording, 'json-server')
    const items = (url: string) => /\/api\/articles\/\d+$/.test(url)
    const { same, differ } = await sameShapes(recording, replay, jsonServer.origin, items)
    expect(differ).toEqual([])
    expect(same).toBe(23)
  })

  it('traverson-test-server: documents of no collection replay as recorded', async () => {
    const recording = await recordApi(`${traverson.origin}/`)
    expect(recording.model.documents.length + (recording.model.root ? 1 : 0)).toBeGreaterThan(1)
    const replay = await replayOf(recording, 'traverson')
    const { same, differ } = await sameShapes(recording, replay, traverson.origin)
    expect(differ).toEqual([])
    expect(same).toBeGreaterThan(1)
  })
})

describe('the Blog API with 1 000 articles (over HTTP)', () => {
  let blog: MockServer
  beforeAll(async () => {
    blog = await createMockServer({ port: 0, log: false, articles: 1000 })
  })
  afterAll(() => blog.close())

  it('records every article, its nested address, page convention and relations', async () => {
    const recording = await recordApi(blog.url, { pages: 200 })
    const { crawl, model } = recording
    const articles = model.collections.find((c) => c.name === 'articles')
    expect(articles?.records).toHaveLength(1000)
    expect(articles?.pattern).toBe('/blogs/{}/articles/{}')
    expect(articles?.parent).toEqual({ collection: 'blogs', member: 'blogId' })
    expect(articles?.paging).toMatchObject({
      page: 'pageIndex',
      size: 'pageSize',
      firstIndex: 1,
      defaultSize: 10,
    })
    expect(articles?.links).toContainEqual({
      rel: 'doc:blog',
      kind: 'relation',
      to: 'blogs',
      member: 'blogId',
      many: false,
      title: { member: 'title' },
    })
    const api = recording.files['api.ts'] ?? ''
    expect(api).toContain(
      "parent: { collection: 'blogs', member: 'blogId', rel: 'doc:articles', link: false }",
    )
    // Only the GraphQL endpoint, which answers no GET without a query, is out of reach.
    expect(crawl.unreached.map((u) => new URL(u.url).pathname)).toEqual(['/api/v1.2/graphql'])
    // The figures of this run, for the record (no timing is asserted).
    console.log(
      `Blog, 1 000 articles: ${crawl.records} records, ${crawl.requests} requests, ${crawl.elapsed} ms`,
    )
    // Some 3 000 requests over HTTP, server and crawler in one process: a limit, not a measure.
  }, 120_000)
})
