import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A test server listening on 127.0.0.1: its origin, and how to close it with its connections. */
export interface LocalServer {
  readonly origin: string
  close(): Promise<void>
}

/**
 * Starts `server` on a free port of 127.0.0.1, as every server in these tests listens.
 *
 * @example
 * const { origin, close } = await listenLocal(createServer((req, res) => res.end()))
 */
export async function listenLocal(server: Server): Promise<LocalServer> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}

/**
 * A fetch handler (an in-process API's `handle`, a fixture) served over HTTP on 127.0.0.1, port 0:
 * for what reaches servers by HTTP only (`verify`, the bin).
 *
 * @example
 * const { origin, close } = await serveFetch((request) => api.handle(request))
 */
export async function serveFetch(
  handler: (request: Request) => Promise<Response>,
): Promise<LocalServer> {
  const server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = []
    for await (const chunk of incoming) chunks.push(chunk as Buffer)
    const { port } = server.address() as AddressInfo
    const method = incoming.method ?? 'GET'
    const answer = await handler(
      new Request(`http://127.0.0.1:${port}${incoming.url}`, {
        method,
        headers: Object.entries(incoming.headers).flatMap(([k, v]) =>
          v === undefined ? [] : [[k, Array.isArray(v) ? v.join(', ') : v] as [string, string]],
        ),
        ...(method === 'GET' || method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }),
      }),
    )
    outgoing.writeHead(answer.status, Object.fromEntries(answer.headers))
    outgoing.end(method === 'HEAD' ? undefined : Buffer.from(await answer.arrayBuffer()))
  })
  return listenLocal(server)
}
