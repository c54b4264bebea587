import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { HttpHandler } from 'msw'
import { acceptedTokens, tokenHint } from '../../definition/tokens.js'
import { answersExplorer, explorerNotFound, explorerRoutes } from '../../explorer/explorer.js'
import { type WireAnswer, wireAnswerOf } from '../../http/answer.js'
import { parsePrefer } from '../../http/prefer.js'
import { Problem } from '../../http/problem.js'
import type { HalApi } from '../../serve/api.js'
import { authenticatorOf } from '../../serve/authenticate.js'
import { createDispatch, type Dispatch, methodNotAllowed } from '../../serve/dispatch.js'
import { overridesFirst } from '../../serve/overrides.js'
import type { ProblemWriter } from '../../serve/problem.js'
import { runRoute } from '../../serve/route-context.js'
import { isPreflight } from '../common/cors.js'
import {
  type LoggedRequest,
  logged,
  type RecordedRequest,
  RequestLog,
  redactTarget,
  secretsOf,
} from '../common/request-log.js'
import { persistToFile } from '../node/persist-file.js'
import { ADMIN_PATH, adminNotFound, adminRoutes, isAdminPath } from './admin.js'
import { NodeHeaders, NodeRequest, originForm, urlOf, writeAnswer } from './node-http.js'
import {
  type HalServerOptions,
  KEEP_ALIVE_MS,
  type ResolvedServerOptions,
  resolveServerOptions,
} from './options.js'
import {
  answerOnSocket,
  clientErrorAnswer,
  connectAnswer,
  SERVER_METHODS,
} from './socket-answers.js'

export type { HalServerOptions } from './options.js'

/** What the server answers a request with, and its headers for the request log (formatted lazily). */
interface Answered {
  readonly answer: WireAnswer
  readonly headers: () => Readonly<Record<string, string>>
}

/** Methods that change nothing: no reason to write a persisted file. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** An API whose records a file can keep: any `HalApi`, the Blog API's too. */
type RecordsApi = ServedApi & { readonly db: object }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Methods fetch cannot carry (so no handler sees them); the server answers them 405 itself. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK'])

/** A running mock server; `Api` is the API instance behind it. */
export interface HalServer<Api extends object = HalApi> {
  /** Base URL of the API, e.g. `http://127.0.0.1:4010/api`. */
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
  /** Drops the handlers added by {@link HalServer.use}. */
  resetHandlers(): void
  /** Stops listening and closes open connections. */
  close(): Promise<void>
}

/**
 * What the server asks of an API: its one path (`answer`, and `handle` behind overrides), its
 * definition (base path, title, token check), its problem details, to be ready, and to reset on
 * `POST /__admin/reset`. Any `HalApi` is one, the Blog API's as yours.
 */
export interface ServedApi extends Dispatch {
  readonly definition: HalApi['definition']
  readonly problem: ProblemWriter
  readonly ready: Promise<void>
  reset(): Promise<void>
  /** The headers it reads credentials from (`HalApi.credentialHeaders`): the log redacts them. */
  readonly credentialHeaders?: ReadonlySet<string>
}

/**
 * Serves any API made with `defineHalApi` (the Blog API's as yours) over real HTTP with
 * `node:http`: `api.answer` after the handlers added with `use()` (an override's `passthrough()`
 * goes on to the API), CORS, the `/__admin` routes and the HAL explorer at `/`, named after the
 * API. It answers only `Host`s it knows (`allowedHosts`), lets only loopback and listed origins read
 * across origins (`corsOrigins`), and gives each request `requestTimeout` ms to arrive. With the
 * API's `protectReads`, the admin routes need what its own routes accept. `halyard-mock --api
 * <module>` runs it from the command line.
 *
 * @example
 * import shop from './shop/api.js'
 *
 * const server = await createHalServer(shop, { port: 0 })
 * const orders = await fetch(`${server.url}/orders`).then((r) => r.json())
 * await server.close()
 */
export function createHalServer<Api extends ServedApi>(
  api: Api,
  options: HalServerOptions = {},
): Promise<HalServer<Api>> {
  return serve(api, resolveServerOptions(options, batchedStdout()))
}

