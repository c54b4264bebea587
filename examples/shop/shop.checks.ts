// A hypermedia-driven check of the shop: it knows only the root URL and finds everything else by
// following links, as a HAL client would. Run in-process (shop.test.ts) and over HTTP
// (shop.server.test.ts).
import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'

/** The shop's root URL, as the running file gives it. */
let rootUrl: () => string = () => {
  throw new Error('call shopChecks first')
}

type Link = { href: string; templated?: boolean }
/** A HAL-FORMS template, as far as this client reads it. */
type Template = {
  method: string
  contentType?: string
  target?: string
  properties: { name: string; required?: true; options?: { inline: unknown[] } }[]
}
type Doc = {
  _links: Record<string, Link | Link[]>
  _embedded?: Record<string, Doc | Doc[]>
  _templates?: Record<string, Template>
  page?: { size: number; totalElements: number; totalPages: number; number: number }
  [key: string]: unknown
}

const HAL = { accept: 'application/hal+json' }
const WRITE = { ...HAL, 'content-type': 'application/json', 'x-access-token': 'dev-token' }

/** What a HAL-FORMS client asks for: templates first, plain HAL where a resource has none. */
const FORMS = { accept: 'application/prs.hal-forms+json, application/hal+json;q=0.9' }

async function read(href: string): Promise<Doc> {
  const response = await fetch(href, { headers: HAL })
  expect(response.status, href).toBe(200)
  expect(response.headers.get('content-type')).toBe('application/hal+json')
  return (await response.json()) as Doc
}

const one = (link: Link | Link[] | undefined): Link => {
  if (!link || Array.isArray(link))
    throw new Error(`expected one link, got ${JSON.stringify(link)}`)
  return link
}
/** A link's target with its template's variables left out (RFC 6570 drops undefined ones). */
const plain = (link: Link) => (link.templated ? link.href.replace(/\{[^}]*\}/g, '') : link.href)

/** The collections the root links to, by rel: every link but self, curies and the OpenAPI one. */
async function collections(): Promise<Map<string, string>> {
  const root = await read(rootUrl())
  const out = new Map<string, string>()
  for (const [rel, link] of Object.entries(root._links)) {
    if (rel === 'self' || rel === 'curies' || rel === 'service-desc') continue
    out.set(rel, plain(one(link)))
  }
  return out
}

/** A resource read as a HAL-FORMS client reads it: its document and the ETag to send back. */
async function readForms(href: string): Promise<{ doc: Doc; etag: string }> {
  const response = await fetch(href, { headers: FORMS })
  expect(response.status, href).toBe(200)
  expect(response.headers.get('content-type')).toBe('application/prs.hal-forms+json')
  return { doc: (await response.json()) as Doc, etag: response.headers.get('etag') as string }
}

/**
 * Submits a template as a HAL-FORMS client does: only the properties the template names (every
 * required one filled, an option among its options), with its method and content type, to its
 * target or else the document's `self`, with `If-Match` when given.
 */
async function submit(
  doc: Doc,
  name: string,
  values: Record<string, unknown>,
  ifMatch?: string,
): Promise<Response> {
  const template = doc._templates?.[name]
  if (!template) throw new Error(`no template ${name} in ${JSON.stringify(doc._links.self)}`)
  const body: Record<string, unknown> = {}
  for (const property of template.properties) {
    const value = values[property.name]
    if (value === undefined) {
      if (property.required) throw new Error(`${name} needs ${property.name}`)
      continue
    }
    if (property.options) expect(property.options.inline).toContain(value)
    body[property.name] = value
  }
  expect(Object.keys(values).filter((key) => !(key in body))).toEqual([])
  const headers: Record<string, string> = { ...FORMS, 'x-access-token': 'dev-token' }
  if (ifMatch) headers['if-match'] = ifMatch
  if (template.contentType) headers['content-type'] = template.contentType
  const hasBody = template.properties.length > 0
  return fetch(template.target ?? one(doc._links.self).href, {
    method: template.method,
    headers,
    ...(hasBody && { body: JSON.stringify(body) }),
  })
}

