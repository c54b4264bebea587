import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { PassThrough, Readable } from 'node:stream'
import type { Answer } from '../../http/answer.js'
import type { HeaderReader } from '../../http/headers.js'
import { type Preferences, parsePrefer } from '../../http/prefer.js'
import { reasonPhrase } from '../../http/reason-phrase.js'
import { cookiesOf, type HalRequest } from '../../serve/request.js'

/**
 * The URL of a request: `origin` and the origin-form `path` joined as text, never resolved, so that
 * a target such as `//evil.example/api/v1.2` stays a path on `origin` instead of naming a host.
 *
 * @example
 * urlOf('http://127.0.0.1:4010', '//evil.example/x').host // '127.0.0.1:4010'
 */
export function urlOf(origin: string, path: string): URL {
  return new URL(`${origin}${path}`)
}

/**
 * The path and query of a request target. An absolute-form target (`GET ftp://x/api/v1.2/blogs/1`,
 * which only proxies are sent) gives its path and query alone: the scheme and the host a server
 * answers for are its own and its `Host`'s. `null` for a target that is no URL at all.
 *
 * @example
 * originForm('http://evil.example/api/v1.2?x=1') // '/api/v1.2?x=1'
 */
export function originForm(target: string): string | null {
  if (target.startsWith('/')) return target
  try {
    const url = new URL(target)
    return url.pathname.startsWith('/') ? url.pathname + url.search : null
  } catch {
    return null
  }
}

function fetchHeaders(req: IncomingMessage): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headersDistinct)) {
    for (const item of value ?? []) {
      try {
        headers.append(name, item)
      } catch {
        // A header value fetch cannot hold (e.g. a control character) is dropped, not fatal.
      }
    }
  }
  return headers
}

/**
 * The request's body as a web stream; `null` for GET and HEAD, which fetch gives no body. Not
 * `Readable.toWeb(req)` itself: cancelling that (a route stops reading at 413) destroys the socket,
 * often before the answer is written, and the client sees a reset instead of the 413.
 */
function bodyOf(req: IncomingMessage): ReadableStream<Uint8Array> | null {
  const method = req.method ?? 'GET'
  if (method === 'GET' || method === 'HEAD') return null
  const body = new PassThrough()
  // `pipe` passes no error on: a client that goes away must fail the read, not hang it.
  req.once('error', (error) => body.destroy(error))
  req.pipe(body)
  return Readable.toWeb(body) as ReadableStream<Uint8Array>
}

const bodyInit = (body: ReadableStream<Uint8Array> | null) =>
  body === null ? {} : { body, duplex: 'half' as const }

/**
 * A `node:http` request seen as a {@link HalRequest}, read lazily: the URL, the cookies, the body
 * stream and a fetch `Request` are built only if the route asks for them, which a read mostly does
 * not. It reads as the same request as a fetch `Request` would (headers joined as fetch joins them,
 * cookies parsed as MSW parses them).
 */
export class NodeRequest implements HalRequest {
  readonly method: string
  readonly origin: string
  readonly headers: NodeHeaders
  readonly #req: IncomingMessage
  #cookies: Readonly<Record<string, string>> | undefined
  #prefer: Preferences | undefined
  #pathname: string | undefined
  readonly #path: string
  #url: URL | undefined
  #body: ReadableStream<Uint8Array> | null | undefined
  #fetch: Request | undefined

  /**
   * `origin` from an allowed `Host`, `path` the origin-form target (see {@link originForm}),
   * `headers` the view of `req.rawHeaders` the Host check already made.
   */
  constructor(
    req: IncomingMessage,
    origin: string,
    path: string,
    headers: NodeHeaders = new NodeHeaders(req.rawHeaders),
  ) {
    this.#req = req
    this.#path = path
    this.method = req.method ?? 'GET'
    this.headers = headers
    this.origin = origin
  }

  get url(): URL {
    this.#url ??= urlOf(this.origin, this.#path)
    return this.#url
  }

  /**
   * The path as `url.pathname` reads it: the target's own text when a URL parser would keep it as
   * it is (unreserved characters and escapes, no dot segment), so a plain request parses no URL.
   */
  get path(): string {
    if (this.#pathname === undefined) {
      const query = this.#path.indexOf('?')
      const raw = query === -1 ? this.#path : this.#path.slice(0, query)
      this.#pathname = PLAIN_PATH.test(raw) && !DOT_SEGMENT.test(raw) ? raw : this.url.pathname
    }
    return this.#pathname
  }

  get cookies(): Readonly<Record<string, string>> {
    this.#cookies ??= cookiesOf(this.headers.get('cookie'))
    return this.#cookies
  }

  get prefer(): Preferences {
    this.#prefer ??= parsePrefer(this.headers)
    return this.#prefer
  }

  get body(): ReadableStream<Uint8Array> | null {
    if (this.#body === undefined) this.#body = bodyOf(this.#req)
    return this.#body
  }

  toFetch(): Request {
    this.#fetch ??= new Request(this.url, {
      method: this.method,
      headers: fetchHeaders(this.#req),
      ...bodyInit(this.body),
    })
    return this.#fetch
  }
}

/** A path a URL parser keeps as it is: `/`-separated unreserved characters and escapes. */
const PLAIN_PATH = /^(?:\/[\w.~%-]*)+$/
/** A `.` or `..` segment, which URL parsing would resolve (`%2E` too). */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:\/|$)/i

