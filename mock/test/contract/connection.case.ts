import type { Socket } from 'node:net'
import { describe, expect, it } from 'vitest'

/** One request node:http cannot parse, as it arrives on the wire. */
interface Unparsable {
  readonly name: string
  readonly wire: (host: string) => string
}

/**
 * Requests node:http cannot parse. Sent after a good request on the same kept-alive connection,
 * or pipelined behind one, they once took the server down (its `clientError` listener read the
 * finished response of the first request).
 */
export const UNPARSABLE: readonly Unparsable[] = [
  {
    name: 'headers too large',
    wire: (host) => `GET /?q=${'a'.repeat(70_000)} HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
  },
  {
    name: 'one header over 16 KB',
    wire: (host) => `GET / HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
  },
  {
    name: 'a bad chunk',
    wire: (host) =>
      `POST / HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
  },
  { name: 'a bad method token', wire: (host) => `G(E)T / HTTP/1.1\r\nHost: ${host}\r\n\r\n` },
  { name: 'garbage', wire: () => '\u0000\u0001\u0002 not http at all\r\n\r\n' },
  { name: 'a bad version', wire: (host) => `GET / HTTP/9.7\r\nHost: ${host}\r\n\r\n` },
  {
    name: 'conflicting lengths',
    wire: (host) =>
      `POST / HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 2\r\nContent-Length: 5\r\n\r\n{}`,
  },
  {
    name: 'a length beside chunked',
    wire: (host) =>
      `POST / HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
  },
  {
    name: 'a cut-off request',
    wire: (host) => `POST / HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 100\r\n\r\n{"a":`,
  },
]

/**
 * What one connection received before the server closed it (or `ms` passed): each chunk is sent
 * once the answer before it has arrived, and the last one ends the client's side.
 */
async function exchange(origin: string, chunks: readonly string[], ms = 5_000): Promise<string> {
  // Loaded here: the suite also runs in a browser, where these cases are not registered.
  const [{ connect: connectTcp }, { connect: connectTls }] = await Promise.all([
    import('node:net'),
    import('node:tls'),
  ])
  const url = new URL(origin)
  const https = url.protocol === 'https:'
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const port = Number(url.port || (https ? 443 : 80))
  const pending = [...chunks]
  return new Promise((resolve) => {
    const socket: Socket = https
      ? connectTls({ host, port, servername: host })
      : connectTcp({ host, port })
    let received = ''
    const done = () => {
      clearTimeout(timer)
      socket.destroy()
      resolve(received)
    }
    const timer = setTimeout(done, ms)
    const send = () => {
      const next = pending.shift()
      if (next === undefined) return
      socket.write(next)
      if (pending.length === 0) socket.end()
    }
    socket.setEncoding('utf8')
    socket.on('data', (text: string) => {
      received += text
      if (pending.length > 0 && received.includes('\r\n\r\n')) send()
    })
    socket.on('error', done)
    socket.on('close', done)
    socket.once(https ? 'secureConnect' : 'connect', send)
  })
}

/**
 * Every unparsable request after a good one on one connection, and pipelined behind one, against
 * the server at `origin()`: the good request is answered, and the server answers a new connection
 * afterwards. `path` is a resource that answers a plain GET with 200.
 *
 * @example
 * connectionCases(() => server.origin, '/api/v1.2/blogs/1')
 */
export function connectionCases(origin: () => string, path: string): void {
  const good = (host: string) => `GET ${path} HTTP/1.1\r\nHost: ${host}\r\n\r\n`
  const modes = [
    ['after a good request', (head: string, bad: string) => [head, bad]],
    ['pipelined behind a good one', (head: string, bad: string) => [head + bad]],
  ] as const
  const alive = async () => {
    const response = await fetch(`${origin()}${path}`)
    await response.body?.cancel()
    expect(response.status, 'the server answers a new connection').toBe(200)
  }

  describe('requests node:http cannot parse, on a connection that carried one', () => {
    for (const [mode, chunks] of modes) {
      it.each(UNPARSABLE)(`$name ${mode}: answered, and the server lives on`, async ({ wire }) => {
        const host = new URL(origin()).host
        const received = await exchange(origin(), chunks(good(host), wire(host)))
        expect(received).toMatch(/^HTTP\/1\.1 200 /)
        await alive()
      })

      it(`headers too large ${mode}: problem details, then the connection closes`, async () => {
        const host = new URL(origin()).host
        const bad = UNPARSABLE[0]?.wire(host) ?? ''
        const received = await exchange(origin(), chunks(good(host), bad))
        const second = received.slice(received.indexOf('HTTP/1.1', 1))
        expect(second).toMatch(/^HTTP\/1\.1 431 /)
        expect(second).toContain('application/problem+json')
      })
    }
  })
}
