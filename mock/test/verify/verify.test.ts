import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { StdUriTemplate } from '@std-uritemplate/std-uritemplate'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { createBlogApi } from '../../src/blog/index.js'
import { createMockServer, type MockServer } from '../../src/blog/shells/server.js'
import { runVerify } from '../../src/cli/verify.js'
import { defineCollection, defineHalApi, type HalApi } from '../../src/index.js'
import { recordApi } from '../../src/record/record.js'
import { createHalServer } from '../../src/shells/server/index.js'
import {
  cleanupLeftovers,
  formatReport,
  type VerifyReport,
  type VerifyRule,
  verifyApi,
  writeLeftovers,
} from '../../src/verify/index.js'
import { transportWarnings } from '../contract/connection.case.js'
import { packedBin, projectOf } from '../packed.js'
import { replayOf } from '../record/replay.js'
import { eachObject, type Mutation, mutatingProxy } from './mutating-proxy.js'
import { plainProxy } from './plain-proxy.js'
import { deletedStillRead } from './rule-mutants.js'

const blog = createBlogApi()
const TOKEN = 'dev-token'

/**
 * Deletes, on the server behind a proxy, the records a create without a token (or with a wrong
 * one) made: verify says them and leaves them, as what they name may be anyone's record.
 */
async function deleteProbed(report: VerifyReport, server: string): Promise<void> {
  for (const f of report.findings) {
    const named = /The record it names \((.+?)\) is left/.exec(f.message)?.[1]
    if (!f.rule.startsWith('auth') || named === undefined) continue
    const { pathname, search } = new URL(named)
    await fetch(new URL(`${pathname}${search}`, server), {
      method: 'DELETE',
      headers: { 'x-access-token': TOKEN },
    })
  }
}

/** The failures of a report, as `rule: message` lines (what an assertion shows when it fails). */
const failures = (report: VerifyReport) =>
  report.findings.filter((f) => f.severity === 'failure').map((f) => `${f.rule}: ${f.message}`)
const held = (report: VerifyReport, rule: VerifyRule) =>
  report.checks.filter((c) => c.rule === rule).reduce((n, c) => n + c.passed, 0)

