/**
 * The in-repo anchors, one per process: `node bench/servers/anchor.ts <bare|fetch|msw> <port>`.
 * Each answers `GET /api/v1.2/blogs/1/articles/1` with the same record (record.json), else 404.
 * It imports packages only, so that plain Node runs it (type stripping), with no loader.
 */
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { getResponse, HttpResponse, http } from 'msw'

const PATH = '/api/v1.2/blogs/1/articles/1'
const HAL = { 'content-type': 'application/hal+json' }
const record: Record<string, unknown> = JSON.parse(
  readFileSync(new URL('./record.json', import.meta.url), 'utf8'),
)
const body = JSON.stringify(record)

type Listener = (req: IncomingMessage, res: ServerResponse) => void
type FetchHandler = (request: Request) => Response | undefined | Promise<Response | undefined>

/** The physical limit: bytes serialized once, written straight to the socket. */
const bare: Listener = (req, res) => {
  if (req.url !== PATH) res.writeHead(404).end()
  else res.writeHead(200, { ...HAL, 'content-length': Buffer.byteLength(body) }).end(body)
}

/** The cost of the fetch API: a `Request` in, a `Response` (serialized per request) out. */
const fetchApi: FetchHandler = (request) =>
  new URL(request.url).pathname === PATH ? Response.json(record, { headers: HAL }) : undefined

/** MSW's floor: `getResponse` with one trivial handler. */
const handlers = [http.get(`*${PATH}`, () => HttpResponse.json(record, { headers: HAL }))]
const msw: FetchHandler = (request) => getResponse(handlers, request)

/** A fetch-style handler behind `node:http`, the way any fetch-based server adapter works. */
function serveFetch(handler: FetchHandler): Listener {
  return async (req, res) => {
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers))
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method ?? 'GET',
      headers,
    })
    const response = (await handler(request)) ?? new Response(null, { status: 404 })
    const bytes = Buffer.from(await response.arrayBuffer())
    res.writeHead(response.status, {
      ...Object.fromEntries(response.headers),
      'content-length': bytes.byteLength,
    })
    res.end(bytes)
  }
}

const listeners: Record<string, Listener> = {
  bare,
  fetch: serveFetch(fetchApi),
  msw: serveFetch(msw),
}
const [kind = '', port = ''] = process.argv.slice(2)
const listener = listeners[kind]
if (!listener || !/^\d+$/.test(port)) {
  console.error('usage: node bench/servers/anchor.ts <bare|fetch|msw> <port>')
  process.exit(2)
}
createServer(listener).listen(Number(port), '127.0.0.1')
