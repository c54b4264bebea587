import type { BrowserContext, Page, Request as PlaywrightRequest, Route } from '@playwright/test'
import type { RequestHandler } from 'msw'
import type { Dispatch } from '../../serve/dispatch.js'
import { halResponder } from '../../serve/handler.js'
import { RequestLog } from '../common/request-log.js'
import { ROUTED_MARKER } from '../common/routed-marker.js'
import { answerRequest } from './answer.js'

/** Which requests go to the mock, in the syntax of `page.route()`: a glob, a RegExp or a predicate. */
export type RouteUrl = Parameters<BrowserContext['route']>[0]

/** Options of {@link routeHalApi}. */
export interface RouteHalApiOptions {
  /**
   * Which requests the mock sees, as `page.route()` takes it. Default: those the API covers (its
   * base path and below), on any origin. A request the mock does not answer falls through to the
   * next route or the network.
   */
  url?: RouteUrl
}

/** One request the mock answered, as {@link HalApiRoute.requests} lists it. */
export interface MockedRequest {
  readonly method: string
  /** The absolute URL, query included. */
  readonly url: string
  /** Request headers as the browser sent them, names in lower case, cookies included. */
  readonly headers: Readonly<Record<string, string>>
  /** The request body as text, or `null` when there is none. */
  readonly body: string | null
  /** The status the mock answered with. */
  readonly status: number
}

/** An API routed into a browser context or page by {@link routeHalApi}. */
export interface HalApiRoute {
  /**
   * Prepends handlers that override routes, as MSW's `server.use()` does; the last added wins.
   *
   * @example
   * mock.use(http.get('/api/orders/1', () => HttpResponse.json({}, { status: 503 })))
   */
  use(...handlers: RequestHandler[]): void
  /** Drops every handler added by {@link HalApiRoute.use}. */
  resetHandlers(): void
  /**
   * The last 1 000 requests the mock answered, oldest first (the real server's request log). They
   * are recorded before the page gets the answer, so once a page action has awaited its response
   * the request is listed.
   *
   * @example
   * expect(mock.requests().filter((r) => r.method === 'DELETE')).toHaveLength(1)
   */
  requests(): MockedRequest[]
  /** Stops routing: later requests go to the network (or the next route) again. */
  unroute(): Promise<void>
}

/**
 * Answers the requests of a browser context (or of one page) for any API made with
 * `defineHalApi` (the Blog API's as yours), through `route()`: no service worker, no server. The
 * API answers what it covers (its base path, on any origin, unless `url` says otherwise) through
 * its one path, after the handlers added with `use()`; CORS preflights and headers are answered as
 * the real server does, so the API may live on another origin than the page. A request no handler
 * answers (or that a handler passes through) falls through with `route.fallback()`.
 *
 * A request a service worker answers never reaches `route()`: give the context
 * `serviceWorkers: 'block'` unless the page needs one that leaves the API alone. Halyard's own
 * worker (`setupHalWorker`, `setupBlogWorker`) steps aside by itself: the pages routed here are
 * marked before their scripts run, and its `worker.start()` then registers nothing.
 *
 * @example
 * import { routeHalApi } from '@halyard/mock/playwright'
 * import shop from './shop/api.js'
 *
 * const mock = await routeHalApi(page, shop)
 * await page.goto('/') // the page's fetch('/api/orders') is answered by the shop
 * await mock.unroute()
 */
export async function routeHalApi(
  target: BrowserContext | Page,
  api: Dispatch,
  options: RouteHalApiOptions = {},
): Promise<HalApiRoute> {
  const url = options.url ?? ((url: URL) => api.covers(url))
  const then = halResponder(api)
  let overrides: RequestHandler[] = []
  const log = new RequestLog<MockedRequest>()
  let routed = true

  async function handle(route: Route, request: PlaywrightRequest): Promise<void> {
    const fetchRequest = await toFetchRequest(request)
    const response = await answerRequest(fetchRequest, overrides, pageUrlOf(request), then)
    if (response === undefined) return route.fallback()
    log.add({
      method: fetchRequest.method,
      url: fetchRequest.url,
      headers: Object.fromEntries(fetchRequest.headers),
      body: request.postData(),
      status: response.status,
    })
    await fulfil(route, response)
  }

  const handler = async (route: Route, request: PlaywrightRequest): Promise<void> => {
    try {
      await handle(route, request)
    } catch (error) {
      // After unroute the page is usually closing; its in-flight requests may fail, and that is fine.
      if (routed) throw error
    }
  }

  await target.route(url, handler)
  // Playwright before 1.56 gives no handle to remove an init script by: the mark then stays.
  const marker = (await target.addInitScript((name: string) => {
    ;(globalThis as Record<string, unknown>)[name] = true
  }, ROUTED_MARKER)) as { dispose?: () => Promise<void> } | undefined
  return {
    use: (...handlers) => {
      overrides = [...handlers, ...overrides]
    },
    resetHandlers: () => {
      overrides = []
    },
    requests: () => log.list(),
    unroute: async () => {
      routed = false
      await target.unroute(url, handler)
      await marker?.dispose?.()
    },
  }
}

/** The request as a fetch `Request`, with the headers the browser really sent (cookies too). */
async function toFetchRequest(request: PlaywrightRequest): Promise<Request> {
  const headers = new Headers()
  for (const [name, value] of Object.entries(await request.allHeaders())) {
    // HTTP/2 pseudo-headers (`:authority`, …) are not headers a fetch Request may carry.
    if (!name.startsWith(':')) headers.set(name, value)
  }
  const method = request.method()
  const body = method === 'GET' || method === 'HEAD' ? null : request.postDataBuffer()
  return new Request(request.url(), {
    method,
    headers,
    body: body === null ? null : new Uint8Array(body),
  })
}

/** The URL relative handler paths resolve against: the page's, as MSW does in a browser. */
function pageUrlOf(request: PlaywrightRequest): string | undefined {
  let url: string
  try {
    url = request.frame().page().url()
  } catch {
    return undefined // a service worker's request belongs to no frame
  }
  return url.startsWith('http:') || url.startsWith('https:') ? url : undefined
}

async function fulfil(route: Route, response: Response): Promise<void> {
  if (response.type === 'error') return route.abort('failed')
  const headers: Record<string, string> = Object.fromEntries(response.headers)
  // Playwright splits `set-cookie` on new lines, so several cookies survive the plain object.
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) headers['set-cookie'] = cookies.join('\n')
  const body = Buffer.from(await response.arrayBuffer())
  await route.fulfill({ status: response.status, headers, body })
}