describe('verify against correct servers', () => {
  it('finds no failure in the Blog API served by the mock, reading every page and writing', async () => {
    const server = await createMockServer({ port: 0, log: false, articles: 250 })
    try {
      const report = await verifyApi({ url: server.url, api: blog, token: TOKEN })
      expect(failures(report)).toEqual([])
      expect(report.warnings).toBe(0)
      // The checks ran: pages followed by next, records created, refused, replaced and deleted.
      for (const rule of [
        'page.next',
        'page.totals',
        'record.schema',
        'create',
        'invalid-body',
        'if-match',
        'patch',
        'delete',
        'auth',
        'forms',
        'allow',
        'curies',
      ] as const) {
        expect(held(report, rule), rule).toBeGreaterThan(0)
      }
      expect(report.created).toBeGreaterThan(0)
      expect(report.leftovers).toEqual([])
    } finally {
      await server.close()
    }
  })

  it('finds no failure in the Blog API behind a plain node:http proxy, which answers unparsable bytes itself', async () => {
    const server = await createMockServer({ port: 0, log: false })
    const proxy = await plainProxy(server.url)
    try {
      const report = await verifyApi({ url: `${proxy.origin}/api/v1.2`, api: blog, token: TOKEN })
      expect(failures(report)).toEqual([])
      expect(held(report, 'create')).toBeGreaterThan(0)
      // The transport cases, as a run against another server makes them: warnings only, and none.
      expect(await transportWarnings(proxy.origin, '/api/v1.2')).toEqual([])
    } finally {
      await proxy.close()
      await server.close()
    }
  })

  it('reads the Blog by the links its recorded root has, though the recording declares none of them', async () => {
    const server = await createMockServer({ port: 0, log: false, articles: 30 })
    try {
      const recorded = await replayOf(await recordApi(server.url, { records: 60 }), 'verify-blog')
      const report = await verifyApi({ url: server.url, api: recorded, readOnly: true })
      expect(failures(report)).toEqual([])
      // The recorded root is a document of its own: its "doc:blog" link is followed all the same.
      for (const collection of ['blogs', 'articles', 'comments']) {
        const read = report.checks.filter(
          (c) => c.collection === collection && c.rule === 'record.schema',
        )
        expect(
          read.reduce((n, c) => n + c.passed, 0),
          collection,
        ).toBeGreaterThan(0)
      }
    } finally {
      await server.close()
    }
  })

  it('finds no failure in a nested API with relations, reverse links and the standard pages', async () => {
    const api = defineHalApi({
      basePath: '/api',
      title: 'Library',
      tokens: ['lib-token'],
      curies: [{ name: 'lib', href: '/rels/{rel}' }],
      collections: {
        authors: defineCollection({
          schema: z.strictObject({ name: z.string().min(1).max(50) }),
          seed: Array.from({ length: 5 }, (_, i) => ({ name: `Author ${i + 1}` })),
        }),
        books: defineCollection({
          schema: z.strictObject({
            authorId: z.number().int().positive(),
            title: z.string().min(1),
            year: z.number().int().min(1450).max(2100).optional(),
          }),
          parent: { collection: 'authors', member: 'authorId', rel: 'lib:books' },
          param: 'bookId',
          // A nested create template named apart from the author's own (`default`, replace).
          templates: { create: 'createBook' },
          seed: Array.from({ length: 45 }, (_, i) => ({
            authorId: 1 + (i % 2),
            title: `Book ${i + 1}`,
          })),
        }),
        reviews: defineCollection({
          schema: z.strictObject({
            bookId: z.number().int().positive(),
            stars: z.number().int().min(1).max(5),
          }),
          seed: Array.from({ length: 30 }, (_, i) => ({ bookId: 1 + (i % 3), stars: 1 + (i % 5) })),
          links: { book: { to: 'books', id: (r) => r.bookId, reverse: 'reviews' } },
          paging: { page: 'p', size: 'n', firstIndex: 1, defaultSize: 7, maxSize: 12 },
        }),
      },
    })
    const server = await createHalServer(api, { port: 0, log: false })
    try {
      const report = await verifyApi({ url: server.url, api, token: 'lib-token' })
      expect(failures(report)).toEqual([])
      expect(report.warnings).toBe(0)
      expect(held(report, 'page.next')).toBeGreaterThan(0)
      expect(
        report.checks
          .filter((c) => c.rule === 'create')
          .map((c) => c.collection)
          .sort(),
      ).toEqual(['authors', 'books', 'reviews'])
    } finally {
      await server.close()
    }
  })

  it('reads a page of back links to a nested collection as one without a create template', async () => {
    // People come first: the first page of members verify reads is a person's memberships.
    const api = defineHalApi({
      basePath: '/api',
      tokens: ['dev-token'],
      collections: {
        people: defineCollection({
          schema: z.strictObject({ name: z.string() }),
          seed: [{ name: 'Ada' }, { name: 'Grace' }],
        }),
        teams: defineCollection({
          schema: z.strictObject({ name: z.string() }),
          seed: [{ name: 'Core' }],
          param: 'teamId',
        }),
        members: defineCollection({
          schema: z.strictObject({ teamId: z.number().int(), personId: z.number().int() }),
          parent: { collection: 'teams', member: 'teamId' },
          param: 'memberId',
          links: { person: { to: 'people', id: (m) => m.personId, reverse: 'memberships' } },
          seed: [{ teamId: 1, personId: 1 }],
        }),
      },
    })
    const server = await createHalServer(api, { port: 0, log: false })
    try {
      const report = await verifyApi({ url: server.url, api, token: 'dev-token' })
      expect(failures(report)).toEqual([])
      // The members' create template is still checked, on a list of a team.
      expect(
        report.checks.some((c) => c.collection === 'members' && c.rule === 'forms' && c.passed > 1),
      ).toBe(true)
    } finally {
      await server.close()
    }
  })

  it('leaves every document of the Blog with 1 000 articles as it found it', async () => {
    const server = await createMockServer({ port: 0, log: false, articles: 1000 })
    try {
      const before = await documents(server.url)
      const report = await verifyApi({ url: server.url, api: blog, token: TOKEN })
      expect(failures(report)).toEqual([])
      expect(report.created).toBeGreaterThan(0)
      const after = await documents(server.url)
      expect(before.size).toBeGreaterThan(100)
      expect(after).toEqual(before)
    } finally {
      await server.close()
    }
  }, 120_000)
})

