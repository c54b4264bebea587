import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLibraryServer } from '../../test/record/library-server.js'
import { startRelativeHrefsServer } from '../../test/record/relative-hrefs-server.js'
import { HAL, REPLAY, replayOf } from '../../test/record/replay.js'
import { startSpringHateoasServer } from '../../test/record/spring-hateoas-server.js'
import type { HalApi } from '../serve/api.js'
import { verifyApi } from '../verify/index.js'
import { type Recording, recordApi } from './record.js'

// A server in the shapes a fastify + `hal` (naholyr/js-hal) API writes, over HTTP: pages saying
// `count` (the records on the page) beside `total`, writes without JSON Patch.

describe('a fastify + hal shaped server, recorded and verified', () => {
  let server: Awaited<ReturnType<typeof startLibraryServer>>
  let recording: Recording
  let replay: HalApi
  beforeAll(async () => {
    server = await startLibraryServer()
    recording = await recordApi(`${server.origin}/api`)
    replay = await replayOf(recording, 'library')
    // A server, a crawl and a module to load: more than the default 10 s on a busy machine.
  }, 60_000)
  afterAll(() => server.close())

  const page = async (query: string) =>
    (await (
      await replay.handle(new Request(`${REPLAY}/api/books${query}`, { headers: { accept: HAL } }))
    ).json()) as { count: number; total: number }

  it('replays a page’s count as the records on that page, its total as all of them', async () => {
    expect(await page('?page=1&limit=5')).toMatchObject({ count: 5, total: 12 })
    expect(await page('?page=3&limit=5')).toMatchObject({ count: 2, total: 12 })
  })

  it('replays count as the page’s records on a list recorded on one page too', async () => {
    const authors = await replay.handle(
      new Request(`${REPLAY}/api/authors?page=1&limit=1`, { headers: { accept: HAL } }),
    )
    expect(await authors.json()).toMatchObject({ count: 1, total: 2 })
  })

  it('keeps an author’s link to their books, and serves that list as the API did', async () => {
    const author = (await (
      await replay.handle(new Request(`${REPLAY}/api/authors/1`, { headers: { accept: HAL } }))
    ).json()) as { _links: Record<string, { href: string; templated?: boolean }> }
    expect(author._links['lib:books']).toEqual({ href: `${REPLAY}/api/authors/1/books` })
    const live = await fetch(`${server.origin}/api/authors/1/books`, { headers: { accept: HAL } })
    const replayed = await replay.handle(
      new Request(`${REPLAY}/api/authors/1/books`, { headers: { accept: HAL } }),
    )
    expect(replayed.status).toBe(200)
    expect((await replayed.text()).replaceAll(REPLAY, 'ORIGIN')).toBe(
      (await live.text()).replaceAll(server.origin, 'ORIGIN'),
    )
  })

  it('verifies the server it was recorded from without a failure, writes and all', async () => {
    const before = server.books()
    const report = await verifyApi({ url: `${server.origin}/api`, api: replay, token: 'x' })
    const failures = report.findings.filter((f) => f.severity === 'failure')
    expect(failures.map((f) => f.message)).toEqual([])
    // A JSON Patch it does not take (415) is said, as a write the recording does not promise.
    expect(report.findings.map((f) => f.message)).toContain(
      'A JSON Patch answers 415: not offered, and the definition does not promise it.',
    )
    expect(server.books()).toEqual(before)
  }, 60_000)
})

describe('a fastify + hal shaped server, verified against a definition promising its writes', () => {
  let server: Awaited<ReturnType<typeof startLibraryServer>>
  let promised: HalApi
  beforeAll(async () => {
    server = await startLibraryServer()
    const recording = await recordApi(`${server.origin}/api`)
    const api = recording.files['api.ts']?.replace('writes: false, ', '') ?? ''
    promised = await replayOf(
      { ...recording, files: { ...recording.files, 'api.ts': api } },
      'promised',
    )
  }, 60_000)
  afterAll(() => server.close())

  it('says a refused JSON Patch or create once, not again as what did not follow', async () => {
    const report = await verifyApi({ url: `${server.origin}/api`, api: promised, token: 'x' })
    const said = (rule: string, collection: string) =>
      report.findings
        .filter((f) => f.rule === rule && f.collection === collection)
        .map((f) => f.message)
    expect(said('patch', 'books')).toEqual(['A JSON Patch answers 415.'])
    // The server takes no new author.
    expect(said('create', 'authors')).toEqual(['A create answers 404, not 201.'])
  }, 60_000)
})

describe('a Spring HATEOAS-shaped server, its HAL-FORMS templates naming some writes only', () => {
  let server: Awaited<ReturnType<typeof startSpringHateoasServer>>
  let replay: HalApi
  beforeAll(async () => {
    server = await startSpringHateoasServer()
    replay = await replayOf(await recordApi(`${server.origin}/api`), 'spring-hateoas')
  }, 60_000)
  afterAll(() => server.close())

  it('verifies read-only against its recording with no HAL-FORMS failure', async () => {
    const report = await verifyApi({ url: `${server.origin}/api`, api: replay, readOnly: true })
    const failures = report.findings.filter((f) => f.severity === 'failure')
    expect(failures.map((f) => f.message)).toEqual([])
  }, 60_000)
})

describe('a server writing relative hrefs (express + halson), recorded and verified', () => {
  let server: Awaited<ReturnType<typeof startRelativeHrefsServer>>
  let replay: HalApi
  beforeAll(async () => {
    server = await startRelativeHrefsServer()
    replay = await replayOf(await recordApi(`${server.origin}/shop`), 'relative-hrefs')
  }, 60_000)
  afterAll(() => server.close())

  it('reads a relation’s relative href as the URL it resolves to', async () => {
    const report = await verifyApi({ url: `${server.origin}/shop`, api: replay, readOnly: true })
    const failures = report.findings.filter((f) => f.severity === 'failure')
    expect(failures.map((f) => f.message)).toEqual([])
  }, 60_000)
})
