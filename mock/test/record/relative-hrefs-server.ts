import { createServer } from 'node:http'
import { listenLocal } from '../listen-local.js'

// The shapes an express + halson 3 API writes with hrefs as halson's README shows them: relative
// (`/shop/orders/1`), orders linking their customer (whose id is the `customerId` member), pages
// by `page` from 0 and `size` under `_embedded.item` (IANA "item").

const HAL = 'application/hal+json'

/** The shop on 127.0.0.1, port 0: 6 orders of 3 customers, 4 a page. */
export async function startRelativeHrefsServer(): Promise<{
  origin: string
  close(): Promise<void>
}> {
  const customers = [1, 2, 3].map((id) => ({ id, name: `Customer ${id}` }))
  const orders = [1, 2, 3, 4, 5, 6].map((id) => ({ id, customerId: (id % 3) + 1, total: id * 10 }))
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://shop.test')
    const send = (body: unknown) => {
      res.writeHead(200, { 'content-type': HAL })
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify(body))
    }
    const order = (o: (typeof orders)[number]) => ({
      ...o,
      _links: {
        self: { href: `/shop/orders/${o.id}` },
        customer: { href: `/shop/customers/${o.customerId}` },
      },
    })
    const customer = (c: (typeof customers)[number]) => ({
      ...c,
      _links: { self: { href: `/shop/customers/${c.id}` } },
    })
    const page = <T>(list: string, all: T[], item: (t: T) => object) => {
      const number = Number(url.searchParams.get('page') ?? 0)
      const size = Number(url.searchParams.get('size') ?? 4)
      const last = Math.max(0, Math.ceil(all.length / size) - 1)
      const href = (p: number) => ({ href: `${list}?page=${p}&size=${size}` })
      send({
        _links: {
          self: href(number),
          first: href(0),
          ...(number > 0 ? { prev: href(number - 1) } : {}),
          ...(number < last ? { next: href(number + 1) } : {}),
          last: href(last),
        },
        _embedded: { item: all.slice(number * size, (number + 1) * size).map(item) },
      })
    }
    const path = url.pathname
    const id = Number(/\/(\d+)$/.exec(path)?.[1])
    if (path === '/shop') {
      return send({
        _links: {
          self: { href: '/shop' },
          orders: { href: '/shop/orders{?page,size}', templated: true },
          customers: { href: '/shop/customers{?page,size}', templated: true },
        },
      })
    }
    if (path === '/shop/orders') return page('/shop/orders', orders, order)
    if (path === '/shop/customers') return page('/shop/customers', customers, customer)
    const o = orders.find((x) => path === `/shop/orders/${x.id}` && x.id === id)
    if (o) return send(order(o))
    const c = customers.find((x) => path === `/shop/customers/${x.id}` && x.id === id)
    if (c) return send(customer(c))
    res.writeHead(404).end()
  })
  return listenLocal(server)
}
