import type { IncomingMessage } from 'node:http'
import type { HttpHandler } from 'msw'
import { tokenHint } from '../../definition/tokens.js'
import { answersExplorer, explorerNotFound, explorerRoutes } from '../../explorer/explorer.js'
import { type Answer, answerOf } from '../../http/answer.js'
import { Problem } from '../../http/problem.js'
import type { HalApi } from '../../serve/api.js'
import { authenticatorOf } from '../../serve/authenticate.js'
import { createDispatch, type Dispatch, methodNotAllowed } from '../../serve/dispatch.js'
import { overridesFirst } from '../../serve/overrides.js'
import type { ProblemWriter } from '../../serve/problem.js'
import { runRoute } from '../../serve/route-context.js'
import { type CorsPolicy, isPreflight } from '../common/cors.js'
import type { RecordedRequest, RequestLog, Secrets } from '../common/request-log.js'
import { adminNotFound, adminRoutes, isAdminPath } from './admin.js'
import { NodeHeaders, NodeRequest, originForm, urlOf } from './node-http.js'
import type { ResolvedServerOptions } from './options.js'
import { SERVER_METHODS } from './socket-answers.js'

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

/** Methods fetch cannot carry (so no handler sees them); the server answers them 405 itself. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK'])

/** The request pipeline of one server: from a `node:http` request to its answer. */
export interface Pipeline {
  /** The answer to one request; never rejects for a request's own fault. */
  answer(req: IncomingMessage, method: string): Promise<Answer>
  /** The user's overrides, asked before the API (`server.use()`), the last added first. */
  use(handlers: readonly HttpHandler[]): void
  resetHandlers(): void
}

/** What the pipeline needs of the server around it. */
export interface PipelineContext {
  readonly api: ServedApi
  readonly options: ResolvedServerOptions
  readonly requestLog: RequestLog<RecordedRequest>
  /** What the request log and the printed lines hide. */
  readonly secrets: Secrets
  /** The server's own origin, from its bound address (known once listening). */
  readonly origin: () => string
}

/**
 * The one pipeline of a request: where it is addressed (Host), a preflight, the admin routes,
 * the explorer, the user's overrides first (through `overridesFirst`), then the API's one path.
 * The API's answer, the common case, is plain data built from a lazy view of the request: no
 * fetch `Request` or `Response` unless an override, the admin routes or the explorer need one.
 * The server's own refusals are problem details as the API writes its own.
 */
