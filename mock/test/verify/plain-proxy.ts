import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http'
import { listenLocal } from '../listen-local.js'

/**
 * A plain node:http reverse proxy on 127.0.0.1 (port 0), as many deployments put in front of an
 * API: each request forwarded as it came (Host included, so the server's links name the proxy),
 * each answer streamed back unchanged. Its own HTTP parser meets the client's bytes first.
 *
 * @example
 * const proxy = await plainProxy(server.url) // verify `${proxy.origin}/api/v1.2`
 */
export async function plainProxy(
  upstream: string,
): Promise<{ origin: string; close(): Promise<void> }> {
  const target = new URL(upstream)
  return listenLocal(createServer((incoming, outgoing) => forward(target, incoming, outgoing)))
}

/**
 * One request forwarded to `target` as it came, its answer streamed back unchanged (a 502 when
 * the target does not answer).
 *
 * @example
 * createServer((incoming, outgoing) => forward(new URL(upstream), incoming, outgoing))
 */
export function forward(target: URL, incoming: IncomingMessage, outgoing: ServerResponse): void {
  const upstream = request(
    {
      host: target.hostname,
      port: target.port,
      method: incoming.method,
      path: incoming.url,
      headers: incoming.headers,
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(outgoing)
    },
  )
  upstream.on('error', () => {
    if (!outgoing.headersSent) outgoing.writeHead(502)
    outgoing.end()
  })
  incoming.pipe(upstream)
}
