import { readFile, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { type AddressInfo, createServer as createTcpServer } from 'node:net'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { BACKTRACKING, oddNamesServer } from '../../test/record/odd-names-server.js'
import { HAL, identity, outDir, REPLAY, replayOf, typecheck } from '../../test/record/replay.js'
import { runRecord } from '../cli/record.js'
import { printable } from '../remote/printable.js'
import { crawlApi, templateVariables } from './crawl.js'
import { inferShape, zodSource } from './infer/schema.js'
import { recordApi } from './record.js'
import { Redactor } from './redact.js'
import { backtracks } from './safe-regex.js'

// Servers that try to hold, crash or plant code in the recorder: each recording still ends, and
// writes what it could read.

const servers: Server[] = []
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections()
    await new Promise((done) => server.close(done))
  }
})

/** A real HTTP server on 127.0.0.1 (Node's fetch, its sockets and its garbage collection). */
async function serve(handle: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handle)
  servers.push(server)
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** A `record` run in this process: its exit code and what it printed. */
async function record(args: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = []
  const log = vi.spyOn(console, 'log').mockImplementation((...parts) => {
    lines.push(parts.join(' '))
  })
  const error = vi.spyOn(console, 'error').mockImplementation((...parts) => {
    lines.push(parts.join(' '))
  })
  try {
    const code = await runRecord(args)
    return { code, out: lines.join('\n') }
  } finally {
    log.mockRestore()
    error.mockRestore()
  }
}

const hal = (body: unknown) =>
  Response.json(body, { headers: { 'content-type': 'application/hal+json' } })

describe('a recording always ends', () => {
  it('cuts a body that stalls at --max-time, beside a 40 MB document, and writes what it read', async () => {
    const origin = await serve((request, response) => {
      if (request.url === '/') {
        response.setHeader('content-type', 'application/hal+json')
        response.end(
          JSON.stringify({
            _links: { self: { href: '/' }, stalls: { href: '/stalls' }, big: { href: '/big' } },
          }),
        )
      } else if (request.url === '/stalls') {
        // Headers that promise a gigabyte, 12 bytes, then nothing: the socket stays open.
        response.writeHead(200, {
          'content-type': 'application/hal+json',
          'content-length': '1000000000',
        })
        response.write('{"_links": {')
      } else if (request.url === '/big') {
        const items = Array.from({ length: 400_000 }, (_, n) => ({ n, name: `item ${n}` }))
        const body = JSON.stringify({ _links: { self: { href: '/big' } }, items })
        response.writeHead(200, { 'content-type': 'application/hal+json' })
        response.end(body)
      } else {
        response.writeHead(404).end()
      }
    })
    const dir = await outDir('stalls')
    const { code, out } = await record([`${origin}/`, '--out', dir, '--max-time', '3', '--quiet'])
    expect(out).toContain(`Not reached: ${origin}/stalls: past --max-time 3 s`)
    expect(code).toBe(0)
    expect(await readFile(join(dir, 'api.ts'), 'utf8')).toContain('defineHalApi')
  }, 60_000)

  it('takes a time past what a timer holds as no limit, not as none left', async () => {
    // An answer that takes a little while, as any over a network does.
    const api = async () => {
      await new Promise((resolve) => setTimeout(resolve, 50))
      return hal({ id: 1, _links: { self: { href: '/' } } })
    }
    const crawl = await crawlApi('http://time.test/', { fetch: api, time: 2 ** 40 })
    expect(crawl.unreached).toEqual([])
    expect(crawl.exchanges.has('http://time.test/')).toBe(true)
  })

  it('reports a document nested 100 000 deep, in `_embedded` or a member, and records the rest', async () => {
    const depth = 100_000
    const embedded =
      '{"_links":{"self":{"href":"/deep/0"}},"_embedded":{"d":['.repeat(depth) +
      '{}' +
      ']}}'.repeat(depth)
    const member = `{"id":1,"_links":{"self":{"href":"/member"}},"m":${'['.repeat(depth)}${']'.repeat(depth)}}`
    const api = async (request: Request) => {
      const { pathname } = new URL(request.url)
      const json = (text: string) =>
        new Response(text, { headers: { 'content-type': 'application/hal+json' } })
      if (pathname === '/') {
        return hal({
          _links: {
            self: { href: '/' },
            deep: { href: '/deep' },
            member: { href: '/member' },
            items: { href: '/items' },
          },
        })
      }
      if (pathname === '/deep') return json(embedded)
      if (pathname === '/member') return json(member)
      if (pathname === '/items') {
        return hal({
          _links: { self: { href: '/items' } },
          _embedded: { items: [{ id: 1, name: 'one', _links: { self: { href: '/items/1' } } }] },
        })
      }
      if (pathname === '/items/1') {
        return hal({ id: 1, name: 'one', _links: { self: { href: '/items/1' } } })
      }
      return new Response('', { status: 404 })
    }
    const recording = await recordApi('http://deep.test/', { fetch: api })
    expect(recording.model.collections.map((c) => c.name)).toEqual(['items'])
    const reason = 'nested deeper than 100 levels: not recorded'
    expect(recording.crawl.unreached).toEqual([
      { url: 'http://deep.test/deep', reason },
      { url: 'http://deep.test/member', reason },
    ])
  })

  it('infers the shape of a member nested 100 000 deep, to a bounded depth', () => {
    let value: unknown = 'leaf'
    for (let i = 0; i < 100_000; i++) value = { next: [value] }
    const source = zodSource(inferShape([value]))
    expect(source.match(/z\.array/g)).toHaveLength(50)
    expect(source).toContain('z.unknown()')
  })

  it('redacts a document nested 100 000 deep (a walk with a stack of its own)', () => {
    let doc: unknown = { password: 'planted-secret' }
    for (let i = 0; i < 100_000; i++) doc = { next: [doc] }
    const out = new Redactor().document(doc, '/deep')
    let inner: unknown = out
    for (let i = 0; i < 100_000; i++) inner = (inner as { next: unknown[] }).next[0]
    expect(inner).toEqual({ password: 'redacted-1' })
  })
})

