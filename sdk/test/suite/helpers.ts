import type { HttpHandler } from 'msw'
import { it } from 'vitest'
import { type Client, type ClientOptions, createClient } from '../../src/index.js'
import { SDK_CAPABILITIES, type SdkCapability, type SdkTarget } from './target.js'

/** Registers one case, as `it` does. */
export type Register = (name: string, test: () => Promise<void>) => void

/**
 * `it` for a case that overrides routes: registered only where the target has `use` (a mock), so
 * an external server shows no such test rather than a skipped one.
 *
 * @example
 * itOverriding(target)('never retries a POST', async () => { override(t, http.post(…)) })
 */
export function itOverriding(target: () => SdkTarget): Register {
  return target().use ? it : () => {}
}

/** Whether the target has a capability (see `SdkTarget.capabilities`). */
export const supports = (target: SdkTarget, capability: SdkCapability): boolean =>
  (target.capabilities ?? SDK_CAPABILITIES).includes(capability)

/** Overrides routes on the target, for a case registered with {@link itOverriding}. */
export function override(target: SdkTarget, ...handlers: HttpHandler[]): void {
  if (!target.use) throw new Error(`${target.name} cannot override routes; use itOverriding()`)
  target.use(...handlers)
}

/** Every fetch a client made (retries included), as `METHOD url` with the headers sent. */
export interface RecordedRequest {
  method: string
  url: string
  headers: Headers
  /** The status fetch answered, once it did. */
  status?: number
}

/**
 * Records when `response`'s body is cancelled (by `cancel()` on it or on its reader), as
 * `METHOD path status`. A body the runtime left null (Node's 304 and 204) becomes an empty stream,
 * as a browser gives it: there, cancelling one shows the request as cancelled.
 */
function watchBody(request: Request, response: Response, cancelled: string[]): void {
  const line = `${request.method} ${new URL(request.url).pathname} ${response.status}`
  const body = response.body ?? new Blob([]).stream()
  if (!response.body) Object.defineProperty(response, 'body', { value: body })
  const cancel = body.cancel.bind(body)
  body.cancel = (reason?: unknown) => {
    cancelled.push(line)
    return cancel(reason)
  }
  const getReader = body.getReader.bind(body) as () => ReadableStreamDefaultReader<Uint8Array>
  body.getReader = (() => {
    const reader = getReader()
    const stop = reader.cancel.bind(reader)
    reader.cancel = (reason?: unknown) => {
      cancelled.push(line)
      return stop(reason)
    }
    return reader
  }) as typeof body.getReader
}

/**
 * A client on the target's API root whose every fetch is recorded; with `watchBodies`, every
 * cancelled response body too (in `cancelled`).
 */
export function recordingClient(
  target: Pick<SdkTarget, 'apiUrl'>,
  options: Partial<ClientOptions> & { anonymous?: boolean; watchBodies?: boolean } = {},
): { client: Client; requests: RecordedRequest[]; cancelled: string[] } {
  const requests: RecordedRequest[] = []
  const cancelled: string[] = []
  const { anonymous, watchBodies, ...rest } = options
  const client = createClient({
    baseUrl: target.apiUrl,
    ...(!anonymous && { token: 'dev-token' }),
    ...rest,
    fetch: (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init)
      const recorded: RecordedRequest = {
        method: request.method,
        url: request.url,
        headers: new Headers(request.headers),
      }
      requests.push(recorded)
      return fetch(input, init).then((response) => {
        recorded.status = response.status
        // ky reads the body of a failed response itself.
        if (watchBodies && response.status < 400) watchBody(request, response, cancelled)
        return response
      })
    },
  })
  return { client, requests, cancelled }
}

/** `METHOD path?query` of each request, for readable assertions. */
export const lines = (requests: readonly RecordedRequest[]): string[] =>
  requests.map(({ method, url }) => {
    const { pathname, search } = new URL(url)
    return `${method} ${pathname}${search}`
  })

/** Writes through plain fetch, as another client would (for conflicts). */
export async function changeElsewhere(
  target: SdkTarget,
  uri: string,
  body: Record<string, unknown>,
): Promise<void> {
  const response = await fetch(uri, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
    body: JSON.stringify(body),
  })
  await response.body?.cancel()
  if (response.status !== 200)
    throw new Error(`${target.name}: PUT ${uri} answered ${response.status}`)
}
