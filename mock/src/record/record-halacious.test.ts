import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHalaciousServer } from '../../test/record/halacious-server.js'
import { HAL, REPLAY, replayOf, sameShapes } from '../../test/record/replay.js'
import type { HalApi } from '../serve/api.js'
import { type Recording, recordApi } from './record.js'

// halacious 5 on hapi 16, over HTTP: a root at `/api/` reached through its 302 from `/api`,
// CURIEs beside the API (`/rels/todo/{rel}`), absolute hrefs, lists paged by `page`/`size` from 0.

interface Doc {
  readonly _links: Readonly<Record<string, { readonly href: string } | undefined>>
  readonly _embedded: Readonly<Record<string, readonly { readonly id: number }[]>>
  readonly page: number
  readonly totalElements: number
}

describe('a halacious server, recorded from /api and replayed', () => {
  let server: { origin: string; close(): Promise<void> }
  let recording: Recording
  let replay: HalApi
  beforeAll(async () => {
    server = await startHalaciousServer()
    recording = await recordApi(`${server.origin}/api`)
    replay = await replayOf(recording, 'halacious')
    // A server, a crawl and a module to load: more than the default 10 s on a busy machine.
  }, 60_000)
  afterAll(() => server.close())

  const at = (path: string, init: RequestInit = {}) =>
    replay.handle(
      new Request(`${REPLAY}${path}`, {
        ...init,
        headers: { accept: HAL, 'x-access-token': 'mock-token', ...(init.headers as object) },
      }),
    )
  const json = async (path: string) => (await (await at(path)).json()) as Doc

  it('follows the root’s redirect to /api/ and records from there', () => {
    expect(recording.crawl.root).toBe(`${server.origin}/api/`)
    expect(recording.model.collections.map((c) => c.name).sort()).toEqual(['projects', 'tasks'])
    expect(recording.crawl.unreached).toEqual([])
  })

  it('answers every recorded GET with the same members, rels and value types', async () => {
    const { same, differ } = await sameShapes(recording, replay, server.origin)
    expect(differ).toEqual([])
    expect(same).toBeGreaterThan(20)
  })

  it('computes each page’s links from its own index, on the replay’s origin', async () => {
    const first = await json('/api/tasks?page=0&size=3')
    expect(first._links.next?.href).toBe(`${REPLAY}/api/tasks?page=1&size=3`)
    expect(first._links.prev).toBeUndefined()
    const middle = await json('/api/tasks?page=1&size=3')
    expect(middle._links.next?.href).toBe(`${REPLAY}/api/tasks?page=2&size=3`)
    expect(middle._links.prev?.href).toBe(`${REPLAY}/api/tasks?page=0&size=3`)
    const last = await json('/api/tasks?page=2&size=3')
    expect(last._links.next).toBeUndefined()
    expect(last._links.last?.href).toBe(`${REPLAY}/api/tasks?page=2&size=3`)
    // A list recorded on one page still links a second once it holds more.
    expect((await json('/api/projects?size=2'))._links.next?.href).toBe(
      `${REPLAY}/api/projects?page=1&size=2`,
    )
  })

  it('writes the CURIEs where the API has them: beside /api, not under it', async () => {
    const curies = [
      (await json('/api/'))._links.curies,
      (await json('/api/tasks/1'))._links.curies,
      (await json('/api/tasks'))._links.curies,
    ]
    for (const list of curies) {
      expect(list).toEqual([{ name: 'td', href: `${REPLAY}/rels/todo/{rel}`, templated: true }])
    }
  })

  it('answers its root with an ETag that revalidates', async () => {
    const answer = await at('/api/')
    const etag = answer.headers.get('etag') ?? ''
    expect(etag).toMatch(/^".+"$/)
    expect((await at('/api/', { headers: { 'if-none-match': etag } })).status).toBe(304)
  })

  it('keeps a project’s tasks a list of the tasks that link to it, which writes change', async () => {
    const second = await json('/api/projects/1/tasks?page=1&size=3')
    expect(second.page).toBe(1)
    expect(second._embedded['td:task']?.map((t) => t.id)).toEqual([4, 5, 6])
    const created = await at('/api/tasks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ projectId: 1, title: 'Listed', done: false }),
    })
    expect(created.status).toBe(201)
    expect((await json('/api/projects/1/tasks')).totalElements).toBe(8)
    expect((await json('/api/projects/3/tasks')).totalElements).toBe(0)
    expect(
      (await at(new URL(created.headers.get('location') ?? '').pathname, { method: 'DELETE' }))
        .status,
    ).toBeLessThan(300)
    expect((await json('/api/projects/1/tasks')).totalElements).toBe(7)
  })

  it('lets writes change later reads: POST, GET, totals, a stale If-Match, DELETE then 404', async () => {
    const before = (await json('/api/tasks')).totalElements as number
    const created = await at('/api/tasks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ projectId: 2, title: 'Replayed', done: false }),
    })
    expect(created.status).toBe(201)
    const item = new URL(created.headers.get('location') ?? '').pathname
    const read = await at(item)
    expect(((await read.json()) as { title: string }).title).toBe('Replayed')
    expect((await json('/api/tasks')).totalElements).toBe(before + 1)
    const etag = read.headers.get('etag') ?? ''
    const patched = await at(item, {
      method: 'PATCH',
      headers: { 'content-type': 'application/merge-patch+json', 'if-match': etag },
      body: JSON.stringify({ done: true }),
    })
    expect(patched.status).toBeLessThan(300)
    const stale = await at(item, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'if-match': etag },
      body: JSON.stringify({ projectId: 2, title: 'Late', done: false }),
    })
    expect(stale.status).toBe(412)
    expect((await at(item, { method: 'DELETE' })).status).toBeLessThan(300)
    expect((await at(item)).status).toBe(404)
    expect((await json('/api/tasks')).totalElements).toBe(before)
  })
})
