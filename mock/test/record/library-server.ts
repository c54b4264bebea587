import { createServer } from 'node:http'
import { listenLocal } from '../listen-local.js'

// The shapes a fastify + `hal` (naholyr/js-hal 1.2) server writes, by hand: pages by `page` from 1
// and `limit`, whose document says `count` (the records on this page) beside `total` (all of
// them), a CURIE as a single object, books linking their cover image (not JSON) and writable
// by POST, PUT, merge patch and DELETE, with no JSON Patch (415, as fastify answers a type it
// does not parse) and no HAL-FORMS. A book links its author and each author the list of their
// books, with no member naming the author in the book (the link is the relation).

const HAL_JSON = 'application/hal+json'

interface Book {
  id: number
  title: string
  year: number
}

const AUTHORS = [
  { id: 1, name: 'Ursula K. Le Guin' },
  { id: 2, name: 'Octavia E. Butler' },
]
/** Who wrote a book: not a member of its documents. */
const authorOf = (id: number) => (id % 2) + 1

/** A library API on 127.0.0.1, port 0: 12 books, 5 a page by default. */
export async function startLibraryServer(): Promise<{
  origin: string
  books(): readonly Book[]
  close(): Promise<void>
}> {
  const books = new Map<number, Book>()
  for (let id = 1; id <= 12; id++) books.set(id, { id, title: `Book ${id}`, year: 1960 + id })
  let next = 13
  const server = createServer((req, res) => {
    const base = `http://${req.headers.host}/api`
    const url = new URL(req.url ?? '/', base)
    const send = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        ...(body === undefined ? {} : { 'content-type': HAL_JSON }),
        ...headers,
      })
      // HEAD answers as GET without a body, as fastify does.
      res.end(body === undefined || req.method === 'HEAD' ? undefined : JSON.stringify(body))
    }
    const curies = { href: `${base}/rels/{rel}`, name: 'lib', templated: true }
    const book = (b: Book) => ({
      _links: {
        self: { href: `${base}/books/${b.id}` },
        cover: { href: `${base}/books/${b.id}/cover` },
        author: { href: `${base}/authors/${authorOf(b.id)}` },
      },
      ...b,
    })
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString()
      const type = req.headers['content-type'] ?? ''
      const body = () => JSON.parse(text) as Partial<Book>
      const path = url.pathname
      const method = req.method === 'HEAD' ? 'GET' : req.method
      const item = /^\/api\/books\/(\d+)$/.exec(path)
      const found = item ? books.get(Number(item[1])) : undefined
      if (method === 'GET' && path === '/api') {
        return send(200, {
          _links: {
            self: { href: base },
            'lib:books': { href: `${base}/books{?page,limit}`, templated: true },
            'lib:authors': { href: `${base}/authors{?page,limit}`, templated: true },
            curies,
          },
        })
      }
      const byAuthor = /^\/api\/authors\/(\d+)\/books$/.exec(path)
      if (method === 'GET' && (path === '/api/books' || byAuthor)) {
        const page = Number(url.searchParams.get('page') ?? 1)
        const limit = Number(url.searchParams.get('limit') ?? 5)
        const all = [...books.values()].filter(
          (b) => !byAuthor || authorOf(b.id) === Number(byAuthor[1]),
        )
        const list = byAuthor ? `${base}/authors/${byAuthor[1]}/books` : `${base}/books`
        const pages = Math.max(1, Math.ceil(all.length / limit))
        const items = all.slice((page - 1) * limit, page * limit)
        const href = (p: number) => ({ href: `${list}?page=${p}&limit=${limit}` })
        return send(200, {
          _links: {
            self: href(page),
            first: href(1),
            ...(page > 1 ? { prev: href(page - 1) } : {}),
            ...(page < pages ? { next: href(page + 1) } : {}),
            last: href(pages),
            curies,
          },
          _embedded: { books: items.map(book) },
          count: items.length,
          total: all.length,
        })
      }
      if (method === 'GET' && path === '/api/authors') {
        const self = { href: `${base}/authors?page=1&limit=5` }
        return send(200, {
          _links: { self, first: self, last: self, curies },
          _embedded: {
            authors: AUTHORS.map((a) => ({
              _links: {
                self: { href: `${base}/authors/${a.id}` },
                'lib:books': { href: `${base}/authors/${a.id}/books` },
              },
              ...a,
            })),
          },
          count: AUTHORS.length,
          total: AUTHORS.length,
        })
      }
      const author = AUTHORS.find((a) => path === `/api/authors/${a.id}`)
      if (method === 'GET' && author) {
        return send(200, {
          _links: {
            self: { href: `${base}/authors/${author.id}` },
            'lib:books': { href: `${base}/authors/${author.id}/books` },
            curies,
          },
          ...author,
        })
      }
      if (method === 'GET' && /^\/api\/books\/\d+\/cover$/.test(path)) {
        res.writeHead(200, { 'content-type': 'image/png' })
        return res.end(req.method === 'HEAD' ? undefined : Buffer.from([0x89, 0x50, 0x4e, 0x47]))
      }
      if (req.method === 'POST' && path === '/api/books') {
        const b = { ...body(), id: next++ } as Book
        books.set(b.id, b)
        return send(201, book(b), { location: `${base}/books/${b.id}` })
      }
      if (found && method === 'GET')
        return send(200, { ...book(found), _links: { ...book(found)._links, curies } })
      if (found && (req.method === 'PUT' || req.method === 'PATCH')) {
        const media = type.split(';')[0]?.trim()
        if (media !== 'application/json' && media !== 'application/merge-patch+json')
          return send(415)
        const b = { ...(req.method === 'PATCH' ? found : {}), ...body(), id: found.id } as Book
        books.set(found.id, b)
        return send(200, book(b))
      }
      if (found && req.method === 'DELETE') {
        books.delete(found.id)
        return send(204)
      }
      return send(404)
    })
  })
  return { ...(await listenLocal(server)), books: () => [...books.values()] }
}
