import { createServer, type IncomingHttpHeaders } from 'node:http'
import { listenLocal } from '../listen-local.js'
import { forward } from './plain-proxy.js'

/** What a hostile proxy does with one request instead of forwarding it. */
export type Hostility =
  /** Headers and the start of a body, then the connection reset. */
  | { readonly cut: 'reset' }
  /** Headers and the start of a body, then nothing: the connection stays open. */
  | { readonly cut: 'stall' }
  /** An answer of its own. */
  | { readonly status: number; readonly headers?: Record<string, string>; readonly body?: string }

/**
 * A proxy on 127.0.0.1 (port 0) in front of a server: each request forwarded as it came (Host
 * included, so the server's links name the proxy), unless `plan` answers it itself. Every request
 * is kept in `seen`, with its headers.
 *
 * @example
 * const proxy = await hostileProxy(server.url, (method) => (method === 'DELETE' ? { status: 500 } : undefined))
 */
export async function hostileProxy(
  upstream: string,
  plan: (method: string, path: string, headers: IncomingHttpHeaders) => Hostility | undefined,
): Promise<{
  origin: string
  seen: { method: string; path: string; headers: IncomingHttpHeaders }[]
  close(): Promise<void>
}> {
  const target = new URL(upstream)
  const seen: { method: string; path: string; headers: IncomingHttpHeaders }[] = []
  const server = createServer((incoming, outgoing) => {
    const method = incoming.method ?? 'GET'
    const path = incoming.url ?? '/'
    seen.push({ method, path, headers: incoming.headers })
    const hostile = plan(method, path, incoming.headers)
    if (hostile !== undefined) {
      incoming.resume()
      if ('cut' in hostile) {
        outgoing.writeHead(200, {
          'content-type': 'application/hal+json',
          'content-length': '100000',
        })
        outgoing.write('{"_links": {')
        if (hostile.cut === 'reset') setTimeout(() => outgoing.socket?.destroy(), 20)
        return
      }
      outgoing.writeHead(hostile.status, hostile.headers ?? {})
      outgoing.end(hostile.body)
      return
    }
    forward(target, incoming, outgoing)
  })
  const listening = await listenLocal(server)
  return { ...listening, seen }
}

/** A server on 127.0.0.1 that keeps every request it gets and answers 200 `{}`: another origin. */
export async function elsewhere(): Promise<{
  origin: string
  seen: { method: string; headers: IncomingHttpHeaders }[]
  close(): Promise<void>
}> {
  const seen: { method: string; headers: IncomingHttpHeaders }[] = []
  const server = createServer((incoming, outgoing) => {
    seen.push({ method: incoming.method ?? 'GET', headers: incoming.headers })
    incoming.resume()
    outgoing.writeHead(200, { 'content-type': 'application/hal+json' })
    outgoing.end('{}')
  })
  const listening = await listenLocal(server)
  return { ...listening, seen }
}
