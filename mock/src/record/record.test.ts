import { readdir, readFile, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { HAL, identity, OUT, outDir, replayOf } from '../../test/record/replay.js'
import type { HalApi } from '../core/api.js'
import { runRecord } from './command.js'
import { checkRecording, type Recording, recordApi, writeRecording } from './record.js'

afterAll(() => rm(OUT, { recursive: true, force: true }))

// The shop example lives in another TypeScript project: loaded by path, as a user's module is.
const SHOP = resolve(import.meta.dirname, '../../../examples/shop/api.ts')
const { defineShop } = (await import(SHOP)) as {
  defineShop(options?: { orders?: number }): HalApi
}
const inProcess = (api: { handle(request: Request): Promise<Response> }) => (request: Request) =>
  api.handle(request)

describe('record the shop, replay it', () => {
  const shopOrigin = 'http://shop.test'
  let recording: Recording
  let replay: HalApi

  it('answers every recorded GET with the same document, byte for byte but the origin', async () => {
    recording = await recordApi(`${shopOrigin}/api`, { fetch: inProcess(defineShop()) })
    replay = await replayOf(recording, 'shop')
    const { same, differ } = await identity(recording, replay, shopOrigin)
    expect(differ).toEqual([])
    // The root, 4 + 1 + 6 pages, 138 items, the customers' lists of orders.
    expect(same).toBeGreaterThan(150)
    expect(recording.model.collections.map((c) => c.name)).toEqual([
      'customers',
      'products',
      'orders',
    ])
    expect(recording.files['api.ts']).toContain(
      "status: z.enum(['open', 'paid', 'shipped'])".replaceAll("'", '"'),
    )
    expect(recording.files['api.ts']).toContain('email: z.email()')
    expect(recording.files['api.ts']).toContain(
      'its HAL-FORMS templates offer DELETE, PATCH, POST, PUT',
    )
  })

  it('lets writes change later reads: POST, PUT, PATCH, DELETE, a stale If-Match', async () => {
    const at = (path: string, init: RequestInit = {}) =>
      replay.handle(
        new Request(`http://replay.test/api${path}`, {
          ...init,
          headers: { accept: HAL, 'x-access-token': 'mock-token', ...(init.headers as object) },
        }),
      )
    const before = (await (await at('/customers')).json()) as { page: { totalElements: number } }
    const created = await at('/customers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Hedy', email: 'hedy@example.com' }),
    })
    expect(created.status).toBe(201)
    const location = created.headers.get('location') ?? ''
    const path = new URL(location).pathname.replace('/api', '')
    expect(((await (await at(path)).json()) as { name: string }).name).toBe('Hedy')
    const after = (await (await at('/customers')).json()) as { page: { totalElements: number } }
    expect(after.page.totalElements).toBe(before.page.totalElements + 1)

    const read = await at(path)
    const etag = read.headers.get('etag') ?? ''
    const patched = await at(path, {
      method: 'PATCH',
      headers: { 'content-type': 'application/merge-patch+json', 'if-match': etag },
      body: JSON.stringify({ name: 'Hedy L.' }),
    })
    expect(patched.status).toBeLessThan(300)
    expect(((await (await at(path)).json()) as { name: string }).name).toBe('Hedy L.')
    const stale = await at(path, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'if-match': etag },
      body: JSON.stringify({ name: 'Late', email: 'late@example.com' }),
    })
    expect(stale.status).toBe(412)
    const put = await at(path, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Hedy Lamarr', email: 'hedy@example.com' }),
    })
    expect(put.status).toBeLessThan(300)
    expect(((await (await at(path)).json()) as { name: string }).name).toBe('Hedy Lamarr')
    expect((await at(path, { method: 'DELETE' })).status).toBeLessThan(300)
    expect((await at(path)).status).toBe(404)
  })

  it('writes the same bytes when recording an unchanged API twice', async () => {
    // Another instance, on another origin: nothing of either may show in the files.
    const again = await recordApi('http://127.0.0.1:9/api', { fetch: inProcess(defineShop()) })
    expect(again.files).toEqual(recording.files)
  })

  it('reports no drift against the same API, and drift against a changed one', async () => {
    const dir = await outDir('shop-check')
    await writeRecording(dir, recording.files)
    expect(
      await checkRecording(dir, `${shopOrigin}/api`, { fetch: inProcess(defineShop()) }),
    ).toEqual([])
    // The same shop with fewer orders: values change, the shape does not.
    expect(
      await checkRecording(dir, `${shopOrigin}/api`, {
        fetch: inProcess(defineShop({ orders: 7 })),
      }),
    ).toEqual([])
    // A member renamed in every customer: drift, and `record --check` exits 1.
    const renamed = async (request: Request) => {
      const response = await defaultShop.handle(request)
      const text = (await response.text()).replaceAll('"email":', '"mail":')
      return new Response(text, { status: response.status, headers: response.headers })
    }
    const drift = await checkRecording(dir, `${shopOrigin}/api`, { fetch: renamed })
    expect(drift).toContainEqual({
      where: 'collection customers',
      change: 'member removed: email: string(email)',
    })
    expect(drift).toContainEqual({
      where: 'collection customers',
      change: 'member added: mail: string(email)',
    })
  })
})

