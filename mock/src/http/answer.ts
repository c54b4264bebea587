import { HttpResponse } from 'msw'

/**
 * A response as plain data, the one type an answer has from a route to the socket: what the routes
 * produce, what the dispatch and the server's own routes answer, what a shell writes. Each shell
 * turns it into what it sends, a fetch `Response` for MSW, or a `node:http` write for the real
 * server, which so skips building fetch objects on its hot path.
 */
export interface Answer {
  readonly status: number
  /** Lower-case names. The receiver owns the object and may add headers (Vary, CORS). */
  readonly headers: Record<string, string>
  /** Each `Set-Cookie` line apart (a header record holds one value per name). */
  readonly setCookies?: readonly string[]
  /** The body: text (the core's documents), bytes (a `Response` read whole), `null` for none. */
  readonly body: string | Uint8Array | null
}

/**
 * The fetch `Response` for an answer, for MSW handlers: an MSW `HttpResponse`, which msw's
 * interception takes as it is where it copies any other `Response` once more.
 *
 * @example
 * toResponse({ status: 204, headers: {}, body: null }).status // 204
 */
export function toResponse(answer: Answer): Response {
  const { status, headers, body, setCookies } = answer
  // Without a length, msw's Node interception ends the message by closing the emulated socket,
  // and undici then opens a new connection for every request (`HttpResponse.json()` sets it too).
  const length =
    body === null || headers['content-length'] !== undefined
      ? undefined
      : typeof body === 'string'
        ? utf8Length(body)
        : body.byteLength
  const init = length === undefined ? headers : { ...headers, 'content-length': String(length) }
  if (setCookies === undefined || setCookies.length === 0) {
    return new HttpResponse(body, { status, headers: init })
  }
  const all = new Headers(init)
  for (const line of setCookies) all.append('set-cookie', line)
  return new HttpResponse(body, { status, headers: all })
}

/**
 * The length of a text in UTF-8, counted without encoding it (the `Content-Length` of every
 * answer; `TextEncoder` would allocate the bytes only to measure them). A lone surrogate counts
 * as U+FFFD, as `TextEncoder` writes it.
 *
 * @example
 * utf8Length('né') // 3
 */
export function utf8Length(text: string): number {
  let bytes = text.length
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    if (unit < 0x80) continue
    if (unit < 0x800) bytes += 1
    else if (unit < 0xd800 || unit > 0xdbff || (text.charCodeAt(i + 1) & 0xfc00) !== 0xdc00)
      bytes += 2
    else {
      bytes += 2 // a surrogate pair: 4 bytes for its 2 units
      i++
    }
  }
  return bytes
}

/**
 * A fetch `Response` as an {@link Answer}, its body read whole (for code that produces one:
 * graphql-http, an override, the explorer's files), each `Set-Cookie` line kept apart.
 *
 * @example
 * const answer = await answerOf(await endpoint(request))
 */
export async function answerOf(response: Response): Promise<Answer> {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value
  })
  const body = response.body === null ? null : new Uint8Array(await response.arrayBuffer())
  const setCookies = response.headers.getSetCookie()
  return { status: response.status, headers, ...(setCookies.length > 0 && { setCookies }), body }
}

/** Appends to a list-valued header such as `Vary`, as `Headers.append` would, each value once. */
export function appendHeader(headers: Record<string, string>, name: string, value: string): void {
  const current = headers[name]
  if (current === undefined) headers[name] = value
  // A list header names each value once (`Vary: Origin`, added by more than one layer).
  else if (!listHas(current, value)) headers[name] = `${current}, ${value}`
}

/**
 * Whether a comma-separated header value already lists `value` (case-insensitive).
 *
 * @example
 * listHas('Accept, Origin', 'origin') // true
 */
export function listHas(header: string, value: string): boolean {
  const wanted = value.toLowerCase()
  return header.split(',').some((item) => item.trim().toLowerCase() === wanted)
}
