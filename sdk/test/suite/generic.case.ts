import { beforeEach, describe, expect, it } from 'vitest'
import type { Variables } from '../../src/index.js'
import { recordingClient } from './helpers.js'

/**
 * What the generic part of the SDK suite needs from any HAL server: where things are and what
 * they hold. It runs on servers nobody here wrote (express apps, which check request freshness
 * strictly) as well as on the mock.
 */
export interface HalServerTarget {
  readonly name: string
  /** The API root. */
  readonly apiUrl: string
  /** Restores the server's data, before each test. */
  reset?(): Promise<void>
  /** A rel of the root, its variables, and properties of the document it leads to. */
  readonly read: { rel: string; variables?: Variables; data: Record<string, unknown> }
  /** A collection (its first page), how many items it embeds in all and over how many pages. */
  readonly collection: { uri: string; items: number; pages: number }
  /** A resource with validators, to revalidate. */
  readonly cached: string
  /** A PUT, and properties of the state it gives. */
  readonly put: { uri: string; body: Record<string, unknown>; data: Record<string, unknown> }
  /** A POST into a collection, the URI of what it creates, and properties of its state. */
  readonly post?: {
    uri: string
    body: Record<string, unknown>
    created: string
    data: Record<string, unknown>
  }
  /** A resource to delete. */
  readonly delete: string
  /** A page whose embedded documents use a CURIE only the page defines, and that rel's name. */
  readonly curie?: { page: string; rel: string }
}

/**
 * The SDK on any HAL server: it reads, pages, revalidates (a 304) and writes.
 *
 * @example
 * describeHalServer(() => ({ name: 'json-server', apiUrl, read, collection, cached, put, delete }))
 */
export function describeHalServer(target: () => HalServerTarget): void {
  describe(`@halyard/sdk on a HAL server: ${target().name}`, () => {
    let t: HalServerTarget
    beforeEach(async () => {
      t = target()
      await t.reset?.()
    })

    it('reads: follows a rel from the root and reads the document it leads to', async () => {
      const { client } = recordingClient(t)
      const state = await client.go().follow(t.read.rel, t.read.variables).get()
      expect(state.data).toMatchObject(t.read.data)
    })

    it('pages: items() and pages() walk the whole collection', async () => {
      const { client } = recordingClient(t)
      let items = 0
      for await (const _ of client.go(t.collection.uri).items()) items++
      let pages = 0
      for await (const _ of client.go(t.collection.uri).pages()) pages++
      expect({ items, pages }).toEqual({ items: t.collection.items, pages: t.collection.pages })
    })

    it('revalidates: refresh() and get() of a stale state are answered 304 and reuse it', async () => {
      const { client, requests } = recordingClient(t)
      const resource = client.go(t.cached)
      const first = await resource.get()
      expect(first.etag).toBeTruthy()
      expect(await resource.refresh()).toBe(first)
      // Every server here marks its answers no-cache, or says nothing: get() asks again too.
      expect(await resource.get()).toBe(first)
      expect(requests.map((r) => r.status)).toEqual([200, 304, 304])
      expect(requests[1]?.headers.get('if-none-match')).toBe(first.etag)
    })

    it('a conditional GET the caller writes (If-None-Match, in any case) is answered 304', async () => {
      const { client } = recordingClient(t)
      const { etag = '' } = await client.go(t.cached).get()
      // Sent as a plain revalidation: without the SDK's care, fetch would add the
      // `Cache-Control: no-cache` that express takes for a forced reload (a 200).
      const response = await client.send('GET', t.cached, { headers: { 'If-None-Match': etag } })
      await response.body?.cancel()
      expect(response.status).toBe(304)
    })

    it('until-invalidated caching asks nothing again', async () => {
      const { client, requests } = recordingClient(t, { caching: 'until-invalidated' })
      const first = await client.go(t.cached).get()
      expect(await client.go(t.cached).get()).toBe(first)
      expect(requests).toHaveLength(1)
    })

    it('writes: put() and delete()', async () => {
      const { client } = recordingClient(t)
      const put = await client.go(t.put.uri).put(t.put.body)
      expect(put.data).toMatchObject(t.put.data)
      await expect(client.go(t.delete).delete()).resolves.toBeUndefined()
    })

    const itWithPost = target().post ? it : () => {}
    itWithPost(
      'post() resolves to what the 201 created (Location, else self, else the target), its body the state',
      async () => {
        const post = t.post ?? { uri: '', body: {}, created: '', data: {} }
        const { client, requests } = recordingClient(t, { caching: 'until-invalidated' })
        const created = await client.go(post.uri).post(post.body)
        expect(created.uri).toBe(post.created)
        const sent = requests.length
        expect((await created.get()).data).toMatchObject(post.data)
        expect(requests).toHaveLength(sent)
      },
    )

    // Registered where the server has such a page (`target` is called at registration for it).
    const itWithCurie = target().curie ? it : () => {}
    itWithCurie(
      'an embedded document uses its container’s CURIEs: found by expanded URI',
      async () => {
        const curie = t.curie ?? { page: '', rel: '' }
        const { client } = recordingClient(t)
        const page = await client.go(curie.page).get()
        const [item] = page.embedded('item')
        const expanded = page.links.expandRel(curie.rel)
        expect(expanded).not.toBe(curie.rel)
        expect(item?.links.get(expanded)).toEqual(item?.links.get(curie.rel))
        expect(item?.links.get(expanded)).toBeDefined()
      },
    )
  })
}