const defaultShop = defineShop()

describe('redaction', () => {
  // A HAL API that leaks everything it can: the token it was sent (in a member and a link), a
  // cookie, an API key in a body member, a JWT, a token in a query string.
  const TOKEN = 'tok_9f8e7d6c5b4a'
  const COOKIE = 'sess_0123456789abcdef'
  const API_KEY = 'sk_live_abcdefghijkl'
  const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXBhcnQ'
  const QUERY = 'q5ecr3tQu3ry'
  const leaky = async (request: Request): Promise<Response> => {
    const url = new URL(request.url)
    if (request.headers.get('x-access-token') !== TOKEN) return new Response('no', { status: 401 })
    const hal = (body: object) =>
      Response.json(body, { headers: { 'content-type': 'application/hal+json' } })
    const account = (id: number) => ({
      id,
      name: `Account ${id}`,
      apiKey: API_KEY,
      lastToken: request.headers.get('x-access-token'),
      session: request.headers.get('cookie')?.split('=')[1],
      note: JWT,
      _links: {
        self: { href: `${url.origin}/accounts/${id}` },
        download: { href: `${url.origin}/files/${id}?token=${QUERY}` },
      },
    })
    if (url.pathname === '/') {
      return hal({
        _links: { self: { href: `${url.origin}/` }, accounts: { href: `${url.origin}/accounts` } },
      })
    }
    if (url.pathname === '/accounts') {
      return hal({
        _links: { self: { href: `${url.origin}/accounts?page=0&size=20` } },
        _embedded: { accounts: [account(1), account(2)] },
        page: { size: 20, totalElements: 2, totalPages: 1, number: 0 },
      })
    }
    const id = url.pathname.match(/^\/accounts\/(\d+)$/)?.[1]
    return id ? hal(account(Number(id))) : new Response('', { status: 404 })
  }

  it('writes no planted secret anywhere: header, cookie, query parameter, body member', async () => {
    const recording = await recordApi('http://leaky.test/', {
      fetch: leaky,
      headers: { 'X-Access-Token': TOKEN, Cookie: `sid=${COOKIE}` },
    })
    expect(recording.model.collections[0]?.records).toHaveLength(2)
    const dir = await outDir('leaky')
    await writeRecording(dir, recording.files)
    for (const name of await readdir(dir)) {
      const text = await readFile(join(dir, name), 'utf8')
      for (const secret of [TOKEN, COOKIE, API_KEY, JWT, QUERY]) expect(text).not.toContain(secret)
    }
    const api = recording.files['api.ts'] ?? ''
    expect(api).toContain('header X-Access-Token')
    expect(api).toContain('member apiKey')
    // Stable pseudonyms: both accounts' keys became the same one.
    const seed = JSON.parse(recording.files['seed.json'] ?? '{}').accounts as { apiKey: string }[]
    expect(seed[0]?.apiKey).toMatch(/^redacted-\d+$/)
    expect(seed[0]?.apiKey).toBe(seed[1]?.apiKey)
  })

  it('keeps a member when told to, and still never writes a header’s value', async () => {
    const recording = await recordApi('http://leaky.test/', {
      fetch: leaky,
      headers: { 'X-Access-Token': TOKEN },
      keep: ['apiKey'],
    })
    const seed = recording.files['seed.json'] ?? ''
    expect(seed).toContain(API_KEY)
    expect(seed).not.toContain(TOKEN)
  })
})

describe('halyard-mock record (the command)', () => {
  it('records into --out, --check exits 0 without drift, and mistakes exit 2', async () => {
    const dir = await outDir('command')
    const shop = defineShop()
    const realFetch = globalThis.fetch
    // The command crawls with the global fetch: point it at the shop in this process.
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      shop.handle(new Request(input, init))) as typeof fetch
    try {
      const quiet = ['--quiet']
      expect(await runRecord(['http://shop.test/api', '--out', dir, ...quiet])).toBe(0)
      expect(await readFile(join(dir, 'api.ts'), 'utf8')).toContain('defineHalApi(')
      expect(await runRecord(['http://shop.test/api', '--check', dir, ...quiet])).toBe(0)
      expect(await runRecord(['http://shop.test/api', '--check', dir, '--depth', 'x'])).toBe(2)
      expect(await runRecord(['not a url', '--out', dir])).toBe(2)
    } finally {
      globalThis.fetch = realFetch
    }
  })
})