export function requestPipeline(context: PipelineContext): Pipeline {
  const { api, options, origin } = context
  const { hosts, cors, delay } = options
  const basePath = api.definition.basePath.replace(/\/$/, '')
  const writeProblem = api.problem
  const own = ownDispatch(context, basePath)
  // The server's `delay` is added to the API's own, and slept by the API's dispatch, once.
  const served = { delay }
  let overrides: readonly HttpHandler[] = []

  async function answer(req: IncomingMessage, method: string): Promise<Answer> {
    // `OPTIONS *` asks about the server itself (RFC 9110 §9.3.7).
    const serverWide = method === 'OPTIONS' && req.url === '*'
    const path = serverWide ? '/' : originForm(req.url ?? '/')
    const here = origin()
    if (path === null) {
      return writeProblem(new Problem(400, 'The request target is not a path.'), here, '/')
    }
    // Not `req.headers`: Node builds that object for every header.
    const headers = new NodeHeaders(req.rawHeaders)
    const from = addressed(req, headers, hosts, here)
    if (typeof from !== 'string') {
      return writeProblem(new Problem(from.status, from.detail), here, urlOf(here, path).pathname)
    }
    if (serverWide) {
      return { status: 204, headers: { allow: SERVER_METHODS.join(', ') }, body: null }
    }
    const request = new NodeRequest(req, from, path, headers)
    if (FORBIDDEN_METHODS.has(method)) {
      // Fetch cannot carry these: the router's 405 and `Allow` where it knows the path, else the server's.
      const decided = await api.answer(request, served)
      if (decided.status === 405) return decided
      return writeProblem(methodNotAllowed(method, SERVER_METHODS), from, request.url.pathname)
    }
    let sent: Answer
    try {
      sent = await respond(request)
    } catch (error) {
      sent = writeProblem(error, from, request.url.pathname)
    }
    // Admin answers carry CORS headers only for trusted origins, never for `*` (docs/api.md, Mock controls).
    const pageOrigin = headers.get('origin')
    if (pageOrigin !== null && !(isAdminPath(request.path) && !cors.trusts(pageOrigin))) {
      cors.withCors(pageOrigin, sent.headers)
    }
    return sent
  }

  /**
   * The answer past the Host check: never a refusal of the request itself. Not async: the API's
   * answer, the common case, is handed on as it is, without one more promise to settle.
   */
  function respond(request: NodeRequest): Answer | Promise<Answer> {
    if (isPreflight(request)) return preflightAnswer(request, cors, writeProblem)
    const pathname = request.path
    const explorer = answersExplorer(pathname, request.headers.get('accept'), basePath === '')
    if (isAdminPath(pathname) || explorer) return own.answer(request)
    if (overrides.length === 0) return api.answer(request, served)
    return overridden(request)
  }

  async function overridden(request: NodeRequest): Promise<Answer> {
    let fetchRequest: Request
    try {
      fetchRequest = request.toFetch()
    } catch {
      return writeProblem(new Problem(400, 'The request could not be read.'), request.origin, '/')
    }
    const response = await overridesFirst(fetchRequest, overrides, (r) => api.handle(r, served), {
      passthrough: 'then',
    })
    return answerOf(response ?? (await api.handle(fetchRequest, served)))
  }

  return {
    answer,
    use: (handlers) => {
      overrides = [...handlers, ...overrides]
    },
    resetHandlers: () => {
      overrides = []
    },
  }
}

/**
 * The server's own routes (admin, explorer) through the core's one dispatch: its router decides
 * their 404s, 405s and `OPTIONS` as it does the API's.
 */
function ownDispatch(
  { api, options, requestLog, secrets }: PipelineContext,
  basePath: string,
): Dispatch {
  const { definition, problem: writeProblem } = api
  const authenticate = definition.protectReads ? authenticatorOf(definition) : undefined
  const hint = tokenHint(definition)
  return createDispatch({
    basePath: '',
    routes: [
      ...adminRoutes({ api, log: requestLog, secrets, cors: options.cors, authenticate }),
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
}

/** The origin a request addresses by its `Host` (`here` for HTTP/1.0 without one), or why the server refuses it. */
function addressed(
  req: IncomingMessage,
  headers: NodeHeaders,
  hosts: ResolvedServerOptions['hosts'],
  here: string,
): string | { readonly status: number; readonly detail: string } {
  const host = headers.first('host')
  if (host === undefined && req.httpVersion !== '1.0') {
    // node:http's own check (`requireHostHeader`) would answer a bare 400.
    return { status: 400, detail: 'An HTTP/1.1 request needs a Host header (RFC 9112 §3.2).' }
  }
  if (headers.lines('host') > 1) {
    // Which one names the server would be a guess, and a Host check passed by the wrong one.
    return {
      status: 400,
      detail: 'A request carries one Host header, not several (RFC 9112 §3.2).',
    }
  }
  return (
    hosts.originOf(host, here) ?? {
      status: 403,
      detail:
        'This server answers only requests addressed to a loopback name or address, or to its own address (DNS rebinding protection). Allow this Host with --allowed-hosts <name> (allowedHosts in createHalServer).',
    }
  )
}

/**
 * 204 with the CORS grant for an allowed origin (a trusted one for the admin routes, which `*`
 * does not open); 403 naming the option for any other.
 */
function preflightAnswer(
  request: NodeRequest,
  cors: CorsPolicy,
  writeProblem: ProblemWriter,
): Answer {
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