/**
 * A request's headers read straight from `rawHeaders`, names compared case-insensitively, repeated
 * headers joined as Node's fetch `Headers` joins them (Node's `headers` keeps only the first of
 * some). A route reads a handful of headers, mostly absent ones: a scan beats building a map.
 */
export class NodeHeaders implements HeaderReader {
  readonly #raw: readonly string[]

  constructor(raw: readonly string[]) {
    this.#raw = raw
  }

  get(name: string): string | null {
    const raw = this.#raw
    let value: string | null = null
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const candidate = raw[i] as string
      if (candidate.length !== name.length || candidate.toLowerCase() !== name) continue
      value = value === null ? (raw[i + 1] as string) : join(name, value, raw[i + 1] as string)
    }
    return value
  }

  has(name: string): boolean {
    return this.first(name) !== undefined
  }

  /** How many lines carry a header (two `Host` lines are a bad request). */
  lines(name: string): number {
    const raw = this.#raw
    let count = 0
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const candidate = raw[i] as string
      if (candidate.length === name.length && candidate.toLowerCase() === name) count += 1
    }
    return count
  }

  /** The first value of a header, as Node's `req.headers` keeps it for `Host`. */
  first(name: string): string | undefined {
    const raw = this.#raw
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const candidate = raw[i] as string
      if (candidate.length === name.length && candidate.toLowerCase() === name) return raw[i + 1]
    }
    return undefined
  }

  /** Every header by name, sorted by name, as `Object.fromEntries(new Headers(…))` gives them. */
  toRecord(): Record<string, string> {
    const byName = new Map<string, string>()
    for (let i = 0; i + 1 < this.#raw.length; i += 2) {
      const name = (this.#raw[i] as string).toLowerCase()
      const value = this.#raw[i + 1] as string
      const before = byName.get(name)
      // fetch keeps every Set-Cookie apart; as a record, the last one wins.
      byName.set(
        name,
        before === undefined || name === 'set-cookie' ? value : join(name, before, value),
      )
    }
    return Object.fromEntries([...byName].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
  }
}

/** A repeated header's values as Node's fetch joins them: `; ` for cookies, `, ` for the rest. */
const join = (name: string, before: string, value: string): string =>
  `${before}${name === 'cookie' ? '; ' : ', '}${value}`

/**
 * Writes an answer in one go: the head and the body (a string or bytes) in the same write, no body
 * for HEAD, 204 and 304.
 */
export function writeAnswer(res: ServerResponse, answer: Answer, method: string): void {
  const headers: Record<string, string | readonly string[]> = answer.headers
  if (answer.setCookies !== undefined && answer.setCookies.length > 0) {
    headers['set-cookie'] = answer.setCookies
  }
  settleUnread(res, headers)
  const noBody = method === 'HEAD' || answer.status === 204 || answer.status === 304
  const body = noBody || answer.body === null ? undefined : answer.body
  if (body !== undefined) {
    headers['content-length'] = String(
      typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength,
    )
  }
  writeHead(res, answer.status, headers as OutgoingHttpHeaders)
  res.end(body)
}

/** The status line with RFC 9110's reason phrase (422 "Unprocessable Content", not node's older one). */
function writeHead(res: ServerResponse, status: number, headers: OutgoingHttpHeaders): void {
  const phrase = reasonPhrase(status)
  if (phrase === undefined) res.writeHead(status, headers)
  else res.writeHead(status, phrase, headers)
}

/** At most this much of an unread body is read and dropped, for at most this long (see below). */
const DISCARD_BYTES = 64 * 1024 * 1024
const DISCARD_MS = 5_000

/**
 * A request whose body was not read to its end (a 413, or an error before the body was needed)
 * leaves unread bytes on the connection. They are read and dropped, as nginx does, so that a
 * client still sending them gets to read the answer, and the connection serves its next request.
 * A body declared too large for that still gets them dropped within the same bounds, with
 * `Connection: close`: node:http would destroy the socket once the answer is out, and the client,
 * still sending, would meet a reset (EPIPE) instead of the answer; the socket is half-closed
 * instead, and closed once the body has come or the bounds are reached (nginx's lingering close).
 */
function settleUnread(
  res: ServerResponse,
  headers: Record<string, string | readonly string[]>,
): void {
  const req = res.req
  if (req.complete) return
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > DISCARD_BYTES) {
    headers.connection = 'close'
    const socket = req.socket
    const destroySoon = socket.destroySoon.bind(socket)
    // What node:http calls once a closing answer is written: end our side only.
    socket.destroySoon = () => void socket.end()
    req.once('end', destroySoon)
  }
  discardRest(req)
}

function discardRest(req: IncomingMessage): void {
  let left = DISCARD_BYTES
  const timer = setTimeout(() => req.socket.destroy(), DISCARD_MS)
  timer.unref()
  const settled = () => clearTimeout(timer)
  req.once('end', settled).once('close', settled)
  req.on('data', (chunk: Buffer) => {
    left -= chunk.byteLength
    if (left < 0) {
      settled()
      req.socket.destroy()
    }
  })
  // A route that stopped reading left the body piped to a stream nobody reads any more.
  req.unpipe()
  req.resume()
}
