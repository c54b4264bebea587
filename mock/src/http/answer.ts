import { HttpResponse } from 'msw'

/**
 * A response as plain data: what the routes produce. Each shell turns it into what it sends, a fetch
 * `Response` for MSW, or a `node:http` write for the real server, which so skips building fetch
 * objects on its hot path.
 */
export interface Answer {
  readonly status: number
  /** Lower-case names. The receiver owns the object and may add headers (Vary, CORS). */
  readonly headers: Record<string, string>
  /** The body as text, `null` for none. */
  readonly body: string | null
}

/**
 * The fetch `Response` for an answer, for MSW handlers: an MSW `HttpResponse`, which msw's
 * interception takes as it is where it copies any other `Response` once more.
 *
 * @example
 * toResponse({ status: 204, headers: {}, body: null }).status // 204
 */
export function toResponse(answer: Answer): Response {
  const { status, headers, body } = answer
  // Without a length, msw's Node interception ends the message by closing the emulated socket,
  // and undici then opens a new connection for every request (`HttpResponse.json()` sets it too).
  if (typeof body === 'string' && headers['content-length'] === undefined) {
    return new HttpResponse(body, {
      status,
      headers: { ...headers, 'content-length': String(utf8Length(body)) },
    })
  }
  return new HttpResponse(body, { status, headers })
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
 * An answer carrying a fetch `Response`'s status, headers and text, for code that produces one
 * (graphql-http).
 *
 * @example
 * const answer = await fromResponse(await endpoint(request))
 */
export async function fromResponse(response: Response): Promise<Answer> {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    headers[name] = value
  })
  const body = response.body === null ? null : await response.text()
  return { status: response.status, headers, body }
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

/**
 * What a shell writes, whoever made it (the API's {@link Answer}, an override's or the explorer's
 * `Response`): a body that may be bytes, and each `Set-Cookie` line apart.
 */
export interface WireAnswer {
  readonly status: number
  /** Lower-case names. The receiver owns the object and may add headers (Vary, CORS). */
  readonly headers: Record<string, string>
  readonly setCookies?: readonly string[]
  readonly body: string | Uint8Array | null
}

/**
 * A fetch `Response` as a {@link WireAnswer}, its body read whole.
 *
 * @example
 * const answer = await wireAnswerOf(await adminResponse(request, context))
 */
export async function wireAnswerOf(response: Response): Promise<WireAnswer> {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value
  })
  const body = response.body === null ? null : new Uint8Array(await response.arrayBuffer())
  return { status: response.status, headers, setCookies: response.headers.getSetCookie(), body }
}
