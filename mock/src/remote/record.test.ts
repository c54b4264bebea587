import { mkdtemp, readdir, readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { type LocalServer, listenLocal } from '../../test/listen-local.js'
import { runRecord } from '../cli/record.js'
import { runVerify } from '../cli/verify.js'

// `record` and `verify` through the one remote client: a redirect chain is counted, a server's
// text echoing a header is redacted, and a root that is no JSON object is an error of its own.

const SECRET = 'k3y/with space+plus'
const servers: LocalServer[] = []
afterAll(async () => {
  for (const server of servers) await server.close()
})

async function serve(handle: (request: IncomingMessage, response: ServerResponse) => void) {
  const server = await listenLocal(createServer(handle))
  servers.push(server)
  return server.origin
}

/** A command run in this process: its exit code and all it printed. */
async function run(
  command: (argv: readonly string[]) => Promise<number>,
  args: string[],
): Promise<{ code: number; out: string }> {
  const lines: string[] = []
  const keep = (...parts: unknown[]) => void lines.push(parts.join(' '))
  const spies = [
    vi.spyOn(console, 'log').mockImplementation(keep),
    vi.spyOn(console, 'error').mockImplementation(keep),
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk))
      return true
    }),
  ]
  try {
    return { code: await command(args), out: lines.join('\n') }
  } finally {
    for (const spy of spies) spy.mockRestore()
  }
}

const hal = (response: ServerResponse, body: unknown, status = 200) => {
  response.writeHead(status, { 'content-type': 'application/hal+json' })
  response.end(JSON.stringify(body))
}

describe('record through the remote client', () => {
  it('stops a chain of redirects at 10 hops, whatever --depth', async () => {
    let hops = 0
    const origin = await serve((request, response) => {
      if (request.url === '/')
        return hal(response, { _links: { self: { href: '/' }, loop: { href: '/r/0' } } })
      hops++
      const n = Number(request.url?.split('/')[2] ?? 0)
      response.writeHead(302, { location: `/r/${n + 1}` })
      response.end()
    })
    const dir = await mkdtemp(join(tmpdir(), 'record-hops-'))
    const { code, out } = await run(runRecord, [
      `${origin}/`,
      '--out',
      dir,
      '--depth',
      '2',
      '--quiet',
    ])
    expect(code).toBe(0)
    expect(out).toContain('more than 10 redirects in a row')
    expect(hops).toBe(11)
  })

  it('redacts a header a reason phrase or a link echoes, percent-encoded too', async () => {
    const origin = await serve((request, response) => {
      const key = String(request.headers['x-api-key'])
      if (request.url === '/') {
        return hal(response, {
          _links: { self: { href: '/' }, gone: { href: '/gone' }, notes: { href: '/notes' } },
        })
      }
      if (request.url === '/notes') {
        return hal(response, {
          _links: { self: { href: `/notes?key=${encodeURIComponent(key)}` } },
          echo: JSON.stringify(key),
        })
      }
      // Node writes a reason phrase as given: the server echoes the header in it.
      response.writeHead(404, `Not for ${key.replace(/[^\x20-\x7e]/g, '')}`)
      response.end()
    })
    const dir = await mkdtemp(join(tmpdir(), 'record-echo-'))
    const { out } = await run(runRecord, [
      `${origin}/`,
      '--out',
      dir,
      '--header',
      `X-Api-Key: ${SECRET}`,
      '--quiet',
    ])
    expect(out).toContain('Not reached:')
    const files = await Promise.all((await readdir(dir)).map((f) => readFile(join(dir, f), 'utf8')))
    for (const text of [out, ...files]) {
      expect(text).not.toContain(SECRET)
      expect(text).not.toContain(encodeURIComponent(SECRET))
    }
  })

  it.each([
    ['an array', '[]'],
    ['a string', '"api"'],
    ['null', 'null'],
  ])('a root that is JSON %s is an error, exit 2, for record and verify', async (_name, body) => {
    const origin = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/hal+json' })
      response.end(body)
    })
    const dir = await mkdtemp(join(tmpdir(), 'record-root-'))
    const recorded = await run(runRecord, [`${origin}/`, '--out', dir, '--quiet'])
    expect(recorded.code).toBe(2)
    expect(recorded.out).toContain('not a HAL document')
    const verified = await run(runVerify, [`${origin}/`, '--read-only', '--quiet'])
    expect(verified.code).toBe(2)
    expect(verified.out).toContain('not a HAL document')
  })
})
