import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getResponse, type HttpHandler } from 'msw'
import { type BlogApi, createBlogApi } from '../api.js'
import { ApiUrls } from '../hal/links.js'
import { Problem } from '../http/problem.js'
import type { BlogApiOptions } from '../options.js'
import { problemResponse } from '../routes/route.js'
import { ADMIN_PATH, adminResponse } from './admin.js'
import { isPreflight, preflightResponse, withCors } from './cors.js'
import { sendResponse, toFetchRequest } from './node-http.js'
import { type LoggedRequest, RequestLog } from './request-log.js'

/** Options of {@link createMockServer}: where to listen, how to log, and the API's own options. */
export interface MockServerOptions extends BlogApiOptions {
  /** Port to listen on; 0 picks a free one. Default 4010. */
  port?: number
  /** Interface to bind. Default `127.0.0.1`, never all interfaces unless asked. */
  host?: string
  /** Receives one line per request (method, path, status, ms); `false` to log nothing. */
  log?: ((line: string) => void) | false
}

/** A running mock server. */
export interface MockServer {
  /** Base URL of the API, e.g. `http://127.0.0.1:4010/api/v1.2`. */
  readonly url: string
  /** The server's origin, e.g. `http://127.0.0.1:4010`. */
  readonly origin: string
  readonly port: number
  /** The instance behind the server: its `db`, `reset()`. */
  readonly api: BlogApi
  /** The last 1 000 requests received (what `GET /__admin/requests` answers). */
  requests(): LoggedRequest[]
  /** Prepends handlers that override routes, as MSW's `server.use()` does. */
  use(...handlers: HttpHandler[]): void
  /** Drops the handlers added by {@link MockServer.use}. */
  resetHandlers(): void
  /** Stops listening and closes open connections. */
  close(): Promise<void>
}

/**
 * Serves the Blog API mock's MSW handlers over real HTTP with `node:http`, plus CORS and the
 * `/__admin` routes.
 *
 * @example
 * const server = await createMockServer({ port: 0, articles: 100 })
 * const blog = await fetch(`${server.url}/blogs/1`).then((r) => r.json())
 * await server.close()
 */
export async function createMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const { port = 4010, host = '127.0.0.1', log = (line: string) => console.log(line) } = options
  const api = createBlogApi(options)
  await api.ready
  const requestLog = new RequestLog()
  let overrides: HttpHandler[] = []
  let origin = ''

  async function answer(request: Request): Promise<Response> {
    if (isPreflight(request)) return preflightResponse(request)
    const { pathname } = new URL(request.url)
    if (pathname === ADMIN_PATH || pathname.startsWith(`${ADMIN_PATH}/`)) {
      return adminResponse(request, api, requestLog)
    }
    const response = await getResponse([...overrides, ...api.handlers], request)
    return response ?? notFound(request)
  }

  /** Never rejects: a request fetch cannot represent is a 400, a failure while answering a 500. */
  async function respond(req: IncomingMessage): Promise<{ request?: Request; response: Response }> {
    let request: Request
    try {
      request = toFetchRequest(req, origin)
    } catch {
      const problem = new Problem(400, 'The request could not be read.')
      return { response: problemResponse(problem, new ApiUrls(origin), '/') }
    }
    try {
      return { request, response: withCors(request, await answer(request)) }
    } catch (error) {
      const path = new URL(request.url).pathname
      return { request, response: problemResponse(error, new ApiUrls(origin), path) }
    }
  }

  const server: Server = createServer(async (req, res) => {
    const started = performance.now()
    const method = req.method ?? 'GET'
    const { request, response } = await respond(req)
    try {
      await sendResponse(res, response, method)
    } catch {
      res.destroy()
    }
    const durationMs = Math.round((performance.now() - started) * 100) / 100
    const path = req.url ?? '/'
    if (log) log(`${method} ${path} ${response.status} ${durationMs}ms`)
    if (!path.startsWith(ADMIN_PATH)) {
      requestLog.add({
        at: new Date().toISOString(),
        method,
        url: path,
        status: response.status,
        durationMs,
        headers: Object.fromEntries(request?.headers ?? []),
      })
    }
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address
  origin = `http://${shownHost}:${address.port}`

  return {
    url: new ApiUrls(origin).base,
    origin,
    port: address.port,
    api,
    requests: () => requestLog.list(),
    use: (...handlers) => {
      overrides = [...handlers, ...overrides]
    },
    resetHandlers: () => {
      overrides = []
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}

function notFound(request: Request): Response {
  const url = new URL(request.url)
  const response = problemResponse(
    new Problem(404, `There is no resource at ${url.pathname}; the API lives under /api/v1.2.`),
    new ApiUrls(url.origin),
    url.pathname,
  )
  // Every answer varies on Accept (CONTRACT §3), this one too.
  response.headers.set('vary', 'Accept')
  return response
}
