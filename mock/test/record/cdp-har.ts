import type { CDPSession } from '@playwright/test'

// A HAR assembled from Chromium's own DevTools protocol events, as chrome-har and DevTools'
// "Save all as HAR" build one: Network.requestWillBeSent, responseReceived, loadingFinished,
// the bodies from Network.getResponseBody (base64 when Chromium says so).

interface Pending {
  request: {
    url: string
    method: string
    headers: Record<string, string>
    postData?: string
  }
  wallTime: number
  response?: {
    status: number
    statusText: string
    headers: Record<string, string>
    mimeType: string
    encodedDataLength: number
  }
  body?: { body: string; base64Encoded: boolean }
  redirects: Pending[]
}

/** What an entry keeps of CDP's `Network.Response`. */
const responseOf = (r: {
  status: number
  statusText: string
  headers: object
  mimeType: string
  encodedDataLength: number
}): NonNullable<Pending['response']> => ({
  status: r.status,
  statusText: r.statusText,
  headers: r.headers as Record<string, string>,
  mimeType: r.mimeType,
  encodedDataLength: r.encodedDataLength,
})

const pairs = (headers: Record<string, string>) =>
  Object.entries(headers).flatMap(([name, value]) =>
    value.split('\n').map((v) => ({ name, value: v })),
  )

/**
 * Collects a page's network traffic over CDP; `har()` then answers the HAR 1.2 of it, with
 * `withoutBody(url)` leaving out the bodies a sanitized export leaves out.
 *
 * @example
 * const recorder = await cdpHar(await context.newCDPSession(page))
 * // … drive the page …
 * const har = await recorder.har()
 */
export async function cdpHar(cdp: CDPSession) {
  const byId = new Map<string, Pending>()
  const done: Pending[] = []
  const reads: Promise<void>[] = []
  cdp.on('Network.requestWillBeSent', (event) => {
    const previous = byId.get(event.requestId)
    const pending: Pending = {
      request: {
        url: event.request.url,
        method: event.request.method,
        headers: event.request.headers as Record<string, string>,
        ...(event.request.postData === undefined ? {} : { postData: event.request.postData }),
      },
      wallTime: event.wallTime,
      redirects: [],
    }
    // A redirect reuses the id: the hop before is an entry of its own, with its 3xx.
    if (previous && event.redirectResponse) {
      previous.response = responseOf(event.redirectResponse)
      done.push(previous)
    }
    byId.set(event.requestId, pending)
  })
  cdp.on('Network.responseReceived', (event) => {
    const pending = byId.get(event.requestId)
    if (!pending) return
    pending.response = responseOf(event.response)
  })
  // The headers as sent and received (cookies, Set-Cookie), which the events above leave out.
  const extraRequest = new Map<string, Record<string, string>>()
  const extraResponse = new Map<string, Record<string, string>>()
  cdp.on('Network.requestWillBeSentExtraInfo', (event) => {
    extraRequest.set(event.requestId, event.headers as Record<string, string>)
  })
  cdp.on('Network.responseReceivedExtraInfo', (event) => {
    extraResponse.set(event.requestId, event.headers as Record<string, string>)
  })
  cdp.on('Network.loadingFinished', (event) => {
    const pending = byId.get(event.requestId)
    if (!pending) return
    byId.delete(event.requestId)
    done.push(pending)
    const sent = extraRequest.get(event.requestId)
    if (sent) pending.request.headers = { ...pending.request.headers, ...sent }
    const received = extraResponse.get(event.requestId)
    if (received && pending.response)
      pending.response.headers = { ...pending.response.headers, ...received }
    reads.push(
      cdp
        .send('Network.getResponseBody', { requestId: event.requestId })
        .then((body) => {
          pending.body = body
        })
        .catch(() => {
          // No body kept (a 204, a preflight): the entry says "content not available".
        }),
    )
  })
  await cdp.send('Network.enable')
  return {
    async har(withoutBody: (url: string) => boolean = () => false) {
      await Promise.all(reads)
      const entries = done.map((p) => {
        const type = p.response?.headers['content-type'] ?? p.response?.mimeType ?? ''
        const url = new URL(p.request.url)
        const sanitized = withoutBody(p.request.url)
        return {
          startedDateTime: new Date(p.wallTime * 1000).toISOString(),
          time: 0,
          request: {
            method: p.request.method,
            url: p.request.url,
            httpVersion: 'HTTP/1.1',
            headers: pairs(p.request.headers),
            queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
            cookies: [],
            headersSize: -1,
            bodySize: p.request.postData?.length ?? 0,
            ...(p.request.postData === undefined
              ? {}
              : {
                  postData: {
                    mimeType:
                      p.request.headers['Content-Type'] ?? p.request.headers['content-type'] ?? '',
                    text: p.request.postData,
                  },
                }),
          },
          response: {
            status: p.response?.status ?? 0,
            statusText: p.response?.statusText ?? '',
            httpVersion: 'HTTP/1.1',
            headers: pairs(p.response?.headers ?? {}),
            cookies: [],
            content: {
              size: p.body?.body.length ?? 0,
              mimeType: type,
              ...(p.body && !sanitized
                ? { text: p.body.body, ...(p.body.base64Encoded ? { encoding: 'base64' } : {}) }
                : { comment: 'content not available' }),
            },
            redirectURL: p.response?.headers.location ?? p.response?.headers.Location ?? '',
            headersSize: -1,
            bodySize: p.response?.encodedDataLength ?? -1,
          },
          cache: {},
          timings: { send: 0, wait: 0, receive: 0 },
        }
      })
      return {
        log: { version: '1.2', creator: { name: 'cdp-har (test)', version: '1' }, entries },
      }
    },
  }
}
