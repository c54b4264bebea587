import type { HeaderReader } from './headers.js'
import { Problem } from './problem.js'

/**
 * The largest request body the API accepts (docs/api.md, Writes), in bytes: what {@link readText}
 * and {@link readJson} read at most before a 413.
 *
 * @example
 * // An extra route's OpenAPI description of its 413.
 * const tooLarge = { description: `A body over ${MAX_BODY_BYTES} bytes` }
 */
export const MAX_BODY_BYTES = 1024 * 1024

/**
 * How deep a body, and a record a write leaves, may nest arrays and objects (docs/api.md, Bodies):
 * far beyond any schema, far below what recursive code (`JSON.stringify`) can write.
 *
 * @example
 * // readJson answers a 400 problem past it; a route of yours may say so in its description.
 * const description = `Bodies nest at most ${MAX_BODY_DEPTH} levels.`
 */
export const MAX_BODY_DEPTH = 100

/** `application/json` or any `+json` type, parameters allowed. */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i

/**
 * What reading a body needs of a request: its headers and its bytes. A route's `request` and a
 * fetch `Request` are both one.
 *
 * @example
 * const text = await readText(context.request satisfies BodyRequest)
 */
export interface BodyRequest {
  readonly headers: HeaderReader
  readonly body: ReadableStream<Uint8Array> | null
}

/**
 * Reads a JSON request body: 415 unless it is JSON, 413 past {@link MAX_BODY_BYTES} (counted while
 * streaming, so a lying `Content-Length` cannot get past it), 400 when it does not parse or nests
 * deeper than {@link MAX_BODY_DEPTH}.
 *
 * @example
 * const body = await readJson(request) // unknown
 */
export async function readJson(request: BodyRequest): Promise<unknown> {
  const type = request.headers.get('content-type') ?? ''
  if (!JSON_TYPE.test(type)) {
    throw new Problem(415, `Send the body as application/json, not ${type || 'no Content-Type'}.`)
  }
  const text = await readText(request)
  if (depthOver(text)) {
    throw new Problem(
      400,
      `The request body nests arrays and objects deeper than ${MAX_BODY_DEPTH} levels.`,
    )
  }
  try {
    return JSON.parse(text)
  } catch {
    throw new Problem(400, 'The request body is not valid JSON.')
  }
}

/**
 * Parses JSON text (through `reviver`, as `JSON.parse` does), refusing (400) text that nests
 * deeper than {@link MAX_BODY_DEPTH}: a value read from a form field, say, or a records file.
 *
 * @example
 * parseJson('[[1]]') // [[1]]
 */
export function parseJson(
  text: string,
  reviver?: (this: unknown, key: string, value: unknown) => unknown,
): unknown {
  if (depthOver(text)) {
    throw new Problem(
      400,
      `The value nests arrays and objects deeper than ${MAX_BODY_DEPTH} levels.`,
    )
  }
  return JSON.parse(text, reviver)
}

/** Whether JSON text nests arrays and objects deeper than {@link MAX_BODY_DEPTH}: a scan. */
function depthOver(text: string): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === 0x5c) i++
      else if (code === 0x22) inString = false
    } else if (code === 0x22) inString = true
    else if (code === 0x7b || code === 0x5b) {
      depth += 1
      if (depth > MAX_BODY_DEPTH) return true
    } else if (code === 0x7d || code === 0x5d) depth -= 1
  }
  return false
}

/**
 * 422 unless `document`, what a write would store, could be sent as a body: at most
 * {@link MAX_BODY_DEPTH} levels deep and {@link MAX_BODY_BYTES} as JSON. A patch (a JSON Patch
 * `copy` doubles what it copies) never makes a record a PUT could not send, nor one that cannot
 * be written. Walked without recursion, and only until a bound is passed.
 *
 * @example
 * checkStorable({ title: 'a' }, 'article') // passes
 */
export function checkStorable(document: unknown, noun: string): void {
  const pending: [unknown, number][] = [[document, 0]]
  let bytes = 0
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [value, depth] = next
    if (typeof value === 'string') bytes += value.length + 2
    else if (typeof value !== 'object' || value === null) bytes += String(value).length
    else {
      if (depth >= MAX_BODY_DEPTH) {
        throw new Problem(422, `The ${noun} would nest deeper than ${MAX_BODY_DEPTH} levels.`)
      }
      bytes += 2
      for (const [key, member] of Object.entries(value)) {
        bytes += key.length + 4
        pending.push([member, depth + 1])
      }
    }
    if (bytes > MAX_BODY_BYTES) {
      throw new Problem(422, `The ${noun} would be larger than ${MAX_BODY_BYTES} bytes.`)
    }
  }
}

/**
 * Reads a request body as text, 413 past {@link MAX_BODY_BYTES}: refused at once when
 * `Content-Length` says so, and counted while streaming, so a lying one cannot get past it and a
 * huge body is never held whole.
 *
 * @example
 * const text = await readText(request) // '' when there is no body
 */
export async function readText(request: BodyRequest): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > MAX_BODY_BYTES) throw tooLarge()
  if (!request.body) return ''
  const reader = request.body.getReader()
  const decoder = new TextDecoder()
  let size = 0
  let text = ''
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      // The client went away mid-body (or took too long): a client error, never a 500.
      throw new Problem(400, 'The request body did not arrive in full.')
    })
    if (done) break
    size += value.byteLength
    if (size > MAX_BODY_BYTES) {
      // Not awaited: when the request was cloned (MSW does), cancelling one branch of the tee
      // settles only once every branch is cancelled, which would hang the answer forever.
      reader.cancel().catch(() => undefined)
      throw tooLarge()
    }
    text += decoder.decode(value, { stream: true })
  }
  return text + decoder.decode()
}

const tooLarge = () => new Problem(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`)

/** A JSON Pointer (RFC 6901) for a path of keys. */
export function pointer(path: readonly PropertyKey[]): string {
  return path.map((key) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')
}
