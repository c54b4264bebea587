import { connect as connectTcp, type Socket } from 'node:net'
import { connect as connectTls } from 'node:tls'
import type { RawAnswer, RawRequest } from './contract/target.js'

/**
 * Sends one request to the server at `origin` as written (any method, request target and `Host`),
 * with `Connection: close`, and reads the answer to the end: what `ContractTarget.raw` does for a
 * real server reached from Node.
 *
 * @example
 * const answer = await sendRaw('http://127.0.0.1:4010', { method: 'TRACE', target: '/api/v1.2' })
 * answer.status // 405
 */
export function sendRaw(origin: string, request: RawRequest): Promise<RawAnswer> {
  const url = new URL(origin)
  const body = request.body ?? ''
  const chunked = request.headers?.['transfer-encoding'] !== undefined
  const headers: Record<string, string | readonly string[]> = {
    host: url.host,
    ...(body === '' || chunked ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
    ...request.headers,
    connection: 'close',
  }
  const head = [
    `${request.method} ${request.target} HTTP/1.1`,
    ...Object.entries(headers).flatMap(([name, value]) =>
      (typeof value === 'string' ? [value] : value).map((line) => `${name}: ${line}`),
    ),
  ].join('\r\n')
  const https = url.protocol === 'https:'
  const port = Number(url.port || (https ? 443 : 80))
  const host = url.hostname.replace(/^\[|\]$/g, '')
  return new Promise((resolve, reject) => {
    const socket: Socket = https
      ? connectTls({ host, port, servername: host })
      : connectTcp({ host, port })
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.once('error', reject)
    socket.once('close', () => {
      try {
        resolve(parse(Buffer.concat(chunks).toString('utf8')))
      } catch (error) {
        reject(error)
      }
    })
    socket.write(`${head}\r\n\r\n${body}`)
  })
}

function parse(raw: string): RawAnswer {
  const end = raw.indexOf('\r\n\r\n')
  const [statusLine = '', ...lines] = (end === -1 ? raw : raw.slice(0, end)).split('\r\n')
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1])
  if (!Number.isInteger(status)) throw new Error(`Not an HTTP answer: ${raw.slice(0, 200)}`)
  const headers = new Headers()
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim())
  }
  return { status, headers, text: end === -1 ? '' : raw.slice(end + 4) }
}
