import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { type LocalServer, listenLocal } from '../listen-local.js'

// A HAL API as a third party writes one, on plain node:http, for the HAR tests: a Bearer token on
// every request, a session cookie, a CURIE, customers paged Spring-style, their orders nested
// under them, products written by POST (201 + Location), PUT with If-Match (412 when stale) and
// DELETE (204), a document holding a token, and a page at /app whose script is the client.

/** The secrets the server and its client use: each must appear in no file a recording writes. */
export const SECRETS = {
  token: 'tok_5f1e9c2a7b3d4e6f8a0b1c2d',
  session: 'sess_9a8b7c6d5e4f3a2b1c0d',
  personal: 'pat_0011223344556677deadbeef',
  apiKey: 'key_live_51HqXyZAbCdEfGh',
} as const

interface Customer {
  id: number
  name: string
  email: string
  tier: string
  createdAt: string
}
interface Order {
  id: number
  customerId: number
  total: number
  status: string
}
interface Product {
  id: number
  name: string
  price: number
  sku: string
}

const HAL = 'application/hal+json'
const TIERS = ['gold', 'silver', 'bronze']
const STATUSES = ['open', 'paid', 'shipped']

/**
 * The client code of a session, as the page at /app runs it and as Node runs it against a
 * replay: reads by links (≥ 40 documents), creates, replaces and deletes a product. Returns what
 * it saw, request by request. Plain JavaScript, so that it runs unchanged in both.
 */
export const SESSION = `async (base, token) => {
  const log = []
  const headers = { authorization: 'Bearer ' + token, accept: 'application/hal+json' }
  const send = async (method, url, body, extra) => {
    const response = await fetch(url, {
      method,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}), ...extra },
      ...(body ? { body: JSON.stringify(body) } : {}),
    })
    const text = await response.text()
    const entry = {
      method,
      url,
      status: response.status,
      etag: response.headers.get('etag'),
      location: response.headers.get('location'),
      body: text ? JSON.parse(text) : null,
    }
    log.push(entry)
    return entry
  }
  const href = (link) => link.href.replace(/\\{[^}]*\\}/g, '')
  const root = await send('GET', base)
  await send('GET', href(root.body._links['sh:me']))
  let page = await send('GET', href(root.body._links['sh:customers']) + '?page=0&size=5')
  const customers = [...page.body._embedded.customers]
  while (page.body._links.next) {
    page = await send('GET', page.body._links.next.href)
    customers.push(...page.body._embedded.customers)
  }
  for (const c of customers) await send('GET', c._links.self.href)
  for (const c of customers.slice(0, 6)) {
    const orders = await send('GET', href(c._links['sh:orders']))
    const first = orders.body._embedded?.orders?.[0]
    if (first) await send('GET', first._links.self.href)
  }
  const products = await send('GET', href(root.body._links['sh:products']))
  for (const p of products.body._embedded.products) await send('GET', p._links.self.href)
  const created = await send('POST', href(root.body._links['sh:products']), {
    name: 'Lamp',
    price: 30,
    sku: 'LMP-1',
  })
  const fresh = await send('GET', created.location)
  await send('PUT', created.location, { name: 'Desk lamp', price: 35, sku: 'LMP-1' }, { 'if-match': fresh.etag })
  await send('GET', created.location)
  const victim = products.body._embedded.products[1]._links.self.href
  await send('DELETE', victim)
  await send('GET', href(root.body._links['sh:products']))
  return log
}`

/** Whether a request carries the API's token. */
const authorized = (req: IncomingMessage) => req.headers.authorization === `Bearer ${SECRETS.token}`

/**
 * Starts the server on 127.0.0.1, port 0, with 23 customers (5 a page), two orders for each of
 * the first eight, and five products.
 *
 * @example
 * const server = await startHarServer()
 * await fetch(`${server.origin}/api`, { headers: { authorization: `Bearer ${SECRETS.token}` } })
 */
