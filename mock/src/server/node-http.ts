import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'

/**
 * A fetch `Request` for a `node:http` request. The URL's origin comes from the `Host` header, as a
 * browser would address the server, falling back to the listening address when it is not usable.
 */
export function toFetchRequest(req: IncomingMessage, fallbackOrigin: string): Request {
  const origin = originOf(req.headers.host, fallbackOrigin)
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
  const method = req.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD'
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  })
}

function originOf(host: string | undefined, fallback: string): string {
  if (!host) return fallback
  try {
    const url = new URL(`http://${host}`)
    return url.host === host.toLowerCase() ? url.origin : fallback
  } catch {
    return fallback
  }
}

/** Writes a fetch `Response` to a `node:http` response (no body for HEAD, 204 and 304). */
export async function sendResponse(
  res: ServerResponse,
  response: Response,
  method: string,
): Promise<void> {
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, name) => {
    headers[name] = value
  })
  const setCookies = response.headers.getSetCookie()
  if (setCookies.length > 0) headers['set-cookie'] = setCookies
  // A request whose body was not read to its end (a 413, or an error before the body was needed)
  // leaves unread bytes on the connection: close it, or the client's next request on it breaks.
  if (!res.req.complete) headers.connection = 'close'
  const noBody = method === 'HEAD' || response.status === 204 || response.status === 304
  const body =
    noBody || response.body === null ? undefined : Buffer.from(await response.arrayBuffer())
  if (body) headers['content-length'] = String(body.byteLength)
  res.writeHead(response.status, headers)
  res.end(body)
}
