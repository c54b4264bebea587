import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHalServer } from '../../src/shells/server/index.js'
import { formatReport, junitReport, type VerifyReport, verifyApi } from '../../src/verify/index.js'
import { elsewhere, type Hostility, hostileProxy } from './hostile-proxy.js'
import { NOTES_TOKEN, notesApi } from './notes-api.js'

// Servers that try to make verify send credentials elsewhere, write what it did not create, end
// it without a report or leak a secret into one: each run still ends with its report, sends
// nothing to another origin and writes only on what it made.

const TOKEN = NOTES_TOKEN
const HEADER = 'hdr-secret-value'
const api = notesApi
let server: Awaited<ReturnType<typeof createHalServer>>
let evil: Awaited<ReturnType<typeof elsewhere>>
beforeAll(async () => {
  server = await createHalServer(api, { port: 0, log: false })
  evil = await elsewhere()
})
afterAll(async () => {
  await server.close()
  await evil.close()
})

/** A run through a hostile proxy: the report, and every request the proxy saw. */
async function verifyThrough(
  plan: (method: string, path: string, token: boolean) => Hostility | undefined,
  options: { maxTime?: number; pages?: number; headers?: Record<string, string> } = {},
) {
  const proxy = await hostileProxy(server.url, (method, path, headers) =>
    plan(method, path, headers['x-access-token'] === TOKEN),
  )
  try {
    const report = await verifyApi({
      url: `${proxy.origin}/api`,
      api,
      token: TOKEN,
      headers: options.headers ?? { 'X-Custom': HEADER },
      ...(options.maxTime === undefined ? {} : { maxTime: options.maxTime }),
      ...(options.pages === undefined ? {} : { pages: options.pages }),
    })
    return { report, seen: proxy.seen }
  } finally {
    await proxy.close()
  }
}

/** The seeded notes, as the server holds them now. */
async function seedNotes(): Promise<unknown[]> {
  return Promise.all([1, 2].map((id) => fetch(`${server.url}/notes/${id}`).then((r) => r.status)))
}

const failed = (report: VerifyReport) =>
  report.findings.filter((f) => f.severity === 'failure').map((f) => `${f.rule}: ${f.message}`)
const hal = (body: unknown): Hostility => ({
  status: 200,
  headers: { 'content-type': 'application/hal+json' },
  body: JSON.stringify(body),
})

describe('verify sends nothing to another origin', () => {
  it.each([
    ['an absolute URL', (port: string) => `http://127.0.0.1:${port}/api/notes`],
    ['a network-path reference', (port: string) => `//127.0.0.1:${port}/api/notes`],
    ['a backslash path', (port: string) => `/\\127.0.0.1:${port}/api/notes`],
  ])('a root whose list is %s on another origin', async (_name, href) => {
    evil.seen.length = 0
    const port = new URL(evil.origin).port
    const { report } = await verifyThrough((method, path) =>
      method === 'GET' && path === '/api'
        ? hal({ _links: { self: { href: '/api' }, notes: { href: href(port), templated: false } } })
        : undefined,
    )
    expect(evil.seen).toEqual([])
    expect(JSON.stringify(report)).toContain('another origin')
  })

  it('a root that redirects to another origin, and a Location on another origin', async () => {
    evil.seen.length = 0
    const moved = await verifyThrough((method, path) =>
      method === 'GET' && path === '/api'
        ? { status: 302, headers: { location: `${evil.origin}/api` } }
        : undefined,
    )
    expect(moved.report.unreachable).toContain('answers 302')
    const located = await verifyThrough((method, path, token) =>
      method === 'POST' && path === '/api/notes' && token
        ? { status: 201, headers: { location: `${evil.origin}/api/notes/9` } }
        : undefined,
    )
    expect(evil.seen).toEqual([])
    expect(failed(located.report).join('\n')).toMatch(/create: .*another origin.*Not written/)
  })

  it('leaves every --header value out of the creates without a token and with a wrong one', async () => {
    const { seen } = await verifyThrough(() => undefined)
    const probes = seen.filter((r) => r.method === 'POST' && r.headers['x-access-token'] !== TOKEN)
    expect(probes.length).toBeGreaterThanOrEqual(2)
    for (const probe of probes) expect(probe.headers['x-custom']).toBeUndefined()
  })
})