export async function startHarServer(): Promise<LocalServer> {
  const customers: Customer[] = Array.from({ length: 23 }, (_, i) => ({
    id: i + 1,
    name: `Customer ${i + 1}`,
    email: `c${i + 1}@example.com`,
    tier: TIERS[i % 3] as string,
    createdAt: new Date(Date.UTC(2024, 0, 1 + i)).toISOString(),
  }))
  const orders: Order[] = customers.slice(0, 8).flatMap((c, i) => [
    { id: 2 * i + 1, customerId: c.id, total: 10 + i, status: STATUSES[i % 3] as string },
    { id: 2 * i + 2, customerId: c.id, total: 20 + i, status: STATUSES[(i + 1) % 3] as string },
  ])
  const products: Product[] = ['Chair', 'Table', 'Shelf', 'Sofa', 'Bed'].map((name, i) => ({
    id: i + 1,
    name,
    price: 50 * (i + 1),
    sku: `${name.slice(0, 3).toUpperCase()}-${i + 1}`,
  }))
  let nextProduct = products.length + 1
  let origin = ''
  const api = () => `${origin}/api`
  const curies = () => [{ name: 'sh', href: `${origin}/docs/rels/{rel}`, templated: true }]
  const customerDoc = ({ id: _id, ...c }: Customer) => ({
    ...c,
    _links: {
      self: { href: `${api()}/customers/${_id}` },
      'sh:orders': { href: `${api()}/customers/${_id}/orders` },
    },
  })
  const orderDoc = (o: Order) => ({
    total: o.total,
    status: o.status,
    customerId: o.customerId,
    _links: {
      self: { href: `${api()}/customers/${o.customerId}/orders/${o.id}` },
      'sh:customer': { href: `${api()}/customers/${o.customerId}` },
    },
  })
  const productDoc = ({ id, ...p }: Product) => ({
    ...p,
    _links: { self: { href: `${api()}/products/${id}` } },
  })
  const etag = (body: unknown) =>
    `"${createHash('sha1').update(JSON.stringify(body)).digest('hex').slice(0, 16)}"`

  const send = (res: ServerResponse, status: number, body?: unknown, headers = {}) => {
    const text = body === undefined ? '' : JSON.stringify(body)
    res.writeHead(status, {
      ...(body === undefined
        ? {}
        : { 'content-type': status >= 400 ? 'application/problem+json' : HAL }),
      ...headers,
    })
    res.end(text)
  }
  const problem = (res: ServerResponse, status: number, title: string) =>
    send(res, status, { type: 'about:blank', title, status })

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const url = new URL(req.url ?? '/', origin)
    const path = url.pathname.replace(/\/$/, '')
    if (path === '/app') {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<!doctype html><title>Shop</title><h1>Shop</h1>')
      return
    }
    if (path === '/app.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' })
      res.end('window.ready = true')
      return
    }
    if (!path.startsWith('/api')) return problem(res, 404, 'Not Found')
    if (!authorized(req)) {
      res.setHeader('www-authenticate', 'Bearer realm="shop"')
      return problem(res, 401, 'Unauthorized')
    }
    const method = req.method ?? 'GET'
    const read = method === 'GET' || method === 'HEAD'
    let body: unknown
    try {
      body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined
    } catch {
      return problem(res, 400, 'Bad Request')
    }
    const parts = path.slice('/api'.length).split('/').filter(Boolean)
    const item = (doc: unknown) => {
      const tag = etag(doc)
      if (req.headers['if-none-match'] === tag) return send(res, 304, undefined, { etag: tag })
      send(res, 200, doc, { etag: tag })
    }
    if (parts.length === 0 && read) {
      return send(
        res,
        200,
        {
          _links: {
            self: { href: api() },
            curies: curies(),
            'sh:customers': { href: `${api()}/customers{?page,size}`, templated: true },
            'sh:products': { href: `${api()}/products` },
            'sh:me': { href: `${api()}/me` },
          },
        },
        { 'set-cookie': `session=${SECRETS.session}; Path=/; HttpOnly` },
      )
    }
    if (parts[0] === 'me' && parts.length === 1 && read) {
      return send(res, 200, {
        name: 'Ada',
        accessToken: SECRETS.personal,
        _links: { self: { href: `${api()}/me` } },
      })
    }
    if (parts[0] === 'customers') {
      if (parts.length === 1 && read) {
        const size = Math.max(1, Number(url.searchParams.get('size') ?? 5) || 5)
        const index = Math.max(0, Number(url.searchParams.get('page') ?? 0) || 0)
        const pages = Math.ceil(customers.length / size)
        const at = (n: number) => ({ href: `${api()}/customers?page=${n}&size=${size}` })
        return send(res, 200, {
          _embedded: {
            customers: customers.slice(index * size, (index + 1) * size).map(customerDoc),
          },
          _links: {
            self: at(index),
            first: at(0),
            ...(index > 0 ? { prev: at(index - 1) } : {}),
            ...(index < pages - 1 ? { next: at(index + 1) } : {}),
            last: at(pages - 1),
            curies: curies(),
          },
          page: { size, totalElements: customers.length, totalPages: pages, number: index },
        })
      }
      const customer = customers.find((c) => c.id === Number(parts[1]))
      if (!customer) return problem(res, 404, 'Not Found')
      if (parts.length === 2 && read)
        return item({
          ...customerDoc(customer),
          _links: { ...customerDoc(customer)._links, curies: curies() },
        })
      if (parts[2] === 'orders' && parts.length === 3 && read) {
        return send(res, 200, {
          _embedded: { orders: orders.filter((o) => o.customerId === customer.id).map(orderDoc) },
          _links: { self: { href: `${api()}/customers/${customer.id}/orders` }, curies: curies() },
        })
      }
      const order = orders.find((o) => o.customerId === customer.id && o.id === Number(parts[3]))
      if (parts[2] === 'orders' && parts.length === 4 && read && order)
        return item({ ...orderDoc(order), _links: { ...orderDoc(order)._links, curies: curies() } })
      return problem(res, read ? 404 : 405, read ? 'Not Found' : 'Method Not Allowed')
    }
    if (parts[0] === 'products') {
      if (parts.length === 1) {
        if (read) {
          return send(res, 200, {
            _embedded: { products: products.map(productDoc) },
            _links: { self: { href: `${api()}/products` } },
          })
        }
        if (method === 'POST') {
          const p = body as Partial<Product> | undefined
          if (
            typeof p?.name !== 'string' ||
            typeof p.price !== 'number' ||
            typeof p.sku !== 'string'
          )
            return problem(res, 422, 'Unprocessable Content')
          const made = { id: nextProduct++, name: p.name, price: p.price, sku: p.sku }
          products.push(made)
          const doc = productDoc(made)
          return send(
            res,
            201,
            { ...doc, _links: { ...doc._links, curies: curies() } },
            { location: `${api()}/products/${made.id}` },
          )
        }
        return problem(res, 405, 'Method Not Allowed')
      }
      const index = products.findIndex((p) => p.id === Number(parts[1]))
      const product = products[index]
      if (!product || parts.length > 2) return problem(res, 404, 'Not Found')
      if (read) {
        const doc = productDoc(product)
        return item({ ...doc, _links: { ...doc._links, curies: curies() } })
      }
      const match = req.headers['if-match']
      const current = productDoc(product)
      if (
        match !== undefined &&
        match !== etag({ ...current, _links: { ...current._links, curies: curies() } })
      )
        return problem(res, 412, 'Precondition Failed')
      if (method === 'DELETE') {
        products.splice(index, 1)
        return send(res, 204)
      }
      if (method === 'PUT') {
        const p = body as Partial<Product> | undefined
        if (typeof p?.name !== 'string' || typeof p.price !== 'number' || typeof p.sku !== 'string')
          return problem(res, 422, 'Unprocessable Content')
        Object.assign(product, { name: p.name, price: p.price, sku: p.sku })
        const doc = productDoc(product)
        const full = { ...doc, _links: { ...doc._links, curies: curies() } }
        return send(res, 200, full, { etag: etag(full) })
      }
      return problem(res, 405, 'Method Not Allowed')
    }
    problem(res, 404, 'Not Found')
  })
  server.on('clientError', (_, socket) => socket.destroy())
  const local = await listenLocal(server)
  origin = local.origin
  return local
}

/**
 * A second origin of the same page's traffic: analytics JSON, a pixel and a script, none of
 * the API; its beacon carries an API key of its own.
 *
 * @example
 * const other = await startAnalyticsServer()
 */
export async function startAnalyticsServer(): Promise<LocalServer> {
  const server = createServer(async (req, res) => {
    for await (const _ of req) {
      // drained
    }
    res.setHeader('access-control-allow-origin', '*')
    res.setHeader('access-control-allow-headers', '*')
    if (req.method === 'OPTIONS') return void res.writeHead(204).end()
    if (req.url?.startsWith('/pixel.png')) {
      res.writeHead(200, { 'content-type': 'image/png' })
      return void res.end(Buffer.from('89504e470d0a1a0a', 'hex'))
    }
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ ok: true, received: 1 }))
  })
  server.on('clientError', (_, socket) => socket.destroy())
  return listenLocal(server)
}