describe('a long templated href costs time in proportion to its length', () => {
  const n = 200_000

  it('names the variables of a template of 200 000 `{`', () => {
    expect(templateVariables(`/a{b}${'{'.repeat(n)}`)).toEqual({ names: ['b'], inPath: true })
    expect(templateVariables(`/a${'{?'.repeat(n)}x}`).names).toHaveLength(1)
  })

  it('names them in the explorer too (the page script reads them itself)', async () => {
    const page = await readFile(
      join(import.meta.dirname, '../explorer/explorer-ui/explorer.js'),
      'utf8',
    )
    const start = page.indexOf('function templateVariables(template) {')
    const source = page.slice(start, page.indexOf('\n}\n', start) + 2)
    const read = new Function(`${source}; return templateVariables`)() as (
      template: string,
    ) => Map<string, boolean>
    expect([...read(`/a{b}${'{'.repeat(n)}`)]).toEqual([['b', true]])
    expect([...read('/blogs/{blogId}/articles{?pageIndex}')]).toEqual([
      ['blogId', true],
      ['pageIndex', false],
    ])
  })

  it('crawls past hrefs of 200 000 `{`, `{?` or `;`, templated or not', async () => {
    const hostile = [
      `/x${'{'.repeat(n)}`,
      `/x${'{?'.repeat(n)}`,
      `/x${'{'.repeat(n)}\n`,
      `/x?${';'.repeat(n)}`,
      `/x?a${'?a'.repeat(n)}`,
    ]
    const links: Record<string, unknown> = { self: { href: '/' }, items: { href: '/items' } }
    hostile.forEach((href, i) => {
      links[`t${i}`] = { href, templated: true }
      links[`u${i}`] = { href }
    })
    const api = async (request: Request) => {
      const { pathname } = new URL(request.url)
      if (pathname === '/') return hal({ _links: links })
      if (pathname === '/items') {
        return hal({
          _links: { self: { href: '/items' } },
          _embedded: { items: [{ id: 1, _links: { self: { href: '/items/1' } } }] },
        })
      }
      if (pathname === '/items/1') return hal({ id: 1, _links: { self: { href: '/items/1' } } })
      return new Response('', { status: 404 })
    }
    const recording = await recordApi('http://long.test/', { fetch: api })
    expect(recording.model.collections.map((c) => c.name)).toEqual(['items'])
  })
})

