import { createServer } from 'node:net'

/**
 * A port for a server the e2e run starts: the one the environment variable names, else a free one
 * on 127.0.0.1, written back to the environment so that Playwright's workers (which inherit it and
 * load this module again) agree with the runner. The config never reuses a server it did not start:
 * a port already taken fails the run instead of testing whatever holds it.
 *
 * @example
 * const port = await e2ePort('HALYARD_E2E_MOCK_PORT') // 43817, or $HALYARD_E2E_MOCK_PORT
 */
export async function e2ePort(variable: string): Promise<number> {
  const given = process.env[variable]
  if (given !== undefined && given !== '') {
    const port = Number(given)
    if (!Number.isInteger(port) || port < 1 || port > 65_535) {
      throw new Error(`${variable} must be a port number (1-65535), not "${given}"`)
    }
    return port
  }
  const port = await freePort()
  process.env[variable] = String(port)
  return port
}

/** A port the system just handed out on 127.0.0.1 and that nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port given'))))
    })
  })
}
