import type { RequestGuard } from './deadline.js'
import { deeperThan, MAX_DEPTH } from './depth.js'

/** How a body was read: whole, cut at a bound, or refused by `take` (a total bound passed). */
export interface BodyRead {
  readonly text: string
  /** `maxBody` reached: the rest was not read. */
  readonly truncated: boolean
  /** `take` refused a chunk: the body was cancelled and `text` is what came before. */
  readonly refused: boolean
}

/**
 * A body's text, chunk by chunk, each wait raced against the guard (a body that stalls ends at
 * the deadline or the request's own limit); at most `maxBody` bytes, and while `take(chunk bytes)`
 * allows. A reset or a stall rejects, with the reader cancelled.
 */
export async function readBody(
  response: Response,
  guard: RequestGuard,
  maxBody: number,
  take: (size: number) => boolean,
): Promise<BodyRead> {
  if (response.body === null) return { text: '', truncated: false, refused: false }
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let size = 0
  for (;;) {
    const { done, value } = await guard.until(reader.read()).catch((error: unknown) => {
      reader.cancel().catch(() => {})
      throw error
    })
    if (done) return { text: text + decoder.decode(), truncated: false, refused: false }
    if (!take(value.byteLength)) {
      reader.cancel().catch(() => {})
      return { text, refused: true, truncated: false }
    }
    size += value.byteLength
    if (size > maxBody) {
      reader.cancel().catch(() => {})
      const room = value.byteLength - (size - maxBody)
      return {
        text: text + decoder.decode(value.subarray(0, room)),
        truncated: true,
        refused: false,
      }
    }
    text += decoder.decode(value, { stream: true })
  }
}

/**
 * A JSON body's value, or why it has none: `undefined` for what is not JSON; an error for JSON
 * nested deeper than {@link MAX_DEPTH} (whatever walks it later, by recursion, would overflow).
 */
export function parseJson(
  text: string,
  contentType: string,
): { readonly json: unknown; readonly unusable?: string } {
  if (!/json/i.test(contentType) || text === '') return { json: undefined }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { json: undefined, unusable: 'JSON that does not parse' }
  }
  if (deeperThan(json, MAX_DEPTH))
    return { json: undefined, unusable: `nested deeper than ${MAX_DEPTH} levels` }
  return { json }
}