describe('a recording of odd names, numbers and forms loads, and type-checks under --strict', () => {
  const from = 'http://odd.test'

  it('names collections as the definition allows, keeps `__proto__` links, skips what it cannot keep', async () => {
    const recording = await recordApi(`${from}/`, { fetch: oddNamesServer })
    expect(recording.model.collections.map((c) => c.name).sort()).toEqual([
      'a_b',
      'a_b2',
      'it_ems',
      'line-items',
      'proto__',
      'sub-parts',
      'things',
    ])
    // An id past 2^53 is no record: reported, and its document served as recorded.
    expect(recording.crawl.unreached).toContainEqual({
      url: `${from}/big/12345678901234567890`,
      reason: 'an id past 2^53 (20 digits): no record, only a document',
    })
    // Ids numbered per parent: the first record of an id is kept, the others reported.
    expect(recording.crawl.unreached).toContainEqual({
      url: `${from}/line-items/2/sub-parts/1`,
      reason: `the id of ${from}/line-items/1/sub-parts/1 again: no record, only a document`,
    })
    expect(recording.files['api.ts']).toContain("param: 'lineItemId',")
    // A first page with `next` and no items says nothing of the page size.
    const things = recording.model.collections.find((c) => c.name === 'things')
    expect(things?.paging?.defaultSize).toBe(20)
    const api = recording.files['api.ts'] ?? ''
    // The server answers it 404: written, and nothing served there.
    expect(api).toContain(
      `['__proto__']: { href: (r: { id: number }) => \`/things/\${r.id}/p\`, served: false }`,
    )
    // No schema output holds `__proto__`: the replay shows it as the seed has it.
    expect(api).toContain(
      `represent: withMembers(JSON.parse('{"1":{"__proto__":"proto 1"},"2":{"__proto__":"proto 2"}}')),`,
    )
    expect(api).toContain("Not reproduced: the form's hint on status: its options do not hold")
    // Past 2^53: a number, never an integer (optional: the API's form does not require it).
    expect(api).toContain('huge: z.number().optional(),')

    const replay = await replayOf(recording, 'odd')
    // Each collection at the API's own segment, `$` and `__proto__` included, its items as
    // recorded; the documents of the id past 2^53 and of the ids again under another parent too.
    const { differ, same } = await identity(recording, replay, from, (url) =>
      /\/(it\$ems|a_b|a~b|__proto__|line-items\/\d\/sub-parts|big)\/\d+$/.test(url),
    )
    expect(differ).toEqual([])
    expect(same).toBe(13)
    const thing = await replay.handle(
      new Request(`${REPLAY}/things/1`, { headers: { accept: HAL } }),
    )
    const body = (await thing.json()) as { huge: number; _links: Record<string, unknown> }
    expect(body.huge).toBe(1e308)
    expect(Object.hasOwn(body, '__proto__')).toBe(true)
    expect(Object.getOwnPropertyDescriptor(body, '__proto__')?.value).toBe('proto 1')
    expect(Object.keys(body._links)).toEqual(['self', 'constructor', 'toString', '__proto__'])

    // The form's `^(a+)+$` is not enforced: a write that would backtrack for hours is answered.
    const put = await replay.handle(
      new Request(`${REPLAY}/things/1`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-access-token': 'mock-token' },
        body: JSON.stringify({ huge: 1, status: 'open', code: `${'a'.repeat(40)}!` }),
      }),
    )
    expect(put.status, await put.clone().text()).toBe(200)

    // The module passes `tsc --strict` (with the project's own settings, noUncheckedIndexedAccess…).
    const dir = await outDir('odd-tsc')
    for (const [name, text] of Object.entries(recording.files)) {
      await writeFile(join(dir, name), text)
    }
    const checked = await typecheck(dir, ['api.ts'])
    expect(checked).toBe('ok')
  }, 120_000)
})

describe('recorded patterns that could backtrack', () => {
  it('are told from those that cannot', () => {
    for (const bad of [BACKTRACKING, '(a*)*', '^(\\w+\\s?)*$', '(a{1,3}){2,}', '(?:x|y+)+']) {
      expect([bad, backtracks(bad)]).toEqual([bad, true])
    }
    for (const good of [
      '^\\d{3}-\\d{4}$',
      '^(\\d{3}-)?\\d{4}$',
      '(ab)+',
      '[(a+)+]',
      '^\\(a+\\)+$',
    ]) {
      expect([good, backtracks(good)]).toEqual([good, false])
    }
  })
})

describe('what the recorder prints', () => {
  it('escapes the controls of a reason phrase and a member name, which would act on the terminal', async () => {
    const ESC = '\u001b'
    const planted = `${ESC}]0;TITLE\u0007${ESC}[2J`
    // Raw HTTP: node:http refuses to send such a reason phrase, a hostile server need not.
    const tcp = createTcpServer((socket) => {
      socket.once('data', (chunk) => {
        const path = chunk.toString('latin1').split(' ')[1]
        const body = JSON.stringify({
          [`x_token${planted}`]: 's3cret-value',
          _links: { self: { href: '/' }, gone: { href: '/gone' } },
        })
        socket.end(
          path === '/'
            ? `HTTP/1.1 200 OK\r\ncontent-type: application/hal+json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`
            : `HTTP/1.1 404 ${planted}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`,
          'latin1',
        )
      })
    })
    await new Promise<void>((listening) => tcp.listen(0, '127.0.0.1', listening))
    const origin = `http://127.0.0.1:${(tcp.address() as AddressInfo).port}`
    try {
      const dir = await outDir('controls')
      const { code, out } = await record([`${origin}/`, '--out', dir, '--quiet'])
      expect(code).toBe(0)
      expect(out).not.toContain(ESC)
      expect(out).not.toContain('\u0007')
      expect(out).toContain(`Not reached: ${origin}/gone: 404 \\x1b]0;TITLE\\x07\\x1b[2J`)
      expect(out).toContain('Redacted: member x_token\\x1b]0;TITLE\\x07\\x1b[2J (')
      expect(await readFile(join(dir, 'api.ts'), 'utf8')).not.toContain(ESC)
    } finally {
      await new Promise((done) => tcp.close(done))
    }
  })

  it('prints any text on one line, controls escaped and a long one cut', () => {
    expect(printable('a\nb\r\u001b[2J\u009b\u202e\u2028ok')).toBe(
      'a\\nb\\r\\x1b[2J\\x9b\\u202e\\u2028ok',
    )
    expect(printable('x'.repeat(2005))).toBe(`${'x'.repeat(2000)}… (5 more characters)`)
  })
})
