import { TimeoutError } from 'ky'
import { InvalidResponseError } from './errors.js'

/** How deep a JSON document may nest: deeper ones would overflow the stack of whoever walks them. */
const MAX_DEPTH = 1000

/** Whether `text` nests arrays and objects deeper than {@link MAX_DEPTH}, brackets in strings aside. */
function nestsTooDeep(text: string): boolean {
  // Too short to hold MAX_DEPTH + 1 brackets and their closing ones: such a text parses, if valid,
  // no deeper than MAX_DEPTH (JSON.parse itself needs no stack to nest).
  if (text.length < 2 * (MAX_DEPTH + 1)) return false
  // Char codes, not one-character strings: this runs over every body the SDK reads.
  let depth = 0
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (quoted) {
      if (c === 92 /* \\ */) i++
      else if (c === 34 /* " */) quoted = false
    } else if (c === 34) quoted = true
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > MAX_DEPTH) return true
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--
  }
  return false
}

/**
 * A response's body as text, read within `timeout` ms (as ky's `.json()` does: a window of its own
 * after the headers) and at most `maxBodySize` bytes, whether or not `Content-Length` says so.
 */
export async function readBody(
  method: string,
  url: string,
  response: Response,
  timeout: number | false,
  maxBodySize: number,
): Promise<string> {
  const reader = response.body?.getReader()
  if (!reader) return ''
  let failure: Error | undefined
  const fail = (error: Error) => {
    failure = error
    reader.cancel().catch(() => {}) // closes the connection: the rest is never read
  }
  const timer =
    timeout === false
      ? undefined
      : setTimeout(() => fail(new TimeoutError(new Request(url, { method }))), timeout)
  const decoder = new TextDecoder()
  const announced = Number(response.headers.get('content-length')) // NaN without one
  let text = ''
  let received = 0
  try {
    for (;;) {
      if (announced > maxBodySize || received > maxBodySize)
        fail(
          new InvalidResponseError(method, url, `a body over maxBodySize (${maxBodySize} bytes)`),
        )
      if (failure) throw failure
      const { done, value } = await reader.read() // a cancel ends a pending read
      if (done && !failure) return text + decoder.decode()
      received += value?.byteLength ?? 0
      text += decoder.decode(value, { stream: true })
    }
  } finally {
    clearTimeout(timer)
  }
}

/** Parses a JSON body; invalid or too deeply nested JSON is an {@link InvalidResponseError}. */
export function parseJson(method: string, url: string, text: string): unknown {
  if (nestsTooDeep(text))
    throw new InvalidResponseError(method, url, `JSON nested deeper than ${MAX_DEPTH} levels`)
  try {
    return JSON.parse(text)
  } catch {
    throw new InvalidResponseError(method, url, 'invalid JSON')
  }
}
