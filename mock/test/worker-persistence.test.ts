import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { createBlogApi } from '../src/blog/api.js'
import { defineHalApi } from '../src/serve/api.js'
import { keepAcrossReloads } from '../src/shells/browser/persistence.js'

// `setupHalWorker(api, { persist: true })` for any API: what a page saves on `pagehide` and the
// next page starts from. A page's `window` and `localStorage` stand in for the browser's.
class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>()
  get length() {
    return this.#items.size
  }
  key = (index: number) => [...this.#items.keys()][index] ?? null
  getItem = (key: string) => this.#items.get(key) ?? null
  setItem = (key: string, value: string) => void this.#items.set(key, String(value))
  removeItem = (key: string) => void this.#items.delete(key)
  clear = () => this.#items.clear()
}

let page: EventTarget
let storage: MemoryStorage
beforeEach(() => {
  page = new EventTarget()
  storage = new MemoryStorage()
  vi.stubGlobal('window', page)
  vi.stubGlobal('localStorage', storage)
})
afterEach(() => vi.unstubAllGlobals())

/** A new page load: the old page goes away, its listeners with it. */
function reload(): void {
  page.dispatchEvent(new Event('pagehide'))
  page = new EventTarget()
  vi.stubGlobal('window', page)
}

const notesApi = () =>
  defineHalApi({
    basePath: '/api',
    title: 'Notes',
    tokens: ['dev-token'],
    collections: {
      notes: { schema: z.object({ text: z.string() }), seed: [{ text: 'Seeded' }] },
    },
  })

const send = (api: { handle(r: Request): Promise<Response> }, path: string, body?: object) =>
  api.handle(
    new Request(`http://x.test${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    }),
  )

describe('keepAcrossReloads (setupHalWorker persist)', () => {
  it("keeps an API's records across a reload, and answers from them", async () => {
    const first = notesApi()
    await keepAcrossReloads(first)
    expect((await send(first, '/api/notes', { text: 'Kept' })).status).toBe(201)
    reload()
    const second = notesApi()
    await keepAcrossReloads(second)
    expect(await (await send(second, '/api/notes/2')).json()).toMatchObject({ text: 'Kept' })
    // A record created after the reload gets a new id, not one in use.
    const created = await send(second, '/api/notes', { text: 'Third' })
    expect(await created.json()).toMatchObject({ id: 3 })
  })

  it('starts from the seed again after reset(), across the next reload too', async () => {
    const first = notesApi()
    await keepAcrossReloads(first)
    await send(first, '/api/notes', { text: 'Discarded' })
    await first.reset()
    reload()
    const second = notesApi()
    await keepAcrossReloads(second)
    expect((await send(second, '/api/notes/2')).status).toBe(404)
    expect((await send(second, '/api/notes/1')).status).toBe(200)
  })

  it('keeps the Blog API through the same path', async () => {
    const first = createBlogApi({ articles: 2 })
    await keepAcrossReloads(first)
    const created = await send(first, '/api/v1.2/blogs/1/articles', { title: 'Kept' })
    expect(created.status).toBe(201)
    reload()
    const second = createBlogApi({ articles: 2 })
    await keepAcrossReloads(second)
    const list = await (await send(second, '/api/v1.2/blogs/1/articles')).json()
    expect(list.totalArticles).toBe(3)
    expect((await send(second, '/api/v1.2/blogs/1/articles/3')).status).toBe(200)
  })

  it('drops saved data the API no longer fits, with a warning, and keeps the seed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    storage.setItem(
      'halyard-mock:Notes:/api',
      JSON.stringify({ version: 1, collections: { notes: [{ id: 1, text: 42 }] } }),
    )
    const api = notesApi()
    await keepAcrossReloads(api)
    expect(warn).toHaveBeenCalled()
    expect(await (await send(api, '/api/notes/1')).json()).toMatchObject({ text: 'Seeded' })
    warn.mockRestore()
  })

  it('seeds as usual where there is no page (Node)', async () => {
    vi.unstubAllGlobals()
    const api = notesApi()
    await keepAcrossReloads(api)
    expect((await send(api, '/api/notes/1')).status).toBe(200)
  })
})
