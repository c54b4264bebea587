import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getResponse, type HttpHandler } from 'msw'
import { type BlogApi, createBlogApi } from '../api.js'
import type { HalApi, HalCollections } from '../core/api.js'
import { overridesFirst, type Responder } from '../core/overrides.js'
import { API_PATH, ApiUrls } from '../hal/links.js'
import type { Answer } from '../http/answer.js'
import { Problem } from '../http/problem.js'
import type { BlogApiOptions } from '../options.js'
import { dispatcherOf } from '../routes/dispatch.js'
import { problemAnswer, problemResponse, urlsFor } from '../routes/route.js'
import { ADMIN_PATH, adminResponse } from './admin.js'
import { answerWithCors, isPreflight, preflightResponse, withCors } from './cors.js'
import { explorerResponse, isExplorerPath } from './explorer/explorer.js'
import { NodeRequest, sendResponse, toFetchRequest, writeAnswer } from './node-http.js'
import { type LoggedRequest, RequestLog } from './request-log.js'

/** Options of {@link createMockServer}: where to listen, how to log, and the API's own options. */
export interface MockServerOptions extends BlogApiOptions {
  /** Port to listen on; 0 picks a free one. Default 4010. */
  port?: number
  /** Interface to bind. Default `127.0.0.1`, never all interfaces unless asked. */
  host?: string
  /** Receives one line per request (method, path, status, ms); `false` to log nothing. Default: stdout. */
  log?: ((line: string) => void) | false
}

/** A running mock server. */
export interface MockServer<Api extends object = BlogApi> {
  /** Base URL of the API, e.g. `http://127.0.0.1:4010/api/v1.2`. */
  readonly url: string
  /** The server's origin, e.g. `http://127.0.0.1:4010`. */
  readonly origin: string
  readonly port: number
  /** The instance behind the server: its `db`, `reset()`. */
  readonly api: Api
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
export function createMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const api = createBlogApi(options)
  return serve(api, API_PATH, options, (request, overrides) =>
    getResponse([...overrides, ...api.handlers], request),
  )
}

/** Options of {@link createHalServer}: where to listen and how to log. */
export type HalServerOptions = Pick<MockServerOptions, 'port' | 'host' | 'log'>

/**
 * Serves an API made with `defineHalApi` over real HTTP, as {@link createMockServer} serves the
 * Blog API: the same server (CORS, `/__admin`, the HAL explorer starting at the API's root), with
 * `api.handle` answering after the handlers added with `use()`. `halyard-mock --api <module>`.
 *
 * @example
 * import shop from './shop/api.js'
 *
 * const server = await createHalServer(shop, { port: 0 })
 * const orders = await fetch(`${server.url}/orders`).then((r) => r.json())
 * await server.close()
 */
export function createHalServer<C extends HalCollections>(
  api: HalApi<C>,
  options: HalServerOptions = {},
): Promise<MockServer<HalApi<C>>> {
  const basePath = api.definition.basePath.replace(/\/$/, '')
  // The API answers every request, its own problem details for a path outside its base included.
  const then: Responder = (request) => api.handle(request)
  return serve(api, basePath, options, (request, overrides) =>
    overridesFirst(request, overrides, then, { passthrough: 'then' }),
  )
}

/** What the server asks of an API: to be ready, to reset, and to answer past the overrides. */
interface ServedApi {
  readonly ready: Promise<void>
  reset(): Promise<void>
}

async function serve<Api extends ServedApi>(
  api: Api,
  basePath: string,
  options: HalServerOptions,
  respondApi: (request: Request, overrides: HttpHandler[]) => Promise<Response | undefined>,
): Promise<MockServer<Api>> {
  const { port = 4010, host = '127.0.0.1', log = batchedStdout() } = options
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
    if (isExplorerPath(pathname)) return explorerResponse(request, basePath)
    const response = await respondApi(request, overrides)
    return response ?? notFound(request, basePath)
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

  const dispatcher = dispatcherOf(api)

  /**
   * The hot path: the route the handlers would run, answered by the dispatcher without fetch
   * objects. `undefined` when MSW has to decide: overrides are in place (they must win), or the
   * request is not one the dispatcher answers on its own (admin, explorer, preflight, errors).
   */
  function dispatch(
    req: IncomingMessage,
  ): { request: NodeRequest; answer: Promise<Answer> } | undefined {
    const target = req.url ?? '/'
    if (overrides.length > 0 || !dispatcher || !target.startsWith(API_PATH)) return undefined
    const request = new NodeRequest(req, origin)
    const query = target.indexOf('?')
    const answer = dispatcher.dispatch(request, query === -1 ? target : target.slice(0, query))
    return answer && { request, answer }
  }

  /** Answers through the dispatcher; never rejects, as {@link respond}. */
  async function respondFast(
    res: ServerResponse,
    { request, answer }: { request: NodeRequest; answer: Promise<Answer> },
  ): Promise<number> {
    let sent: Answer
    try {
      sent = answerWithCors(request.headers.get('origin'), await answer)
    } catch (error) {
      sent = problemAnswer(error, urlsFor(origin), request.url.pathname)
    }
    try {
      writeAnswer(res, sent, request.method)
    } catch {
      res.destroy()
    }
    return sent.status
  }

  const server: Server = createServer(async (req, res) => {
    const started = performance.now()
    const method = req.method ?? 'GET'
    const fast = dispatch(req)
    let status: number
    let headers: () => Readonly<Record<string, string>>
    if (fast) {
      status = await respondFast(res, fast)
      // Formatted only if someone lists the requests. The closure holds the request only: holding
      // `fast` would keep every answer's body for as long as the log keeps its line.
      const { request } = fast
      headers = () => request.headers.toRecord()
    } else {
      const { request, response } = await respond(req)
      try {
        await sendResponse(res, response, method)
      } catch {
        res.destroy()
      }
      status = response.status
      const record = Object.fromEntries(request?.headers ?? [])
      headers = () => record
    }
    const durationMs = Math.round((performance.now() - started) * 100) / 100
    const path = req.url ?? '/'
    if (log) log(`${method} ${path} ${status} ${durationMs}ms`)
    if (!path.startsWith(ADMIN_PATH)) {
      requestLog.add({ at: Date.now(), method, url: path, status, durationMs, headers })
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
    url: `${origin}${basePath}`,
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

/**
 * The default request log: lines to stdout, written together once per turn of the event loop, as
 * one write per request would cost the server a good share of its throughput.
 */
function batchedStdout(): (line: string) => void {
  let pending: string[] = []
  return (line) => {
    if (pending.length === 0) {
      setImmediate(() => {
        process.stdout.write(`${pending.join('\n')}\n`)
        pending = []
      })
    }
    pending.push(line)
  }
}

function notFound(request: Request, basePath: string): Response {
  const url = new URL(request.url)
  const response = problemResponse(
    new Problem(404, `There is no resource at ${url.pathname}; the API lives under ${basePath}.`),
    new ApiUrls(url.origin),
    url.pathname,
  )
  // Every answer varies on Accept (CONTRACT §3), this one too.
  response.headers.set('vary', 'Accept')
  return response
}
