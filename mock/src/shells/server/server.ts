import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { HttpHandler } from 'msw'
import { acceptedTokens } from '../../definition/tokens.js'
import type { HalApi } from '../../serve/api.js'
import {
  type LoggedRequest,
  logged,
  type RecordedRequest,
  RequestLog,
  redactTarget,
  secretsOf,
} from '../common/request-log.js'
import { persistToFile } from '../node/persist-file.js'
import { ADMIN_PATH } from './admin.js'
import { NodeHeaders, writeAnswer } from './node-http.js'
import {
  type HalServerOptions,
  KEEP_ALIVE_MS,
  type ResolvedServerOptions,
  resolveServerOptions,
} from './options.js'
import { requestPipeline, type ServedApi } from './pipeline.js'
import { answerSocketEvents, type EarlyAnswer } from './socket-events.js'

export type { HalServerOptions } from './options.js'

/** Methods that change nothing: no reason to write a persisted file. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** An API whose records a file can keep: any `HalApi`, the Blog API's too. */
type RecordsApi = ServedApi & { readonly db: object }

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
 * The one server's lifecycle: `api` ready (and its --persist file), then `node:http` listening with
 * the request pipeline (pipeline.ts) and the socket events (socket-events.ts), until `close()`.
 */
async function serve<Api extends ServedApi>(
  api: Api,
  options: ResolvedServerOptions,
): Promise<HalServer<Api>> {
  const { port, host, log, requestTimeout, persist } = options
  await api.ready
  if (persist !== undefined && !('db' in api)) {
    throw new TypeError('persist keeps the records of an API made with defineHalApi (its db)')
  }
  const kept =
    persist === undefined ? undefined : persistToFile(api as unknown as RecordsApi, persist)
  await kept?.ready
  const { definition } = api
  const requestLog = new RequestLog<RecordedRequest>()
  const secrets = secretsOf(definition, api.credentialHeaders, acceptedTokens(definition))
  /** The server's own origin, from its bound address; set once listening. */
  let origin = ''
  const pipeline = requestPipeline({ api, options, requestLog, secrets, origin: () => origin })
  const answeredEarly = new WeakMap<Socket, EarlyAnswer>()

  const server: Server = createServer(
    {
      // A whole request, headers and body, must arrive in time (Node's default: 300 s).
      requestTimeout,
      headersTimeout: requestTimeout,
      // A request without Host gets problem details from the pipeline, not Node's bare 400.
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

  /** Answers one request through the pipeline, writes it, and logs it. */
  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now()
    const method = req.method ?? 'GET'
    const sent = await pipeline.answer(req, method)
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
      // The request's headers as sent, formatted only if the log is read.
      const headers = () => new NodeHeaders(req.rawHeaders).toRecord()
      requestLog.add({ at: Date.now(), method, url: shown, status, durationMs, headers })
    }
  }
  answerSocketEvents(server, {
    writeProblem: api.problem,
    log,
    origin: () => origin,
    answeredEarly,
  })

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
    url: `${origin}${definition.basePath.replace(/\/$/, '')}`,
    origin,
    port: address.port,
    api,
    requests: () => requestLog.list().map((entry) => logged(entry, secrets)),
    use: (...handlers) => pipeline.use(handlers),
    resetHandlers: () => pipeline.resetHandlers(),
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