/** Every document reachable from a root by its links (templates expanded empty), by URL. */
async function documents(root: string): Promise<Map<string, unknown>> {
  const origin = new URL(root).origin
  const found = new Map<string, unknown>()
  // The Blog's root links its blogs by a template of their id.
  const queue = [root, `${root}/blogs/1`, `${root}/blogs/2`]
  while (queue.length > 0 && found.size < 20_000) {
    const url = queue.shift() as string
    if (found.has(url)) continue
    const response = await fetch(url, { headers: { accept: 'application/hal+json' } })
    const body = /json/.test(response.headers.get('content-type') ?? '')
      ? await response.json()
      : await response.text()
    found.set(url, { status: response.status, body })
    eachObject(body, (object) => {
      if (typeof object.href !== 'string') return
      const href = object.templated === true ? StdUriTemplate.expand(object.href, {}) : object.href
      if (href.startsWith(origin) && !found.has(href) && !href.includes('{')) queue.push(href)
    })
  }
  return found
}

describe('verify catches a server that breaks one rule', () => {
  let server: MockServer
  beforeAll(async () => {
    server = await createMockServer({ port: 0, log: false, articles: 250 })
  })
  afterAll(() => server.close())

  /** Objects of a document that are records (an id and links). */
  const records = (body: unknown, visit: (record: Record<string, unknown>) => void) =>
    eachObject(body, (o) => {
      if (typeof o.id === 'number' && typeof o._links === 'object') visit(o)
    })
  const mutants: [string, VerifyRule, Mutation][] = [
    ['a dropped ETag', 'validators.etag', { answer: (a) => void delete a.headers.etag }],
    ['an ignored If-Match', 'if-match', { request: (_m, _p, h) => void delete h['if-match'] }],
    [
      '200 for a create',
      'create',
      {
        answer: (a) => {
          if (a.method === 'POST' && a.status === 201) a.status = 200
        },
      },
    ],
    [
      'a wrong self',
      'record.self',
      {
        answer: (a) =>
          records(a.body, (r) => {
            const self = (r._links as { self?: { href: string } }).self
            if (self) self.href = self.href.replace(/\/(\d+)$/, (_, id) => `/${Number(id) + 1000}`)
          }),
      },
    ],
    [
      'a relative self',
      'record.self',
      {
        answer: (a) =>
          records(a.body, (r) => {
            const self = (r._links as { self?: { href: string } }).self
            if (self) self.href = new URL(self.href).pathname
          }),
      },
    ],
    [
      'a renamed rel',
      'record.links',
      {
        answer: (a) =>
          eachObject(a.body, (o) => {
            const links = o._links as Record<string, unknown> | undefined
            if (links?.['doc:articles']) {
              links['doc:posts'] = links['doc:articles']
              delete links['doc:articles']
            }
          }),
      },
    ],
    [
      'a member of another type',
      'record.schema',
      {
        answer: (a) =>
          records(a.body, (r) => {
            if ('title' in r) r.title = 7
          }),
      },
    ],
    [
      'a missing required member',
      'record.schema',
      { answer: (a) => records(a.body, (r) => void delete r.title) },
    ],
    [
      'next skipping a page',
      'page.next',
      {
        answer: (a) =>
          eachObject(a.body, (o) => {
            for (const rel of ['next', 'nextPage']) {
              const link = o[rel] as { href?: string } | undefined
              if (typeof link?.href === 'string')
                link.href = link.href.replace(
                  /pageIndex=(\d+)/,
                  (_, n) => `pageIndex=${Number(n) + 1}`,
                )
            }
          }),
      },
    ],
    [
      'totals off by one',
      'page.totals',
      {
        answer: (a) =>
          eachObject(a.body, (o) => {
            if (typeof o.totalArticles === 'number') o.totalArticles++
          }),
      },
    ],
    [
      '422 answered as 400',
      'invalid-body',
      {
        answer: (a) => {
          if (a.status === 422) a.status = 400
        },
      },
    ],
    [
      '422 answered as 500',
      'invalid-body',
      {
        answer: (a) => {
          if (a.status === 422) a.status = 500
        },
      },
    ],
    [
      'a write accepted without a token',
      'auth',
      {
        request: (method, _p, h) => {
          if (method !== 'GET' && method !== 'HEAD' && h['x-access-token'] === undefined)
            h['x-access-token'] = TOKEN
        },
      },
    ],
    ['a deleted record still readable', 'delete.gone', deletedStillRead()],
  ]

  it.each(mutants)('%s fails %s', async (_name, rule, mutation) => {
    const proxy = await mutatingProxy(server.url, mutation)
    try {
      const url = `${proxy.origin}${new URL(server.url).pathname}`
      const report = await verifyApi({ url, api: blog, token: TOKEN })
      await deleteProbed(report, server.url)
      expect(report.ok).toBe(false)
      expect(report.findings.filter((f) => f.severity === 'failure').map((f) => f.rule)).toContain(
        rule,
      )
    } finally {
      await proxy.close()
    }
    // Whatever the mutant did, what verify created is gone from the real server (a create the
    // server took without a token verify leaves: deleteProbed did).
    const page = await fetch(`${server.url}/blogs/1/articles?pageIndex=3&pageSize=100`).then((r) =>
      r.json(),
    )
    expect(page.totalArticles).toBe(250)
  })

  it('says a document that uses CURIE rels without its CURIEs once', async () => {
    const proxy = await mutatingProxy(server.url, {
      answer: (a) => {
        const links = (a.body as { _links?: Record<string, unknown> } | null)?._links
        if (a.path.endsWith('/blogs/1/articles/1') && links) delete links.curies
      },
    })
    try {
      const url = `${proxy.origin}${new URL(server.url).pathname}`
      const report = await verifyApi({ url, api: blog, token: TOKEN, readOnly: true })
      const said = failures(report).filter((f) => f.startsWith('curies:'))
      expect(said).toEqual([
        expect.stringMatching(/articles\/1 uses "doc:" rels without its CURIE/),
      ])
    } finally {
      await proxy.close()
    }
  })

  it('fails reads that say nothing of their freshness, unless cache-control is skipped', async () => {
    const proxy = await mutatingProxy(server.url, {
      answer: (a) => {
        delete a.headers['cache-control']
      },
    })
    try {
      const url = `${proxy.origin}${new URL(server.url).pathname}`
      const report = await verifyApi({ url, api: blog, token: TOKEN, readOnly: true })
      expect(failures(report)).toContainEqual(
        expect.stringMatching(/^cache-control: .* has no Cache-Control/),
      )
      const skipped = await verifyApi({
        url,
        api: blog,
        token: TOKEN,
        readOnly: true,
        skip: ['cache-control'],
      })
      expect(failures(skipped)).toEqual([])
      expect(skipped.skipped).toEqual([{ rule: 'cache-control', reason: 'skipped by --skip' }])
      expect(
        skipped.rules.filter((r) => r.rule === 'cache-control').map((r) => r.status),
      ).toContain('skipped')
    } finally {
      await proxy.close()
    }
  })

  it('deletes what it created when stopped, and lists what it could not delete for --cleanup', async () => {
    const controller = new AbortController()
    const refuse = { deletes: true }
    const proxy = await mutatingProxy(server.url, {
      answer: (a) => {
        if (a.method === 'POST' && a.status === 201) controller.abort()
        if (a.method === 'DELETE' && refuse.deletes) a.status = 500
      },
    })
    const url = `${proxy.origin}${new URL(server.url).pathname}`
    try {
      const report = await verifyApi({ url, api: blog, token: TOKEN, signal: controller.signal })
      expect(report.stopped).toBe('stopped by a signal')
      expect(report.leftovers).toHaveLength(1)
      expect(failures(report).some((f) => f.startsWith('cleanup:'))).toBe(true)
      const file = join(await mkdtemp(join(tmpdir(), 'verify-')), 'leftovers.json')
      await writeLeftovers(file, report)
      expect(await readFile(file, 'utf8')).not.toContain(TOKEN)
      refuse.deletes = false
      const cleaned = await cleanupLeftovers(file, { api: blog, token: TOKEN })
      expect(cleaned).toEqual({ url, deleted: report.leftovers, left: [] })
      expect((await fetch(report.leftovers[0] as string)).status).toBe(404)
    } finally {
      await proxy.close()
    }
  })
})