/**
 * The one server: `api` on `node:http`, with the options already resolved. The server's own
 * refusals are problem details as the API writes its own.
 */
async function serve<Api extends ServedApi>(
  api: Api,
  { port, host, log, hosts, cors, requestTimeout, persist, delay }: ResolvedServerOptions,
): Promise<HalServer<Api>> {
  await api.ready
  if (persist !== undefined && !('db' in api)) {
    throw new TypeError('persist keeps the records of an API made with defineHalApi (its db)')
  }
  const kept =
    persist === undefined ? undefined : persistToFile(api as unknown as RecordsApi, persist)
  await kept?.ready
  const { definition } = api
  const basePath = definition.basePath.replace(/\/$/, '')
  const writeProblem = api.problem
  const requestLog = new RequestLog<RecordedRequest>()
  const secrets = secretsOf(definition, api.credentialHeaders, acceptedTokens(definition))
  const authenticate = definition.protectReads ? authenticatorOf(definition) : undefined
  const hint = tokenHint(definition)
  // The server's own routes (admin, explorer) go through the core's one dispatch: its router
  // decides their 404s, 405s and `OPTIONS` as it does the API's.
  const own = createDispatch({
    basePath: '',
    routes: [
      ...adminRoutes({ api, log: requestLog, secrets, cors, authenticate }),
      ...explorerRoutes({
        root: basePath,
        title: definition.title ?? 'HAL API',
        ...(hint === undefined ? {} : { token: hint }),
      }),
    ],
    // Each route makes its own checks (admin: the API's token and the page's origin).
    run: (route, request, params, prefer) => runRoute(route, request, params, prefer, undefined),
    delay: () => 0,
    problem: (error, request) => writeProblem(error, request.origin, request.url.pathname),
    notFound: ({ url }) =>
      isAdminPath(url.pathname) ? adminNotFound(url.pathname) : explorerNotFound(url.pathname),
  })
  let overrides: HttpHandler[] = []
  /**
   * Connections the server answered itself (408, or 400 for a body it cannot parse) while their
   * handler still ran: the handler logs that status and why.
   */
  const answeredEarly = new WeakMap<Socket, { status: number; why: string }>()
  /** The server's own origin, from its bound address; set once listening. */
  let origin = ''

  /**
   * The one pipeline of a request: where it is addressed (Host), a preflight, the admin routes,
   * the explorer, the user's overrides first (through `overridesFirst`), then the API's one path.
   * The API's answer, the common case, is plain data built from a lazy view of the request: no
   * fetch `Request` or `Response` unless an override, the admin routes or the explorer need one.
   */
  async function answer(req: IncomingMessage, method: string): Promise<Answered> {
    // `OPTIONS *` asks about the server itself (RFC 9110 §9.3.7).
    const serverWide = method === 'OPTIONS' && req.url === '*'
    const path = serverWide ? '/' : originForm(req.url ?? '/')
    if (path === null) {
      return refused(
        req,
        writeProblem(new Problem(400, 'The request target is not a path.'), origin, '/'),
      )
    }
    // Not `req.headers.host`: Node builds that object for every header.
    const rawHeaders = new NodeHeaders(req.rawHeaders)
    const host = rawHeaders.first('host')
    if (host === undefined && req.httpVersion !== '1.0') {
      // node:http's own check (`requireHostHeader`) would answer a bare 400.
      const problem = new Problem(400, 'An HTTP/1.1 request needs a Host header (RFC 9112 §3.2).')
      return refused(req, writeProblem(problem, origin, urlOf(origin, path).pathname))
    }
    if (rawHeaders.lines('host') > 1) {
      // Which one names the server would be a guess, and a Host check passed by the wrong one.
      const problem = new Problem(
        400,
        'A request carries one Host header, not several (RFC 9112 §3.2).',
      )
      return refused(req, writeProblem(problem, origin, urlOf(origin, path).pathname))
    }
    const from = hosts.originOf(host, origin)
    if (from === null) {
      const problem = new Problem(
        403,
        'This server answers only requests addressed to a loopback name or address, or to its own address (DNS rebinding protection). Allow this Host with --allowed-hosts <name> (allowedHosts in createHalServer).',
      )
      return refused(req, writeProblem(problem, origin, urlOf(origin, path).pathname))
    }
    if (serverWide) {
      const answer = { status: 204, headers: { allow: SERVER_METHODS.join(', ') }, body: null }
      return { answer, headers: () => rawHeaders.toRecord() }
    }
    const request = new NodeRequest(req, from, path)
    const headers = () => request.headers.toRecord()
    if (FORBIDDEN_METHODS.has(method)) {
      // Fetch cannot carry these: the router's 405 and `Allow` where it knows the path, else the server's.
      const decided = await api.answer(request)
      if (decided.status === 405) return { answer: decided, headers }
      const problem = methodNotAllowed(method, SERVER_METHODS)
      return { answer: writeProblem(problem, from, request.url.pathname), headers }
    }
    let sent: WireAnswer
    try {
      sent = await respond(request)
    } catch (error) {
      sent = writeProblem(error, from, request.url.pathname)
    }
    // Admin answers carry CORS headers only for trusted origins, never for `*` (docs/api.md, Mock controls).
    const pageOrigin = request.headers.get('origin')
    const adminPath = isAdminPath(request.path)
    if (!(adminPath && pageOrigin !== null && !cors.trusts(pageOrigin))) {
      cors.withCors(pageOrigin, sent.headers)
    }
    return { answer: sent, headers }
  }

  /** The answer past the Host check: never a refusal of the request itself. */
  async function respond(request: NodeRequest): Promise<WireAnswer> {
    if (isPreflight(request)) return preflightAnswer(request)
    const pathname = request.path
    const explorer = answersExplorer(pathname, request.headers.get('accept'), basePath === '')
    if (isAdminPath(pathname) || explorer) return own.answer(request)
    if (delay > 0 && parsePrefer(request.headers).delay === undefined) await sleep(delay)
    if (overrides.length === 0) return api.answer(request)
    let fetchRequest: Request
    try {
      fetchRequest = request.toFetch()
    } catch {
      return writeProblem(new Problem(400, 'The request could not be read.'), request.origin, '/')
    }
    const response = await overridesFirst(fetchRequest, overrides, (r) => api.handle(r), {
      passthrough: 'then',
    })
    return wireAnswerOf(response ?? (await api.handle(fetchRequest)))
  }

  /**
   * 204 with the CORS grant for an allowed origin (a trusted one for the admin routes, which `*`
   * does not open); 403 naming the option for any other.
   */
  function preflightAnswer(request: NodeRequest): WireAnswer {
    const from = request.headers.get('origin') ?? ''
    const headers = cors.preflightHeaders(from)
    const admin = isAdminPath(request.path)
    if (headers['access-control-allow-origin'] !== undefined && (!admin || cors.trusts(from))) {
      return { status: 204, headers, body: null }
    }
    const problem = new Problem(
      403,
      `Pages on ${from} may not call ${admin ? 'the admin routes of ' : ''}this server. Allow the origin with --cors-origin ${from} (corsOrigins in createHalServer).`,
      { headers: { vary: 'Origin' } },
    )
    return writeProblem(problem, request.origin, request.url.pathname)
  }

  const server: Server = createServer(
    {
      // A whole request, headers and body, must arrive in time (Node's default: 300 s).
      requestTimeout,
      headersTimeout: requestTimeout,
      // A request without Host gets problem details from `answer`, not Node's bare 400.
      requireHostHeader: false,
      keepAliveTimeout: KEEP_ALIVE_MS,
      // How often Node looks for requests past their time (default 30 s).
      connectionsCheckingInterval: Math.min(1_000, requestTimeout || 1_000),
    },
    (req, res) => {
      // An unexpected throw (a bug) must not become an unhandled rejection, which ends the process.
      onRequest(req, res).catch((error: unknown) => {
        console.error(`[halyard-mock] ${req.method} ${req.url}: ${(error as Error).message}`)
        res.destroy()
      })
    },
  )

  /** Answers one request through {@link answer}, writes it, and logs it. */
  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now()
    const method = req.method ?? 'GET'
    const { answer: sent, headers } = await answer(req, method)
    // A write (or an admin reset) that succeeded: the file gets the records once writes pause.
    if (kept && sent.status < 400 && !READS.has(method)) kept.changed()
    try {
      writeAnswer(res, sent, method)
    } catch {
      // A socket that cannot take the answer is closed.
      res.destroy()
    }
    const early = answeredEarly.get(req.socket)
    const status = early?.status ?? sent.status
    const durationMs = Math.round((performance.now() - started) * 100) / 100
    const shown = req.url ?? '/'
    // A client that went away mid-request gets no answer: one line says so, no stack trace.
    const aborted = early
      ? ` (${early.why})`
      : !req.complete && req.destroyed
        ? ' (aborted by the client)'
        : ''
    // The printed log hides what the listed one does: secret query parameters, a password.
    if (log) log(`${method} ${redactTarget(shown, secrets)} ${status} ${durationMs}ms${aborted}`)
    if (!shown.startsWith(ADMIN_PATH)) {
      requestLog.add({ at: Date.now(), method, url: shown, status, durationMs, headers })
    }
  }
  // node:http hands CONNECT to this event, not to the handler, and destroys the socket if no one
  // listens: answer it 405 like any other method the server does not have.
  server.on('connect', (req: IncomingMessage, socket: Socket) =>
    guarded(socket, 'connect', () => {
      answerOnSocket(socket, connectAnswer(origin, writeProblem))
      if (log) log(`CONNECT ${req.url ?? ''} 405`)
    }),
  )
  // What node:http cannot parse or waited too long for: problem details instead of a bare status.
  // A throw in this listener would kill the process: it is guarded, and its socket given up.
  server.on('clientError', (error: Error & { code?: string }, socket: Socket) =>
    guarded(socket, 'clientError', () => {
      const answer = clientErrorAnswer(error, origin, writeProblem)
      // The response in progress on the socket: `null` once one has finished, on a kept-alive
      // connection whose next request node:http could not parse.
      const busy =
        (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined
      // A request past requestTimeout whose answer has begun can only be cut off.
      if (answer === undefined || busy?.headersSent) return void socket.destroy()
      // A request whose handler runs is logged by it, once. Answered here: a 408, and a body the
      // parser cannot read (an invalid chunk). Not answered: an aborted upload (the parser's EOF
      // error). An error in a request pipelined after it is answered once its answer is out.
      if (busy !== undefined) {
        const timeout = error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        const incomplete = busy.req?.complete === false
        if (incomplete && error.code === 'HPE_INVALID_EOF_STATE') return void socket.destroy()
        if (!timeout && !incomplete) {
          if (log) log(`- - ${answer.status} (${error.code ?? error.message}, pipelined)`)
          let answered = false
          busy.once('finish', () => {
            answered = true
            guarded(socket, 'clientError', () => answerOnSocket(socket, answer))
          })
          busy.once('close', () => answered || socket.destroy())
          return
        }
        answeredEarly.set(socket, {
          status: answer.status,
          why: timeout ? 'request timeout' : 'unparsable body',
        })
      } else if (log) log(`- - ${answer.status} (${error.code ?? error.message})`)
      answerOnSocket(socket, answer)
    }),
  )
  /** Runs a socket event's listener; a throw is logged in one line and that socket destroyed. */
  function guarded(socket: Socket, event: string, listener: () => void): void {
    try {
      listener()
    } catch (error) {
      console.error(`[halyard-mock] ${event}: ${(error as Error).message}; connection closed`)
      socket.destroy()
    }
  }

  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => {
      // A server that never listened gives its --persist file up for the next try.
      void kept?.close()
      reject(error)
    }
    server.once('error', failed)
    server.listen(port, host, () => {
      server.off('error', failed)
      // An error of the listening socket (say, too many open files on accept): one line, and the
      // server goes on; without a listener it would end the process.
      server.on('error', (error) => console.error(`[halyard-mock] server error: ${error.message}`))
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
    requests: () => requestLog.list().map((entry) => logged(entry, secrets)),
    use: (...handlers) => {
      overrides = [...handlers, ...overrides]
    },
    resetHandlers: () => {
      overrides = []
    },
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      })
      await kept?.close()
    },
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

/** A request refused before any route (its target, its Host), logged with its raw headers. */
function refused(req: IncomingMessage, answer: WireAnswer): Answered {
  const record = new NodeHeaders(req.rawHeaders).toRecord()
  return { answer, headers: () => record }
}
