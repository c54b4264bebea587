import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { getResponse, type HttpHandler } from 'msw'
import { type BlogApi, createBlogApi } from '../api.js'
import type { HalApi, HalCollections } from '../core/api.js'
import { overridesFirst, type Responder } from '../core/overrides.js'
import { API_PATH, ApiUrls } from '../hal/links.js'
import type { Answer } from '../http/answer.js'
import type { TokenGrant } from '../http/auth.js'
import { Problem } from '../http/problem.js'
import { type BlogApiOptions, resolveOptions } from '../options.js'
import { dispatcherOf } from '../routes/dispatch.js'
import { methodNotAllowed } from '../routes/fallback.js'
import { problemAnswer, problemResponse, urlsFor } from '../routes/route.js'
import { ADMIN_PATH, adminResponse, isAdminPath } from './admin.js'
import { isPreflight } from './cors.js'
import { explorerResponse, isExplorerPath } from './explorer/explorer.js'
import {
  NodeHeaders,
  NodeRequest,
  originForm,
  sendResponse,
  toFetchRequest,
  urlOf,
  writeAnswer,
} from './node-http.js'
import {
  KEEP_ALIVE_MS,
  type MockServerOptions,
  type ResolvedServerOptions,
  resolveServerOptions,
} from './options.js'
import { type LoggedRequest, RequestLog } from './request-log.js'
import {
  answerOnSocket,
  clientErrorAnswer,
  connectAnswer,
  SERVER_METHODS,
} from './socket-answers.js'

export type { MockServerOptions } from './options.js'

/** Where a request is addressed: an allowed origin and an origin-form path (and query). */
interface Target {
  readonly origin: string
  readonly path: string
}

/** Methods fetch cannot carry (so no handler sees them); the server answers them 405 itself. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK'])

/** A running mock server; `Api` is the instance behind it (the Blog API's, or one of yours). */
export interface MockServer<Api extends object = BlogApi> {
  /** Base URL of the API, e.g. `http://127.0.0.1:4010/api/v1.2`. */
  readonly url: string
  /** The server's origin, e.g. `http://127.0.0.1:4010`. */
  readonly origin: string
  readonly port: number
  /** The instance behind the server: its `db`, `reset()`. */
  readonly api: Api
  /** The last 1 000 requests received (what `GET /__admin/requests` answers; secrets redacted). */
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
 * `/__admin` routes. It answers only `Host`s it knows (`allowedHosts`), lets only loopback and
 * listed origins read across origins (`corsOrigins`), and gives each request `requestTimeout` ms
 * to arrive (README, Security).
 *
 * @example
 * const server = await createMockServer({ port: 0, articles: 100 })
 * const blog = await fetch(`${server.url}/blogs/1`).then((r) => r.json())
 * await server.close()
 */
export function createMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const server = resolveServerOptions(options, batchedStdout())
  const api = createBlogApi(options)
  const { protectReads, tokens } = resolveOptions(options)
  return serve(api, API_PATH, server, {
    respond: (request, overrides) => getResponse([...overrides, ...api.handlers], request),
    adminTokens: protectReads ? tokens : undefined,
  })
}

/** Options of {@link createHalServer}: the server's own (the API's come from its definition). */
export type HalServerOptions = Omit<MockServerOptions, keyof BlogApiOptions>

/**
 * Serves an API made with `defineHalApi` over real HTTP, as {@link createMockServer} serves the
 * Blog API: the same server (Host and CORS rules, timeouts, `/__admin`, the HAL explorer starting
 * at the API's root), with `api.handle` answering after the handlers added with `use()` (an
 * override's `passthrough()` goes on to the API). `halyard-mock --api <module>`.
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
  const server = resolveServerOptions(options, batchedStdout())
  const { basePath, tokens = [], protectReads = false } = api.definition
  // The API answers every request, its own problem details for a path outside its base included.
  const then: Responder = (request) => api.handle(request)
  return serve(api, basePath.replace(/\/$/, ''), server, {
    respond: (request, overrides) =>
      overridesFirst(request, overrides, then, { passthrough: 'then' }),
    // With protected reads the admin routes need one of the API's tokens too.
    adminTokens: protectReads ? new Map(tokens.map((token) => [token, { blogs: [] }])) : undefined,
  })
}

/** What the server asks of an API: to be ready, and to reset on `POST /__admin/reset`. */
interface ServedApi {
  readonly ready: Promise<void>
  reset(): Promise<void>
}