describe('verify catches a shop server that breaks one rule', () => {
  // The shop of examples/shop (another TypeScript project: loaded by path).
  const example = new URL('../../../examples/shop/api.ts', import.meta.url).href
  let shop: HalApi
  let server: Awaited<ReturnType<typeof createHalServer>>
  beforeAll(async () => {
    shop = ((await import(example)) as { default: HalApi }).default
    server = await createHalServer(shop, { port: 0, log: false })
  })
  afterAll(() => server.close())

  const mutants: [string, VerifyRule, Mutation][] = [
    [
      'totals off by one',
      'page.totals',
      {
        answer: (a) =>
          eachObject(a.body, (o) => {
            if (typeof o.totalElements === 'number') o.totalElements++
          }),
      },
    ],
    [
      'next skipping a page',
      'page.next',
      {
        answer: (a) =>
          eachObject(a.body, (o) => {
            const next = o.next as { href?: string } | undefined
            if (typeof next?.href === 'string')
              next.href = next.href.replace(/page=(\d+)/, (_, n) => `page=${Number(n) + 1}`)
          }),
      },
    ],
    [
      'an embedded product whose price is text',
      'record.schema',
      {
        answer: (a) =>
          eachObject(a.body, (o) => {
            if (typeof o.price === 'number') o.price = String(o.price)
          }),
      },
    ],
    [
      'a customer link to a product',
      'record.links',
      {
        answer: (a) =>
          eachObject(a.body, (o) => {
            const customer = o.customer as { href?: string } | undefined
            if (typeof customer?.href === 'string')
              customer.href = customer.href.replace('/customers/', '/products/')
          }),
      },
    ],
    [
      'an unacceptable Accept answered 200',
      'not-acceptable',
      {
        answer: (a) => {
          if (a.status === 406) a.status = 200
        },
      },
    ],
    [
      'If-None-Match ignored',
      'validators.not-modified',
      { request: (_m, _p, h) => void delete h['if-none-match'] },
    ],
    [
      'HEAD not answered',
      'head',
      {
        answer: (a) => {
          if (a.method === 'HEAD') a.status = 404
        },
      },
    ],
    [
      'Allow without DELETE',
      'allow',
      {
        answer: (a) => {
          if (a.headers.allow) a.headers.allow = a.headers.allow.replace(', DELETE', '')
        },
      },
    ],
    [
      'no HAL-FORMS templates',
      'forms',
      {
        answer: (a) =>
          eachObject(a.body, (o) => {
            delete o._templates
          }),
      },
    ],
    [
      'HAL answered as plain JSON',
      'media-type',
      {
        answer: (a) => {
          if (a.headers['content-type']?.startsWith('application/hal+json'))
            a.headers['content-type'] = 'application/json'
        },
      },
    ],
    [
      'a 422 as plain JSON, no problem',
      'invalid-body',
      {
        answer: (a) => {
          if (a.status === 422) a.headers['content-type'] = 'application/json'
        },
      },
    ],
    [
      'JSON Patch refused',
      'patch',
      {
        answer: (a) => {
          if (a.method === 'PATCH' && a.request['content-type'] === 'application/json-patch+json')
            a.status = 415
        },
      },
    ],
    [
      'a wrong token accepted',
      'auth.unknown-token',
      {
        request: (_m, _p, h) => {
          if (h['x-access-token'] === 'halyard-verify-wrong-token') h['x-access-token'] = TOKEN
        },
      },
    ],
  ]

  it.each(mutants)('%s fails %s', async (_name, rule, mutation) => {
    const proxy = await mutatingProxy(server.url, mutation)
    try {
      const url = `${proxy.origin}${new URL(server.url).pathname}`
      const report = await verifyApi({ url, api: shop, token: TOKEN })
      await deleteProbed(report, server.url)
      expect(report.findings.filter((f) => f.severity === 'failure').map((f) => f.rule)).toContain(
        rule,
      )
    } finally {
      await proxy.close()
    }
    // What verify created is gone from the real server (a create the server took with a wrong
    // token verify leaves: deleteProbed did).
    const orders = await fetch(`${server.url}/orders`).then((r) => r.json())
    expect(orders.page.totalElements).toBe(120)
  })
})

