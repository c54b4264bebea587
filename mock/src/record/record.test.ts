import { type ChildProcess, spawn } from 'node:child_process'
import { closeSync, openSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packedBin, projectOf } from '../../test/packed.js'
import {
  HAL,
  identity,
  outDir,
  recordedGets,
  removeOutDirs,
  replayOf,
} from '../../test/record/replay.js'
import { createBlogApi } from '../blog/api.js'
import { createMockServer } from '../blog/shells/server.js'
import type { HalApi } from '../serve/api.js'
import { createHalServer } from '../shells/server/index.js'
import { checkRecording, type Recording, recordApi, writeRecording } from './record.js'

// Only its own folders: the other recording tests run beside it in folders of theirs.
afterAll(() => removeOutDirs())

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
    expect(recording.files['api.ts']).toContain("status: z.enum(['open', 'paid', 'shipped'])")
    expect(recording.files['api.ts']).toContain('email: z.email()')
    expect(recording.files['api.ts']).toContain(
      'its HAL-FORMS templates offer DELETE, PATCH, POST, PUT',
    )
    // The shop holds no secret: its OpenAPI document (read, never written) counts no redaction.
    expect(recording.redactions).toEqual([])
    expect(recording.files['api.ts']).toContain('Redacted: nothing looked like a credential.')
  })

  it('offers the same HAL-FORMS templates: prompts, bounds, patterns and options from the API’s own', async () => {
    const forms = [...recording.crawl.exchanges.values()].filter((e) => e.accept === 'forms')
    expect(forms.length).toBeGreaterThan(3)
    for (const exchange of forms) {
      const response = await replay.handle(
        new Request(exchange.url.replace(shopOrigin, 'http://replay.test'), {
          headers: { accept: 'application/prs.hal-forms+json' },
        }),
      )
      const body = (await response.json()) as { _templates?: unknown }
      const templates = JSON.stringify(body._templates ?? null)
      const recorded = JSON.stringify(
        (exchange.body as { _templates?: unknown })._templates ?? null,
      )
      expect(templates.replaceAll('http://replay.test', 'O')).toBe(
        recorded.replaceAll(shopOrigin, 'O'),
      )
    }
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
      // No form names it: the server's to set, so never required.
      change: 'member added: mail: string(email)?',
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

  it('records nothing, with the reason, when the root cannot be read (no token: 401)', async () => {
    await expect(recordApi('http://leaky.test/', { fetch: leaky })).rejects.toThrow(
      'the root http://leaky.test/ could not be read (401): nothing to record',
    )
  })

  it('writes names with line breaks into its comments as text, never as code that runs', async () => {
    // Member names a hostile API chose: one named like a credential (reported in the header's
    // redaction comment), one the mock keeps unshown; each would end its comment with a raw newline.
    const planted = (flag: string) => `x_token\nglobalThis.${flag} = true\n//`
    const hostile = async (request: Request): Promise<Response> => {
      const { pathname } = new URL(request.url)
      const account = (id: number) => ({
        id,
        [planted('recordedRedaction')]: 's3cret-value',
        _links: { self: { href: `/accounts/${id}` } },
      })
      if (pathname === '/') {
        return Response.json({ _links: { self: { href: '/' }, accounts: { href: '/accounts' } } })
      }
      if (pathname === '/accounts') {
        return Response.json({
          _links: { self: { href: '/accounts' } },
          _embedded: { accounts: [account(1), account(2)] },
        })
      }
      const id = /^\/accounts\/(\d+)$/.exec(pathname)?.[1]
      return id ? Response.json(account(Number(id))) : new Response('', { status: 404 })
    }
    const recording = await recordApi('http://hostile.test/', { fetch: hostile })
    expect(recording.files['api.ts']).toContain('member x_token\\u000aglobalThis')
    const flags = globalThis as { recordedRedaction?: boolean }
    const replay = await replayOf(recording, 'hostile')
    expect(flags.recordedRedaction).toBeUndefined()
    const listed = await replay.handle(new Request('http://replay.test/accounts'))
    expect(listed.status).toBe(200)
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

describe('redaction of the headers sent, which never breaks a recording', () => {
  // Notes with a count and a flag: what a short or common header value meets by chance.
  const notes = async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url)
    const note = (id: number) => ({
      id,
      count: 1001,
      done: true,
      _links: { self: { href: `/notes/${id}` } },
    })
    if (pathname === '/')
      return Response.json({ _links: { self: { href: '/' }, notes: { href: '/notes' } } })
    if (pathname === '/notes')
      return Response.json({
        _links: { self: { href: '/notes' } },
        _embedded: { notes: [note(1), note(2)] },
      })
    const id = /^\/notes\/(\d+)$/.exec(pathname)?.[1]
    return id ? Response.json(note(Number(id))) : new Response('', { status: 404 })
  }

  it('refuses a value too short or too common to redact, and says what to do', async () => {
    for (const [header, why] of [
      ['X-Tenant-Id: 1001', 'is shorter than 8 characters'],
      ['X-Flag: true', 'is shorter than 8 characters'],
      ['X-Tenant: undefined', 'is a JSON or TypeScript literal'],
      ['X-Account: 1234567890', 'is a number'],
      ['Cookie: session=tok_9f8e7d6c5b4a; lang=en', 'is shorter than 8 characters'],
    ] as const) {
      const [name = '', value = ''] = header.split(': ')
      await expect(
        recordApi('http://notes.test/', { fetch: notes, headers: { [name]: value } }),
      ).rejects.toThrow(`the value of --header ${name} ${why}: `)
    }
  })

  it('writes a kept header’s value as it is: the recording loads, its numbers intact', async () => {
    const recording = await recordApi('http://notes.test/', {
      fetch: notes,
      headers: { 'X-Tenant-Id': '1001' },
      keep: ['x-tenant-id'],
    })
    const seed = JSON.parse(recording.files['seed.json'] ?? '') as { notes: { count: number }[] }
    expect(seed.notes.map((n) => n.count)).toEqual([1001, 1001])
    const replay = await replayOf(recording, 'kept-header')
    const read = await replay.handle(new Request('http://replay.test/notes/1'))
    expect(await read.json()).toMatchObject({ count: 1001, done: true })
  })

  it('refuses to write a value it would find in the code, rather than break the module', async () => {
    await expect(
      recordApi('http://notes.test/', { fetch: notes, headers: { 'X-Shape': 'number().int()' } }),
    ).rejects.toThrow(
      'the value of header X-Shape is in api.ts outside its strings (in a number, a name or the code)',
    )
  })
})

describe('documents of no collection', () => {
  it('answers each by the query it was read with, with an ETag', async () => {
    const hal = (body: object) =>
      Response.json(body, { headers: { 'content-type': 'application/hal+json' } })
    const api = async (request: Request) => {
      const url = new URL(request.url)
      if (url.pathname === '/') {
        return hal({
          _links: {
            self: { href: '/' },
            report: [{ href: '/report?year=2024' }, { href: '/report?year=2025' }],
          },
        })
      }
      const year = url.searchParams.get('year')
      return url.pathname === '/report' && year
        ? hal({ _links: { self: { href: `/report?year=${year}` } }, year: Number(year) })
        : new Response('', { status: 404 })
    }
    const recording = await recordApi('http://reports.test/', { fetch: api })
    const replay = await replayOf(recording, 'reports')
    for (const year of [2024, 2025]) {
      const answer = await replay.handle(new Request(`http://replay.test/report?year=${year}`))
      expect(((await answer.json()) as { year: number }).year).toBe(year)
      expect(answer.headers.get('etag')).toMatch(/^".+"$/)
      // Revalidated before each use, as the mock's own documents are (verify's cache-control).
      expect(answer.headers.get('cache-control')).toBe('no-cache')
      const again = await replay.handle(
        new Request(`http://replay.test/report?year=${year}`, {
          headers: { 'if-none-match': answer.headers.get('etag') ?? '' },
        }),
      )
      expect([again.status, again.headers.get('cache-control')]).toEqual([304, 'no-cache'])
    }
  })
})

describe('bounds', () => {
  it('marks a list a bound cut, in the model and the module, with the total the API stated', async () => {
    const blog = createBlogApi({ articles: 100 })
    const recording = await recordApi('http://blog.test/api/v1.2', {
      fetch: inProcess(blog),
      pages: 3,
    })
    const articles = recording.model.collections.find((c) => c.name === 'articles')
    expect(articles?.records).toHaveLength(30)
    expect(articles?.partial).toEqual({ reason: 'by --pages 3', total: 100 })
    expect(recording.files['api.ts']).toContain(
      "// PARTIAL: 30 records recorded of the 100 the API stated, cut by --pages 3; the replay's totals count the records recorded.",
    )
    expect(JSON.parse(recording.files['recording.json'] ?? '{}').collections[1].partial).toBe(
      'by --pages 3',
    )
    // A list read whole is no such list.
    const whole = await recordApi('http://blog.test/api/v1.2', { fetch: inProcess(blog) })
    expect(whole.model.collections.find((c) => c.name === 'articles')?.partial).toBeUndefined()
    expect(whole.files['api.ts']).not.toContain('PARTIAL')
  })
})

describe('halyard-mock record, then halyard-mock --api (real processes, real HTTP)', () => {
  /** The `halyard-mock` of the packed tarball, installed outside the repository. */
  let cli = ''
  beforeAll(async () => {
    cli = await packedBin()
  }, 300_000)
  const children: ChildProcess[] = []
  const servers: { close(): Promise<void> }[] = []
  afterAll(async () => {
    for (const child of children) child.kill()
    await Promise.all(servers.map((s) => s.close()))
  })
  /** Runs the installed bin from its project, as a user does. */
  const bin = (args: string[]) => spawn(cli, args, { cwd: projectOf(cli) })
  const exit = (child: ChildProcess) =>
    new Promise<{ code: number | null; out: string }>((done) => {
      let out = ''
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk
      })
      child.stderr?.on('data', (chunk: Buffer) => {
        out += chunk
      })
      child.on('close', (code) => done({ code, out }))
    })

  it('refuses a --header value it cannot redact safely, before any request, with exit 2', async () => {
    const dir = await outDir('weak-header')
    const refused = await exit(
      bin(['record', 'http://127.0.0.1:9/', '--out', dir, '--header', 'X-Tenant-Id: 1001']),
    )
    expect(refused.code).toBe(2)
    expect(refused.out).toContain(
      'the value of --header X-Tenant-Id is shorter than 8 characters: redacting it would replace what merely looks like it',
    )
    expect(refused.out).toContain('pass --keep X-Tenant-Id to write it as it is')
    expect(await readdir(dir)).toEqual([])
  }, 30_000)

  it('writes progress as whole lines before the summary when stderr is no terminal', async () => {
    const shop = await createHalServer(defineShop(), { port: 0 })
    servers.push(shop)
    const dir = await outDir('progress')
    // stdout and stderr into one file, as `… > log 2>&1` does: the order they were written in.
    const log = join(dir, 'log.txt')
    const fd = openSync(log, 'w')
    const child = spawn(cli, ['record', shop.url, '--out', dir], {
      cwd: projectOf(cli),
      stdio: ['ignore', fd, fd],
    })
    const code = await new Promise((done) => child.on('close', done))
    closeSync(fd)
    expect(code).toBe(0)
    const lines = (await readFile(log, 'utf8')).split('\n')
    const progress = lines.flatMap((line, i) => (/ requests, \d+ records, /.test(line) ? [i] : []))
    const summary = lines.findIndex((line) => line.startsWith('Recorded '))
    expect(progress.length).toBeGreaterThan(0)
    expect(summary).toBeGreaterThan(Math.max(...progress))
    // Each progress line whole: no carriage return, nothing run together.
    for (const i of progress)
      expect(lines[i]).toMatch(/^\d+ requests, \d+ records, \d+ queued, [\d.]+ s$/)
  }, 120_000)

  it('records a served shop, serves the recording, and answers every recorded GET alike', async () => {
    const shop = await createHalServer(defineShop(), { port: 0 })
    servers.push(shop)
    const dir = await outDir('bin')
    const recorded = await exit(bin(['record', shop.url, '--out', dir, '--quiet']))
    expect(recorded.out).toContain('Recorded 138 records in 3 collections')
    expect(recorded.code).toBe(0)

    const replay = bin(['--api', join(dir, 'api.ts'), '--port', '0'])
    children.push(replay)
    const url = await new Promise<string>((found, failed) => {
      let out = ''
      replay.stdout?.on('data', (chunk: Buffer) => {
        out += chunk
        const match = out.match(/listening on (http:\/\/\S+)/)
        if (match?.[1]) found(match[1])
      })
      replay.on('close', () => failed(new Error(`the replay stopped: ${out}`)))
    })
    const replayOrigin = new URL(url).origin
    // The recorded documents, read again from the shop, against the replay's.
    const recording = await recordApi(shop.url)
    let same = 0
    const differ: string[] = []
    for (const [at, body] of recordedGets(recording)) {
      const response = await fetch(at.replace(shop.origin, replayOrigin), {
        headers: { accept: HAL },
      })
      const text = (await response.text()).replaceAll(replayOrigin, 'ORIGIN')
      if (text === JSON.stringify(body).replaceAll(shop.origin, 'ORIGIN')) same++
      else differ.push(at)
    }
    expect(differ).toEqual([])
    expect(same).toBeGreaterThan(150)

    // `record --check`: 0 against the API recorded, 1 against another, 2 for a mistake.
    expect((await exit(bin(['record', shop.url, '--check', dir, '--quiet']))).code).toBe(0)
    const blog = await createMockServer({ port: 0, log: false, articles: 3 })
    servers.push(blog)
    const drift = await exit(bin(['record', blog.url, '--check', dir, '--quiet']))
    expect(drift.code).toBe(1)
    expect(drift.out).toContain('collection removed: customers')
    expect((await exit(bin(['record', 'not a url', '--out', dir]))).code).toBe(2)
    // Five processes, each loading the CLI and a recorded module: slow on a busy machine.
  }, 240_000)
})