/** How the server reaches one API past its own routes (preflight, admin, explorer). */
interface ApiAccess {
  /** The answer of the user's overrides, then of the API; `undefined` for none (404). */
  respond(request: Request, overrides: HttpHandler[]): Promise<Response | undefined>
  /** Tokens the admin routes require (`X-Access-Token`), when reads are protected. */
  readonly adminTokens: ReadonlyMap<string, TokenGrant> | undefined
}

/** The one server: `api` under `basePath` on `node:http`, with the options already resolved. */
async function serve<Api extends ServedApi>(
  api: Api,
  basePath: string,
  { port, host, log, hosts, cors, requestTimeout }: ResolvedServerOptions,
  access: ApiAccess,
): Promise<MockServer<Api>> {
  await api.ready
  const requestLog = new RequestLog()
  const admin = { api, log: requestLog, cors, tokens: access.adminTokens }
  let overrides: HttpHandler[] = []
  /** The server's own origin, from its bound address; set once listening. */
  let origin = ''

  async function answer(request: Request): Promise<Response> {
    if (isPreflight(request)) return preflightResponse(request)
    const { pathname } = new URL(request.url)
    if (isAdminPath(pathname)) return adminResponse(request, admin)
    if (isExplorerPath(pathname)) return explorerResponse(request, basePath)
    const response = await access.respond(request, overrides)
    return response ?? notFound(request, basePath)
  }

  /** 204 with the CORS grant for an allowed origin; 403 naming the option for any other. */
  function preflightResponse(request: Request): Response {
    const from = request.headers.get('origin') ?? ''
    const headers = cors.preflightHeaders(from)
    if (headers['access-control-allow-origin'] !== undefined) {
      return new Response(null, { status: 204, headers })
    }
    const problem = new Problem(
      403,
      `Pages on ${from} may not call this server. Allow the origin with --cors-origin ${from} (corsOrigins in createMockServer).`,
      { headers: { vary: 'Origin' } },
    )
    return problemResponse(
      problem,
      urlsFor(new URL(request.url).origin),
      new URL(request.url).pathname,
    )
  }

  /**
   * Where a request is addressed: its origin (from an allowed `Host`) and origin-form path, or the
   * answer refusing it before any route: a target that is no path (400), a `Host` the server does
   * not answer (403, DNS rebinding), a method fetch cannot carry (405 with `Allow`).
   */
  function targetOf(req: IncomingMessage, method: string): Target | Response {
    const path = originForm(req.url ?? '/')
    if (path === null) {
      const problem = new Problem(400, 'The request target is not a path.')
      return problemResponse(problem, urlsFor(origin), '/')
    }
    // Not `req.headers.host`: Node builds that object for every header.
    const from = hosts.originOf(new NodeHeaders(req.rawHeaders).first('host'), origin)
    if (from === null) {
      const problem = new Problem(
        403,
        'This server answers only requests addressed to a loopback name or address, or to its own address (DNS rebinding protection). Allow this Host with --allowed-hosts <name> (allowedHosts in createMockServer).',
      )
      return problemResponse(problem, urlsFor(origin), urlOf(origin, path).pathname)
    }
    if (!FORBIDDEN_METHODS.has(method)) return { origin: from, path }
    const url = urlOf(from, path)
    const allowed = dispatcher?.allowedMethods(url) ?? []
    const problem = methodNotAllowed(method, allowed.length > 0 ? allowed : SERVER_METHODS)
    return problemResponse(problem, urlsFor(from), url.pathname)
  }

  /** Never rejects: a request fetch cannot represent is a 400, a failure while answering a 500. */
  async function respond(
    req: IncomingMessage,
    target: Target,
  ): Promise<{ request?: Request; response: Response }> {
    let request: Request
    try {
      request = toFetchRequest(req, target.origin, target.path)
    } catch {
      const problem = new Problem(400, 'The request could not be read.')
      return { response: problemResponse(problem, new ApiUrls(origin), '/') }
    }
    try {
      const from = request.headers.get('origin')
      const response = await answer(request)
      // Admin answers carry CORS headers only for trusted origins, never for `*` (CONTRACT §5).
      const admin = isAdminPath(new URL(request.url).pathname)
      if (admin && from !== null && !cors.trusts(from)) return { request, response }
      return { request, response: cors.withCors(from, response) }
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
    target: Target,
  ): { request: NodeRequest; answer: Promise<Answer> } | undefined {
    const { path } = target
    if (overrides.length > 0 || !dispatcher || !path.startsWith(API_PATH)) return undefined
    const request = new NodeRequest(req, target.origin, path)
    const query = path.indexOf('?')
    const answer = dispatcher.dispatch(request, query === -1 ? path : path.slice(0, query))
    return answer && { request, answer }
  }

  /** Answers through the dispatcher; never rejects, as {@link respond}. */
  async function respondFast(
    res: ServerResponse,
    { request, answer }: { request: NodeRequest; answer: Promise<Answer> },
  ): Promise<number> {
    let sent: Answer
    try {
      sent = cors.answerWithCors(request.headers.get('origin'), await answer)
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

  /** Sends a fetch `Response`; a socket that cannot take it is closed. */
  async function send(res: ServerResponse, response: Response, method: string): Promise<void> {
    try {
      await sendResponse(res, response, method)
    } catch {
      res.destroy()
    }
  }

  const server: Server = createServer(
    {
      // A whole request, headers and body, must arrive in time (Node's default: 300 s).
      requestTimeout,
      headersTimeout: requestTimeout,
      keepAliveTimeout: KEEP_ALIVE_MS,
      // How often Node looks for requests past their time (default 30 s).
      connectionsCheckingInterval: Math.min(1_000, requestTimeout || 1_000),
    },
    async (req, res) => {
      const started = performance.now()
      const method = req.method ?? 'GET'
      const target = targetOf(req, method)
      let status: number
      let headers: () => Readonly<Record<string, string>>
      const fast = target instanceof Response ? undefined : dispatch(req, target)
      if (target instanceof Response) {
        await send(res, target, method)
        status = target.status
        const record = new NodeHeaders(req.rawHeaders).toRecord()
        headers = () => record
      } else if (fast) {
        status = await respondFast(res, fast)
        // Formatted only if someone lists the requests. The closure holds the request only: holding
        // `fast` would keep every answer's body for as long as the log keeps its line.
        const { request } = fast
        headers = () => request.headers.toRecord()
      } else {
        const { request, response } = await respond(req, target)
        await send(res, response, method)
        status = response.status
        const record = Object.fromEntries(request?.headers ?? [])
        headers = () => record
      }
      const durationMs = Math.round((performance.now() - started) * 100) / 100
      const shown = req.url ?? '/'
      // A client that went away mid-request gets no answer: one line says so, no stack trace.
      const aborted = !req.complete && req.destroyed ? ' (aborted by the client)' : ''
      if (log) log(`${method} ${shown} ${status} ${durationMs}ms${aborted}`)
      if (!shown.startsWith(ADMIN_PATH)) {
        requestLog.add({ at: Date.now(), method, url: shown, status, durationMs, headers })
      }
    },
  )
  // node:http hands CONNECT to this event, not to the handler, and destroys the socket if no one
  // listens: answer it 405 like any other method the server does not have.
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    answerOnSocket(socket, connectAnswer(origin))
    if (log) log(`CONNECT ${req.url ?? ''} 405`)
  })
  // What node:http cannot parse or waited too long for: problem details instead of a bare status.
  server.on('clientError', (error: Error & { code?: string }, socket: Socket) => {
    const answer = clientErrorAnswer(error, origin)
    // A request past requestTimeout whose answer has begun can only be cut off.
    const busy = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
    if (answer === undefined || busy?.headersSent) return void socket.destroy()
    answerOnSocket(socket, answer)
    if (log) log(`- - ${answer.status} (${error.code ?? error.message})`)
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