/** The documents embedded under a rel (a list). */
function embedded(doc: Doc, rel: string): Doc[] {
  const found = doc._embedded?.[rel]
  if (!Array.isArray(found)) throw new Error(`expected a list embedded as ${rel}`)
  return found
}

/** Every link object in a document, its embedded documents' included. */
function linksOf(doc: Doc): Link[] {
  const out: Link[] = []
  for (const [rel, link] of Object.entries(doc._links)) {
    if (rel !== 'curies') out.push(...(Array.isArray(link) ? link : [link]))
  }
  for (const embedded of Object.values(doc._embedded ?? {})) {
    for (const item of Array.isArray(embedded) ? embedded : [embedded]) out.push(...linksOf(item))
  }
  return out
}

/** The checks, on the shop at `root()`; knowing only that URL. */
export function shopChecks(root: () => string): void {
  rootUrl = root
  describe('the shop, driven by its links', () => {
    it('links every collection from the root, and pages each to its end by next', async () => {
      const found = await collections()
      expect([...found.keys()].sort()).toEqual(['customers', 'orders', 'products'])
      const orders = found.get('orders') as string
      const seen: number[] = []
      let href: string | undefined = orders
      let pages = 0
      let total = 0
      while (href) {
        const page = await read(href)
        pages++
        total = page.page?.totalElements ?? 0
        const items = page._embedded?.orders as Doc[]
        seen.push(...items.map((item) => item.id as number))
        href = (page._links.next as Link | undefined)?.href
      }
      expect(pages).toBeGreaterThan(1)
      expect(total).toBeGreaterThanOrEqual(100)
      expect(seen).toHaveLength(total)
      expect(new Set(seen).size).toBe(total)
    })

    it('describes itself: service-desc is an OpenAPI 3.1 document a validator accepts', async () => {
      const root = await read(rootUrl())
      const response = await fetch(one(root._links['service-desc']).href)
      expect(response.status).toBe(200)
      const document = await response.json()
      const result = await new Validator().validate(document)
      expect(result.errors).toBeUndefined()
      expect(document.servers).toEqual([{ url: rootUrl() }])
      for (const rel of (await collections()).keys()) {
        expect(Object.keys(document.paths)).toContain(`/${rel}/{id}`)
      }
    })

    it('has no dangling link: every link of every page and item answers 200', async () => {
      const targets = new Set<string>()
      for (const href of (await collections()).values()) {
        let next: string | undefined = href
        while (next) {
          const page = await read(next)
          for (const link of linksOf(page)) targets.add(plain(link))
          next = (page._links.next as Link | undefined)?.href
        }
      }
      expect(targets.size).toBeGreaterThan(100)
      for (const target of targets) await read(target)
    })

    it('embeds the products of an order beside its links, and links its customer', async () => {
      const page = await read((await collections()).get('orders') as string)
      const order = embedded(page, 'orders')[0] as Doc
      const products = order._embedded?.products as Doc[]
      expect(products.map((p) => one(p._links.self).href)).toEqual(
        (order._links.products as Link[]).map((link) => link.href),
      )
      const customer = await read(one(order._links.customer).href)
      const ordersOfCustomer = await read(plain(one(customer._links.orders)))
      const ids = embedded(ordersOfCustomer, 'orders').map((o) => o.customerId)
      expect(new Set(ids)).toEqual(new Set([customer.id]))
    })

    it('answers 304 to a read that sends back the ETag', async () => {
      const page = await read((await collections()).get('products') as string)
      const self = one(embedded(page, 'products')[0]?._links.self).href
      const first = await fetch(self, { headers: HAL })
      const etag = first.headers.get('etag') as string
      expect(etag).toMatch(/^"/)
      const again = await fetch(self, { headers: { ...HAL, 'if-none-match': etag } })
      expect(again.status).toBe(304)
      expect(await again.text()).toBe('')
    })

    it('creates, replaces and deletes a customer with If-Match, refusing a stale one', async () => {
      const customers = (await collections()).get('customers') as string
      const created = await fetch(customers, {
        method: 'POST',
        headers: WRITE,
        body: JSON.stringify({ name: 'Hedy', email: 'hedy@example.com' }),
      })
      expect(created.status).toBe(201)
      const location = created.headers.get('location') as string
      const etag = created.headers.get('etag') as string
      expect((await read(location)).name).toBe('Hedy')

      const replace = (ifMatch: string, name: string) =>
        fetch(location, {
          method: 'PUT',
          headers: { ...WRITE, 'if-match': ifMatch },
          body: JSON.stringify({ name, email: 'hedy@example.com' }),
        })
      const replaced = await replace(etag, 'Hedy Lamarr')
      expect(replaced.status).toBe(200)
      expect(((await replaced.json()) as Doc).name).toBe('Hedy Lamarr')
      const stale = await replace(etag, 'Someone else')
      expect(stale.status).toBe(412)
      expect(stale.headers.get('content-type')).toBe('application/problem+json')

      const current = replaced.headers.get('etag') as string
      const remove = (ifMatch: string) =>
        fetch(location, { method: 'DELETE', headers: { ...WRITE, 'if-match': ifMatch } })
      expect((await remove(etag)).status).toBe(412)
      const deleted = await remove(current)
      expect(deleted.status).toBe(204)
      expect((await fetch(location, { headers: HAL })).status).toBe(404)
    })

    it('lets a client that knows only HAL-FORMS create, edit, patch and delete an order', async () => {
      const found = await collections()
      const customer = embedded(await read(found.get('customers') as string), 'customers')[0]
      const product = embedded(await read(found.get('products') as string), 'products')[0]
      const orders = (await readForms(found.get('orders') as string)).doc
      const statuses = orders._templates?.default?.properties.find((p) => p.name === 'status')
        ?.options?.inline
      expect(statuses).toEqual(['open', 'paid', 'shipped'])

      const created = await submit(orders, 'default', {
        customerId: customer?.id,
        status: 'open',
        lines: [{ productId: product?.id, quantity: 2 }],
      })
      expect(created.status).toBe(201)
      const location = created.headers.get('location') as string
      let { doc, etag } = await readForms(location)
      expect(doc).toMatchObject({ status: 'open', customerId: customer?.id })

      const edited = await submit(
        doc,
        'default',
        { customerId: doc.customerId, status: 'paid', lines: doc.lines },
        etag,
      )
      expect(edited.status).toBe(200)
      expect(((await edited.json()) as Doc).status).toBe('paid')
      const stale = await submit(doc, 'patch', { status: 'shipped' }, etag)
      expect(stale.status).toBe(412)
      ;({ doc, etag } = await readForms(location))

      const patched = await submit(doc, 'patch', { status: 'shipped' }, etag)
      expect(patched.status).toBe(200)
      expect(patched.headers.get('content-type')).toBe('application/prs.hal-forms+json')
      expect((await read(location)).status).toBe('shipped')

      const deleted = await submit(doc, 'delete', {}, patched.headers.get('etag') as string)
      expect(deleted.status).toBe(204)
      expect((await fetch(location, { headers: HAL })).status).toBe(404)
    })

    it('answers problems: 401 without a token, 400 for broken JSON, 415 for another type', async () => {
      const customers = (await collections()).get('customers') as string
      const post = (headers: Record<string, string>, body: string) =>
        fetch(customers, { method: 'POST', headers, body })
      const body = JSON.stringify({ name: 'Eve', email: 'eve@example.com' })
      const cases: [Response, number][] = [
        [await post({ 'content-type': 'application/json' }, body), 401],
        [await post(WRITE, '{"name": '), 400],
        [await post({ ...WRITE, 'content-type': 'text/plain' }, body), 415],
      ]
      for (const [response, status] of cases) {
        expect(response.status).toBe(status)
        expect(response.headers.get('content-type')).toBe('application/problem+json')
        const problem = await response.text()
        expect(JSON.parse(problem)).toMatchObject({
          status,
          title: expect.any(String),
          detail: expect.any(String),
        })
        expect(problem).not.toMatch(/\bat .*\.[jt]s:\d+/)
      }
      expect(cases[0]?.[0].headers.get('www-authenticate')).toMatch(/^Bearer/)
    })
  })
}
