import type { Server } from 'node:http'
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
