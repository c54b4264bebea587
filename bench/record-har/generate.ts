// A HAR as a long browser session over a HAL API writes one, made to a size: pages and items of
// customers, their nested orders, products written (POST, PUT, DELETE), and the noise a page
// sends besides (scripts, images, preflights, analytics on another origin).

const API = 'https://shop.example'
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJiZW5jaCJ9.YmVuY2gtc2lnbmF0dXJl'
const HEADERS = [
  { name: 'Accept', value: 'application/hal+json' },
  { name: 'Authorization', value: `Bearer ${TOKEN}` },
  { name: 'User-Agent', value: 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/150.0.0.0' },
  { name: 'Referer', value: `${API}/app` },
  { name: 'Cookie', value: 'session=sess_0123456789abcdef; theme=dark' },
]
const ANSWER = [
  { name: 'Content-Type', value: 'application/hal+json' },
  { name: 'Cache-Control', value: 'no-cache' },
  { name: 'Date', value: 'Wed, 01 Jan 2025 00:00:00 GMT' },
]

/**
 * A HAR 1.2 text of about `bytes` characters: reads of `/api`, paged customers (20 a page),
 * each customer and its orders, and now and then a product created, replaced and deleted.
 *
 * @example
 * const text = generateHar(20 * 1024 * 1024)
 */
export function generateHar(bytes: number): string {
  const entries: string[] = []
  let size = 0
  let clock = Date.UTC(2025, 0, 1)
  const push = (entry: object) => {
    const text = JSON.stringify(entry)
    entries.push(text)
    size += text.length + 1
  }
  const tick = () => {
    clock += 7
    return new Date(clock).toISOString()
  }
  const entry = (method: string, url: string, status: number, body?: unknown, sent?: unknown) => ({
    startedDateTime: tick(),
    time: 7,
    request: {
      method,
      url,
      httpVersion: 'HTTP/1.1',
      headers: HEADERS,
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: sent === undefined ? 0 : JSON.stringify(sent).length,
      ...(sent === undefined
        ? {}
        : { postData: { mimeType: 'application/json', text: JSON.stringify(sent) } }),
    },
    response: {
      status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      headers: ANSWER,
      cookies: [],
      content: {
        size: body === undefined ? 0 : JSON.stringify(body).length,
        mimeType: body === undefined ? '' : 'application/hal+json',
        ...(body === undefined ? {} : { text: JSON.stringify(body) }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 1, wait: 5, receive: 1 },
  })
  const customer = (id: number) => ({
    name: `Customer ${id}`,
    email: `c${id}@example.com`,
    tier: ['gold', 'silver', 'bronze'][id % 3],
    note: 'x'.repeat(40 + (id % 50)),
    _links: {
      self: { href: `${API}/api/customers/${id}` },
      orders: { href: `${API}/api/customers/${id}/orders` },
    },
  })
  const order = (customerId: number, id: number) => ({
    total: (id * 7) % 300,
    status: ['open', 'paid', 'shipped'][id % 3],
    customerId,
    _links: {
      self: { href: `${API}/api/customers/${customerId}/orders/${id}` },
      customer: { href: `${API}/api/customers/${customerId}` },
    },
  })
  push(
    entry('GET', `${API}/api`, 200, {
      _links: {
        self: { href: `${API}/api` },
        customers: { href: `${API}/api/customers{?page,size}`, templated: true },
        products: { href: `${API}/api/products` },
      },
    }),
  )
  let id = 0
  let product = 0
  for (let pageIndex = 0; size < bytes; pageIndex++) {
    const ids = Array.from({ length: 20 }, (_, i) => id + i + 1)
    const at = (n: number) => ({ href: `${API}/api/customers?page=${n}&size=20` })
    push(
      entry('GET', at(pageIndex).href, 200, {
        _embedded: { customers: ids.map(customer) },
        _links: { self: at(pageIndex), next: at(pageIndex + 1), first: at(0) },
        page: { size: 20, number: pageIndex },
      }),
    )
    for (const c of ids) {
      if (size >= bytes) break
      push(entry('GET', `${API}/api/customers/${c}`, 200, customer(c)))
      const orders = [2 * c - 1, 2 * c].map((o) => order(c, o))
      push(
        entry('GET', `${API}/api/customers/${c}/orders`, 200, {
          _embedded: { orders },
          _links: { self: { href: `${API}/api/customers/${c}/orders` } },
        }),
      )
      // The noise of a page: a script, an image, an analytics preflight and beacon.
      push({
        ...entry('GET', `${API}/app.js`, 200),
        response: {
          status: 200,
          content: { mimeType: 'text/javascript', text: 'x'.repeat(200) },
          headers: [],
        },
      })
      push(entry('OPTIONS', 'https://metrics.example/collect', 204))
      push({
        ...entry('POST', `https://metrics.example/collect?api_key=key_${c}_abcdefgh`, 200),
        response: {
          status: 200,
          content: { mimeType: 'application/json', text: '{"ok":true}' },
          headers: [],
        },
      })
    }
    id += 20
    // Writes: a product made, replaced, read and deleted.
    product++
    const p = { name: `Product ${product}`, price: product % 100, sku: `SKU-${product}` }
    const self = `${API}/api/products/${product}`
    push({
      ...entry('POST', `${API}/api/products`, 201, { ...p, _links: { self: { href: self } } }, p),
    })
    push(entry('GET', self, 200, { ...p, _links: { self: { href: self } } }))
    push(
      entry(
        'PUT',
        self,
        200,
        { ...p, price: p.price + 1, _links: { self: { href: self } } },
        { ...p, price: p.price + 1 },
      ),
    )
    if (product % 2 === 0) push(entry('DELETE', self, 204))
  }
  return `{"log":{"version":"1.2","creator":{"name":"halyard bench","version":"1"},"entries":[\n${entries.join(',\n')}\n]}}`
}
