import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import halson from 'halson'

/**
 * HAL servers nobody here wrote, started in this process on 127.0.0.1, port 0, for the generic
 * SDK suite: Traverson's own test fixture (`traverson-test-server`), and a standard HAL API
 * assembled from `json-server` 0.17 and `halson`. Both are express apps, so both check request
 * freshness the way express does.
 */
export interface HalServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string
  close(): Promise<void>
}

const require = createRequire(import.meta.url)

/** The little of express these servers need (express ships no types, and none are installed). */
interface ExpressResponse extends ServerResponse {
  locals: { data?: unknown }
  get(header: string): string | undefined
  status(code: number): ExpressResponse
  type(mediaType: string): ExpressResponse
  json(body: unknown): void
}
interface ExpressRequest extends IncomingMessage {
  originalUrl: string
  method: string
}
type Handler = (req: ExpressRequest, res: ExpressResponse, next: () => void) => void
interface ExpressApp {
  use(...handlers: (Handler | string | object)[]): void
  get(path: string, handler: Handler): void
  set(setting: string, value: unknown): void
  listen(port: number, host: string, ready: () => void): Server
}

async function listen(app: ExpressApp): Promise<HalServer> {
  const server = await new Promise<Server>((resolve) => {
    const listening: Server = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * Traverson's test server: its routes, mounted on an express app of our own (its `start()` binds
 * every interface on a fixed port). HAL answers use relative hrefs; writes echo what they got.
 */
export async function startTraversonTestServer(): Promise<HalServer> {
  const express = require('express') as () => ExpressApp
  const bodyParser = require('body-parser') as { json(): Handler }
  const app = express()
  app.use(bodyParser.json())
  app.use(require('traverson-test-server/routes') as Handler)
  return listen(app)
}

/** The collections of the json-server HAL API: 23 articles, and comments on article 1. */
export const JSON_SERVER_SEED = {
  articles: Array.from({ length: 23 }, (_, i) => ({ id: i + 1, title: `Article ${i + 1}` })),
  comments: [
    { id: 1, articleId: 1, body: 'First!' },
    { id: 2, articleId: 1, body: 'Second' },
  ],
}

/** `<url>; rel="next"` pairs of the `Link` header json-server sets on a paged list. */
const linkHeader = (header: string | undefined): [string, string][] =>
  [...(header ?? '').matchAll(/<([^>]*)>;\s*rel="([^"]*)"/g)].map((m) => [m[2] ?? '', m[1] ?? ''])

/**
 * A standard HAL API: json-server 0.17's REST routes, rendered as HAL with halson. The root links
 * to `ex:articles` (a templated, paged collection: `_page`, `_limit`); a page holds `self`,
 * `first`, `prev`, `next`, `last` and its articles under `_embedded.item`; the CURIE `ex` is
 * defined on the container only, so embedded articles use the page's.
 */
export async function startJsonServerHalApi(): Promise<HalServer & { reset(): Promise<void> }> {
  const jsonServer = require('json-server') as {
    create(): ExpressApp
    defaults(options: object): Handler[]
    router(db: object): Handler & { render: Handler; db: { setState(state: object): void } }
  }
  const app = jsonServer.create()
  const router = jsonServer.router(structuredClone(JSON_SERVER_SEED))
  let origin = ''
  const curies = () => [{ name: 'ex', href: `${origin}/rels/{rel}`, templated: true }]
  const article = (row: { id: number }) =>
    halson(row)
      .addLink('self', `/api/articles/${row.id}`)
      .addLink('ex:comments', `/api/articles/${row.id}/comments`)
  router.render = (req, res) => {
    const data = res.locals.data
    const body = Array.isArray(data)
      ? linkHeader(res.get('link'))
          .reduce(
            (page, [rel, href]) => page.addLink(rel, href),
            halson({ total: Number(res.get('x-total-count') ?? data.length) })
              .addLink('self', req.originalUrl)
              .addLink('curies', curies()[0] as never),
          )
          .addEmbed(
            'item',
            data.map((row: { id: number }) => article(row)),
          )
      : req.method === 'DELETE'
        ? {}
        : article(data as { id: number }).addLink('curies', curies()[0] as never)
    res.type('application/hal+json').json(body)
  }
  app.use(...jsonServer.defaults({ logger: false, bodyParser: true, noGzip: true }))
  app.get('/api', (_req, res) => {
    res.type('application/hal+json').json(
      halson({ name: 'json-server HAL API' })
        .addLink('self', '/api')
        .addLink('curies', curies()[0] as never)
        .addLink('ex:articles', { href: '/api/articles{?_page,_limit}', templated: true }),
    )
  })
  app.use('/api', router)
  const server = await listen(app)
  origin = server.origin
  return {
    ...server,
    reset: async () => router.db.setState(structuredClone(JSON_SERVER_SEED)),
  }
}