describe('halyard-mock verify', () => {
  let server: MockServer
  /** The `halyard-mock` of the packed tarball, installed outside the repository. */
  let bin = ''
  beforeAll(async () => {
    server = await createMockServer({ port: 0, log: false })
    // Before the cases: the first caller of a run packs and installs, longer than a case may take.
    bin = await packedBin()
  }, 300_000)
  afterAll(() => server.close())

  /** Runs the command in process: its exit code and what it printed. */
  async function run(...argv: string[]) {
    let stdout = ''
    let stderr = ''
    const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      stdout += String(chunk)
      return true
    })
    const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      stderr += String(chunk)
      return true
    })
    const log = vi.spyOn(console, 'log').mockImplementation((...a) => {
      stdout += `${a.join(' ')}\n`
    })
    const error = vi.spyOn(console, 'error').mockImplementation((...a) => {
      stderr += `${a.join(' ')}\n`
    })
    try {
      const code = await runVerify(argv)
      return { code, stdout, stderr }
    } finally {
      for (const spy of [out, err, log, error]) spy.mockRestore()
    }
  }

  it('checks the Blog API by default, with the token from the environment, never printing it', async () => {
    process.env.VERIFY_TEST_TOKEN = TOKEN
    try {
      const { code, stdout, stderr } = await run(
        server.url,
        '--token-env',
        'VERIFY_TEST_TOKEN',
        '--reporter',
        'json',
      )
      expect(code).toBe(0)
      const report = JSON.parse(stdout) as VerifyReport
      expect(report.title).toBe('Blog API v1.2')
      expect(report.created).toBeGreaterThan(0)
      expect(stdout + stderr).not.toContain(TOKEN)
      // Not a terminal: the progress line is whole lines.
      expect(stderr).toMatch(/^verify: \d+ requests?,/)
    } finally {
      delete process.env.VERIFY_TEST_TOKEN
    }
  })

  it('passes without a token, warning that writes with one were not checked', async () => {
    const { code, stdout } = await run(server.url, '--quiet')
    expect(code).toBe(0)
    expect(stdout).toContain('WARN No token given')
    expect(stdout).toContain('✓ auth')
  })

  it('takes the token from a command, never printing it', async () => {
    const { code, stdout, stderr } = await run(
      server.url,
      '--token-command',
      `echo ${TOKEN}`,
      '--reporter',
      'json',
      '--quiet',
    )
    expect(code).toBe(0)
    expect((JSON.parse(stdout) as VerifyReport).created).toBeGreaterThan(0)
    expect(stdout + stderr).not.toContain(TOKEN)
  })

  it('writes nothing with --read-only, and reports in JUnit', async () => {
    const { code, stdout } = await run(server.url, '--read-only', '--reporter', 'junit', '--quiet')
    expect(code).toBe(0)
    expect(stdout).toMatch(/^<\?xml/)
    expect(stdout).toContain('<testcase classname="articles" name="page.totals">')
    expect(stdout).not.toContain('name="create"')
  })

  it('exits 1 with a human report naming the rule when the server breaks one', async () => {
    const proxy = await mutatingProxy(server.url, { answer: (a) => void delete a.headers.etag })
    try {
      const url = `${proxy.origin}${new URL(server.url).pathname}`
      const { code, stdout } = await run(url, '--read-only', '--quiet')
      expect(code).toBe(1)
      expect(stdout).toContain('✗ validators.etag')
      expect(stdout).toMatch(/FAIL .* has no ETag\.\n\s+request: GET http/)
    } finally {
      await proxy.close()
    }
  })

  it('deletes what it created on Ctrl-C, then exits 130', async () => {
    let child: ChildProcess | undefined
    // Ctrl-C the moment a record exists on the server.
    const proxy = await mutatingProxy(server.url, {
      answer: (a) => {
        if (a.method === 'POST' && a.status === 201) child?.kill('SIGINT')
      },
    })
    try {
      const url = `${proxy.origin}${new URL(server.url).pathname}`
      child = spawn(bin, ['verify', url, '--token-env', 'VERIFY_TEST_TOKEN', '--quiet'], {
        cwd: projectOf(bin),
        env: { ...process.env, VERIFY_TEST_TOKEN: TOKEN },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let stderr = ''
      child.stderr?.on('data', (chunk) => {
        stderr += chunk
      })
      const code = await new Promise((resolve) => child?.on('exit', resolve))
      expect(stderr).toContain('stopping, deleting the records it created')
      expect(code).toBe(130)
      const page = await fetch(`${server.url}/blogs/1/articles`).then((r) => r.json())
      expect(page.totalArticles).toBe(42)
    } finally {
      child?.kill()
      await proxy.close()
    }
  }, 30_000)

  it('stops at --max-requests, deleting what it created, and says so', async () => {
    const whole = await verifyApi({ url: server.url, api: blog, token: TOKEN })
    // A few requests short of a whole run: stopped among its writes, after the create.
    const maxRequests = whole.requests - 4
    const report = await verifyApi({ url: server.url, api: blog, token: TOKEN, maxRequests })
    expect(report.stopped).toBe(`reached --max-requests ${maxRequests}`)
    expect(report.created).toBe(1)
    expect(report.leftovers).toEqual([])
    expect(report.findings).toContainEqual(
      expect.objectContaining({ rule: 'bounds', severity: 'warning' }),
    )
    const page = await fetch(`${server.url}/blogs/1/articles`).then((r) => r.json())
    expect(page.totalArticles).toBe(42)
  })

  it("posts to the --reset URL as JSON before the run, which restores the mock server's seed", async () => {
    const title = async () =>
      ((await fetch(`${server.url}/blogs/1/articles/1`).then((r) => r.json())) as { title: string })
        .title
    const seeded = await title()
    await server.api.db.articles.update((q) => q.where({ id: 1 }), {
      data(article) {
        article.title = 'Changed by the test'
      },
    })
    expect(await title()).toBe('Changed by the test')
    const { code, stdout } = await run(
      server.url,
      '--read-only',
      '--quiet',
      '--reporter',
      'json',
      '--reset',
      `${server.origin}/__admin/reset`,
    )
    expect(code).toBe(0)
    expect((JSON.parse(stdout) as VerifyReport).stopped).toBeUndefined()
    expect(await title()).toBe(seeded)
  })

  it('stops, saying why, when the --reset URL does not answer 2xx', async () => {
    const { stdout } = await run(
      server.url,
      '--read-only',
      '--quiet',
      '--reporter',
      'json',
      '--reset',
      `${server.origin}/__admin/nowhere`,
    )
    expect((JSON.parse(stdout) as VerifyReport).stopped).toBe(
      `the reset POST ${server.origin}/__admin/nowhere answered 404`,
    )
  })

  it('sends at most --rate requests per second: at 1, two in a run of --max-time 1', async () => {
    // Counted, not timed: unlimited, the same second holds hundreds of requests to this server.
    const { stdout } = await run(
      server.url,
      '--read-only',
      '--quiet',
      '--reporter',
      'json',
      '--rate',
      '1',
      '--max-time',
      '1',
    )
    const report = JSON.parse(stdout) as VerifyReport
    expect(report.stopped).toBe('reached --max-time 1 s')
    expect(report.requests).toBeLessThanOrEqual(2)
  })

  it('--cleanup deletes what it can, counts it, and keeps the API URL in the file it rewrites', async () => {
    const created = await fetch(`${server.url}/blogs/1/articles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': TOKEN },
      body: JSON.stringify({ title: 'Left behind', content: 'By a run stopped short.' }),
    })
    const record = created.headers.get('location') as string
    // The root takes no DELETE: it stays listed.
    const file = join(await mkdtemp(join(tmpdir(), 'verify-')), 'leftovers.json')
    await writeLeftovers(file, { url: server.url, leftovers: [record, server.url] })
    process.env.VERIFY_TEST_TOKEN = TOKEN
    try {
      const { code, stdout } = await run('--cleanup', file, '--token-env', 'VERIFY_TEST_TOKEN')
      expect(code).toBe(1)
      expect(stdout).toContain('Deleted 1 record; 1 left.')
    } finally {
      delete process.env.VERIFY_TEST_TOKEN
    }
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      url: server.url,
      records: [server.url],
    })
  })

  it('exits 2 on a usage mistake', async () => {
    expect((await run('not-a-url')).code).toBe(2)
    expect((await run(server.url, '--reporter', 'xml')).code).toBe(2)
    expect((await run(server.url, '--token-env', 'VERIFY_TEST_NO_SUCH_VARIABLE')).code).toBe(2)
    expect((await run()).code).toBe(2)
  })

  it('refuses a --skip naming no rule, listing close names', async () => {
    const { code, stderr } = await run(server.url, '--skip', 'page.nxt')
    expect(code).toBe(2)
    expect(stderr).toContain('--skip: there is no rule "page.nxt"; close names: page.next')
  })

  it('lists the rules of a definition, each with the statement of the model it comes from', async () => {
    const { code, stdout } = await run('--list-rules')
    expect(code).toBe(0)
    expect(stdout).toContain('The rules of Blog API v1.2')
    expect(stdout).toMatch(
      /page\.next\.absent-on-last: the last page links no next page\n\s+from: the last page has nothing at \/_link\/nextPage and \/_links\/next/,
    )
    expect(stdout).toContain(
      'auth.forbidden: a write with a known token that may not write gets 403',
    )
  })

  it('skips a rule by --skip, and lists it as skipped in the human, JSON and JUnit reports', async () => {
    const proxy = await mutatingProxy(server.url, { answer: (a) => void delete a.headers.vary })
    try {
      const url = `${proxy.origin}${new URL(server.url).pathname}`
      expect((await run(url, '--read-only', '--quiet')).code).toBe(1)
      const human = await run(url, '--read-only', '--quiet', '--skip', 'vary')
      expect(human.code).toBe(0)
      expect(human.stdout).toContain('Skipped (1):\n  - vary: skipped by --skip')
      const json = await run(url, '--read-only', '--quiet', '--skip', 'vary', '--reporter', 'json')
      expect((JSON.parse(json.stdout) as VerifyReport).skipped).toEqual([
        { rule: 'vary', reason: 'skipped by --skip' },
      ])
      const junit = await run(
        url,
        '--read-only',
        '--quiet',
        '--skip',
        'vary',
        '--reporter',
        'junit',
      )
      expect(junit.stdout).toContain(
        '<testcase classname="articles" name="vary"><skipped message="skipped by --skip"/></testcase>',
      )
      // A CI reads the counts: every test case written is counted, the skipped ones as skipped.
      const top = /<testsuites [^>]*tests="(\d+)"[^>]*skipped="(\d+)"/.exec(junit.stdout)
      expect(Number(top?.[1])).toBe(junit.stdout.match(/<testcase /g)?.length)
      expect(Number(top?.[2])).toBe(junit.stdout.match(/<skipped /g)?.length)
    } finally {
      await proxy.close()
    }
  })
})

describe('verify and a definition’s promises', () => {
  it('says which rules a promise switches off, and still checks 401, 412 and 422 a promise does not name', async () => {
    const server = await createMockServer({ port: 0, log: false, articles: 5 })
    try {
      const promising = {
        ...blog.definition,
        promises: { preconditions: false, skip: ['auth.forbidden'] },
      }
      const report = await verifyApi({ url: server.url, api: promising, token: TOKEN })
      expect(failures(report)).toEqual([])
      expect(report.skipped).toEqual([
        { rule: 'auth.forbidden', reason: 'skipped by the definition’s promises.skip' },
        { rule: 'if-match', reason: 'the definition’s promises.preconditions is false' },
        { rule: 'if-unmodified-since', reason: 'the definition’s promises.preconditions is false' },
      ])
      expect(formatReport(report)).toContain(
        '- if-match: the definition’s promises.preconditions is false',
      )
      // 401 and 422 are checked all the same: the promise names neither.
      expect(held(report, 'auth')).toBeGreaterThan(0)
      expect(held(report, 'invalid-body')).toBeGreaterThan(0)
      expect(held(report, 'if-match')).toBe(0)
    } finally {
      await server.close()
    }
  })

  it('reports a rule it never got to check as not checked, never as held', async () => {
    const server = await createMockServer({ port: 0, log: false, articles: 5 })
    try {
      // Without a token no write with one is made: those rules are not checked.
      const report = await verifyApi({ url: server.url, api: blog })
      const status = (rule: VerifyRule) =>
        report.rules.find((r) => r.collection === 'articles' && r.rule === rule)?.status
      expect(status('create.location')).toBe('not checked')
      expect(status('replace.removes')).toBe('not checked')
      expect(status('auth')).toBe('held')
      expect(formatReport(report)).toMatch(
        /Not checked \(\d+\)[^\n]*\n(.*\n)* {2}\? articles create\.location/,
      )
    } finally {
      await server.close()
    }
  })
})