describe('verify writes only on what it created', () => {
  const writesTo = (seen: { method: string; path: string }[], path: string) =>
    seen.filter((r) => ['PUT', 'PATCH', 'DELETE'].includes(r.method) && r.path === path)

  it.each([
    ['a Location', { status: 201, headers: { location: '/api/notes/1' } }],
    [
      'a body self without Location',
      hal({ text: 'x', _links: { self: { href: '/api/notes/1' } } }),
    ],
  ] as const)('a create whose %s names a record the crawl read', async (_name, answer) => {
    const { report, seen } = await verifyThrough((method, path, token) =>
      method === 'POST' && path === '/api/notes' && token ? { ...answer, status: 201 } : undefined,
    )
    expect(writesTo(seen, '/api/notes/1')).toEqual([])
    expect(failed(report).join('\n')).toContain('a record the crawl read before')
    expect(await seedNotes()).toEqual([200, 200])
  })

  it('the 405 probe answered 200 with the record, and a create without a token answered 201', async () => {
    const record = await fetch(`${server.url}/notes/2`).then((r) => r.json())
    const { seen } = await verifyThrough((method, path, token) => {
      if (method === 'POST' && path === '/api/notes/2') return hal(record)
      if (method === 'POST' && path === '/api/notes' && !token)
        return { status: 201, headers: { location: '/api/notes/1' } }
      return undefined
    })
    expect(writesTo(seen, '/api/notes/1')).toEqual([])
    expect(writesTo(seen, '/api/notes/2')).toEqual([])
    expect(await seedNotes()).toEqual([200, 200])
  })
})

describe('every run ends with its report', () => {
  it('a body reset halfway, a record id nested 100 000 deep: failures in the report', async () => {
    const deep = `{"id":${'['.repeat(100_000)}${']'.repeat(100_000)},"text":"x","_links":{"self":{"href":"/api/notes/2"}}}`
    const { report } = await verifyThrough((method, path) => {
      if (method === 'GET' && path === '/api/notes/1') return { cut: 'reset' }
      if (method === 'GET' && path === '/api/notes/2')
        return { status: 200, headers: { 'content-type': 'application/hal+json' }, body: deep }
      return undefined
    })
    const text = failed(report).join('\n')
    expect(text).toContain('/api/notes/1 answers 0')
    expect(text).toContain('nested deeper than 100 levels')
  })

  it('a next that leads back to a page read before ends the walk with one failure, within --max-time', async () => {
    const { report } = await verifyThrough(
      (method, path) =>
        method === 'GET' && path.startsWith('/api/notes?')
          ? hal({
              _links: {
                self: { href: '/api/notes?page=0&size=1' },
                first: { href: '/api/notes?page=0&size=1' },
                next: { href: '/api/notes?page=1&size=1' },
              },
              _embedded: { notes: [] },
            })
          : undefined,
      { pages: 1_000_000, maxTime: 10_000 },
    )
    expect(report.findings.filter((f) => f.message.includes('leads back')).length).toBe(1)
    expect(report.findings.length).toBeLessThan(50)
  })

  it('stops at --max-time within a body that stalls, though a request may take 15 s', async () => {
    const { report } = await verifyThrough(
      (method, path) =>
        method === 'GET' && path === '/api/notes/1' ? { cut: 'stall' } : undefined,
      { maxTime: 1500 },
    )
    expect(report.stopped).toBe('reached --max-time 1.5 s')
  }, 5_000)
})

describe('no secret reaches a report', () => {
  it('a token echoed JSON-escaped, a Basic credential without its scheme, across an excerpt’s cut', async () => {
    const basic = Buffer.from('ada:pass/word').toString('base64')
    const echo = `${'x'.repeat(290)}${TOKEN} ${TOKEN.replace('/', '\\/')} ${basic} ${encodeURIComponent(TOKEN)}`
    const { report } = await verifyThrough(
      (method, path) =>
        method === 'GET' && path === '/api/notes/1'
          ? { status: 500, headers: { 'content-type': 'text/plain' }, body: echo }
          : undefined,
      { headers: { Authorization: `Basic ${basic}` } },
    )
    expect(failed(report).join('\n')).toContain('/api/notes/1 answers 500')
    for (const out of [JSON.stringify(report), formatReport(report), junitReport(report)]) {
      for (const leak of [
        TOKEN.slice(0, 6),
        'en-secret',
        basic,
        'ada:pass',
        TOKEN.replace('/', '%2F'),
      ])
        expect(out).not.toContain(leak)
    }
  })

  it('a Location carrying the token whose DELETE fails: not in the leftovers file nor the report', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'verify-hostile-'))
    const { report } = await verifyThrough((method, path, token) => {
      if (method === 'POST' && path === '/api/notes' && token)
        return {
          status: 201,
          headers: { location: `/api/notes/9?access_token=${encodeURIComponent(TOKEN)}` },
        }
      if (method === 'DELETE') return { status: 500 }
      return undefined
    })
    expect(report.leftovers.length).toBe(1)
    const { writeLeftovers } = await import('../../src/verify/index.js')
    await writeLeftovers(join(dir, 'left.json'), report)
    for (const out of [JSON.stringify(report), await readFile(join(dir, 'left.json'), 'utf8')]) {
      expect(out).not.toContain('en-secret')
      expect(out).toContain('[redacted]')
    }
  })
})
