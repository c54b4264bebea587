// A newcomer's library API (mock/test/fixtures/library-api.ts) through HAL-FORMS, writes, deletes,
// links and OpenAPI: what a nested collection with a custom page and cross-links must get right.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineCollection, defineHalApi, HalDefinitionError } from '../src/index.js'
import { libraryApi } from './fixtures/library-api.js'

const ORIGIN = 'http://library.test'
const FORMS = 'application/prs.hal-forms+json'

type Api = ReturnType<typeof libraryApi>
const call = (api: Api, path: string, init: RequestInit = {}) =>
  api.handle(new Request(`${ORIGIN}/api${path}`, init))
// biome-ignore lint/suspicious/noExplicitAny: the cases read deep into JSON documents.
const json = async (api: Api, path: string, init?: RequestInit): Promise<any> =>
  (await call(api, path, init)).json()
const send = (api: Api, method: string, path: string, body?: unknown, type = 'application/json') =>
  call(api, path, {
    method,
    headers: { 'content-type': type, 'x-access-token': 'dev-token' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
const forms = { headers: { accept: FORMS } }
const book = { title: 'Tractatus', isbn: '9780000000099', available: true, genre: 'poetry' }

describe('a nested collection: the parent id comes from the URL', () => {
  it('is no property of the create and replace forms, on the parent, the page and the item', async () => {
    const api = libraryApi()
    const author = await json(api, '/authors/2', forms)
    const page = await json(api, '/authors/2/books', forms)
    const item = await json(api, '/authors/2/books/26', forms)
    for (const template of [
      author._templates.createBooks,
      page._templates.default,
      item._templates.default,
      item._templates.patch,
    ]) {
      expect(template.properties.map((p: { name: string }) => p.name)).toEqual([
        'title',
        'isbn',
        'available',
        'genre',
      ])
    }
  })

  it('is not required by the OpenAPI request body', async () => {
    const doc = (await json(api(), '/openapi.json')) as {
      components: { schemas: Record<string, { required?: string[] }> }
    }
    expect(doc.components.schemas.Book?.required).toEqual(['title', 'isbn', 'available', 'genre'])
  })

  it('takes a replace without it, and refuses a body or a patch naming another author (422 at /authorId)', async () => {
    const api = libraryApi()
    expect((await send(api, 'PUT', '/authors/2/books/26', book)).status).toBe(200)
    const moved = await send(api, 'POST', '/authors/2/books', { ...book, authorId: 1 })
    expect(moved.status).toBe(422)
    expect((await moved.json()).errors).toEqual([
      { pointer: '/authorId', detail: 'authorId must be 2, the author of the URL, or left out' },
    ])
    const patched = await send(
      api,
      'PATCH',
      '/authors/2/books/26',
      { authorId: 1 },
      'application/merge-patch+json',
    )
    expect(patched.status).toBe(422)
    expect((await patched.json()).errors[0].pointer).toBe('/authorId')
    expect((await json(api, '/authors/2/books/26')).authorId).toBe(2)
    // The same author as the URL's is taken (a representation sent back as it was read).
    expect((await send(api, 'PUT', '/authors/2/books/26', { ...book, authorId: 2 })).status).toBe(
      200,
    )
  })
})

const api = libraryApi

describe("a nested list's create form on its parent", () => {
  it('gets a key of its own: the author keeps its replace form as `default`', async () => {
    const author = await json(libraryApi(), '/authors/2', forms)
    expect(Object.keys(author._templates).sort()).toEqual([
      'createBooks',
      'default',
      'delete',
      'patch',
    ])
    expect(author._templates.default).toMatchObject({ method: 'PUT', title: 'Replace this author' })
    expect(author._templates.createBooks).toMatchObject({
      method: 'POST',
      title: 'Create a book',
      target: `${ORIGIN}/api/authors/2/books`,
    })
  })

  it('is a HalDefinitionError naming both when a definition makes two templates one key', () => {
    const clash = () =>
      defineHalApi({
        basePath: '/api',
        collections: {
          authors: { schema: z.object({ name: z.string() }) },
          books: defineCollection({
            schema: z.object({ authorId: z.number(), title: z.string() }),
            parent: { collection: 'authors', member: 'authorId' },
            param: 'bookId',
            templates: { create: 'default' },
          }),
        },
      })
    expect(clash).toThrow(HalDefinitionError)
    expect(clash).toThrow(/books's create template .* "default", which is authors's own default/)
  })

  it('is left off the parent with `createOnParent: false`, the pages keeping theirs as `default`', async () => {
    const api = defineHalApi({
      basePath: '/api',
      collections: {
        authors: { schema: z.object({ name: z.string() }), seed: [{ name: 'Ada' }] },
        books: defineCollection({
          schema: z.object({ authorId: z.number(), title: z.string() }),
          parent: { collection: 'authors', member: 'authorId' },
          param: 'bookId',
          templates: { create: 'default', createOnParent: false },
        }),
      },
    })
    const read = async (path: string) =>
      (await api.handle(new Request(`${ORIGIN}/api${path}`, forms))).json()
    const author = await read('/authors/1')
    expect(Object.keys(author._templates).sort()).toEqual(['default', 'delete', 'patch'])
    expect(author._templates.default).toMatchObject({ method: 'PUT' })
    const page = await read('/authors/1/books')
    expect(page._templates.default).toMatchObject({
      method: 'POST',
      target: `${ORIGIN}/api/authors/1/books`,
    })
  })
})

describe('deleting a parent applies the rule of a direct delete to what it takes along', () => {
  it('refuses (409 naming the loan) while a loan links a book of the author, and deletes nothing', async () => {
    const api = libraryApi()
    const direct = await send(api, 'DELETE', '/authors/2/books/26')
    expect(direct.status).toBe(409)
    expect((await direct.json()).detail).toBe(
      'Book 26 is still linked from loan 1 (its book link); change or delete it first.',
    )
    const cascade = await send(api, 'DELETE', '/authors/2')
    expect(cascade.status).toBe(409)
    expect((await cascade.json()).detail).toBe(
      'Author 2 cannot be deleted: book 26, deleted with it, is still linked from loan 1 (its book link); change or delete it first.',
    )
    expect((await call(api, '/authors/2/books/26')).status).toBe(200)
    expect((await send(api, 'DELETE', '/loans/1')).status).toBe(204)
    expect((await send(api, 'DELETE', '/authors/2')).status).toBe(204)
    expect((await call(api, '/authors/2/books/26')).status).toBe(404)
  })

  it('is what OpenAPI says of the DELETE of an author', async () => {
    const doc = (await json(libraryApi(), '/openapi.json')) as {
      paths: Record<string, { delete?: { description: string } }>
    }
    expect(doc.paths['/authors/{authorId}']?.delete?.description).toContain(
      'and the records nested under it; 409 naming a record that links to it or a record nested under it (loans by book).',
    )
  })

  it("deletes the loans too, or takes their link out, as the link's onDelete says", async () => {
    const library = (onDelete: 'cascade' | 'unlink') =>
      defineHalApi({
        basePath: '/api',
        tokens: ['dev-token'],
        collections: {
          authors: { schema: z.object({ name: z.string() }), seed: [{ name: 'Grace' }] },
          books: defineCollection({
            schema: z.object({ authorId: z.number(), title: z.string() }),
            seed: [{ authorId: 1, title: 'Compilers' }],
            parent: { collection: 'authors', member: 'authorId' },
            param: 'bookId',
          }),
          loans: defineCollection({
            schema: z.object({ bookId: z.number().optional(), borrower: z.string() }),
            seed: [{ bookId: 1, borrower: 'Linus' }],
            links: { book: { to: 'books', id: (loan) => loan.bookId, onDelete } },
          }),
        },
      })
    const cascading = library('cascade') as unknown as Api
    expect((await send(cascading, 'DELETE', '/authors/1')).status).toBe(204)
    expect((await call(cascading, '/loans/1')).status).toBe(404)
    const unlinking = library('unlink') as unknown as Api
    expect((await send(unlinking, 'DELETE', '/authors/1')).status).toBe(204)
    const loan = await json(unlinking, '/loans/1')
    expect(loan).toMatchObject({ id: 1, borrower: 'Linus' })
    expect(loan.bookId).toBeUndefined()
    expect(loan._links.book).toBeUndefined()
  })
})

describe('a nested record links its parent', () => {
  it('as `up`', async () => {
    const book26 = await json(libraryApi(), '/authors/2/books/26')
    expect(book26._links.up).toEqual({ href: `${ORIGIN}/api/authors/2` })
  })

  it('by its own relation link to the parent instead, or by the rel `parent.link` names', async () => {
    const library = (parent: { link?: string }, links = {}) =>
      defineHalApi({
        basePath: '/api',
        collections: {
          authors: { schema: z.object({ name: z.string() }), seed: [{ name: 'Ada' }] },
          books: defineCollection({
            schema: z.object({ authorId: z.number(), title: z.string() }),
            seed: [{ authorId: 1, title: 'Notes' }],
            parent: { collection: 'authors', member: 'authorId', ...parent },
            param: 'bookId',
            links,
          }),
        },
      }) as unknown as Api
    const own = await json(
      library({}, { writer: { to: 'authors', id: (b: { authorId: number }) => b.authorId } }),
      '/authors/1/books/1',
    )
    expect(Object.keys(own._links)).toEqual(['self', 'writer'])
    const named = await json(library({ link: 'author' }), '/authors/1/books/1')
    expect(named._links.author).toEqual({ href: `${ORIGIN}/api/authors/1` })
  })
})

describe('OpenAPI describes a page a `render` hook writes', () => {
  it('as the members the hook writes, its items as resources, its links as links', async () => {
    const doc = (await json(libraryApi(), '/openapi.json')) as {
      components: { schemas: Record<string, unknown> }
    }
    expect(doc.components.schemas.BookPage).toEqual({
      type: 'object',
      required: ['_embedded', '_links', 'page'],
      properties: {
        _embedded: {
          type: 'object',
          required: ['books'],
          properties: {
            books: { type: 'array', items: { $ref: '#/components/schemas/BookResource' } },
          },
        },
        _links: {
          type: 'object',
          required: ['self', 'first', 'last'],
          properties: {
            self: { $ref: '#/components/schemas/Link' },
            first: { $ref: '#/components/schemas/Link' },
            prev: { $ref: '#/components/schemas/Link' },
            next: { $ref: '#/components/schemas/Link' },
            last: { $ref: '#/components/schemas/Link' },
          },
        },
        page: {
          type: 'object',
          required: ['size', 'totalElements', 'totalPages', 'number'],
          properties: {
            size: { type: 'integer' },
            totalElements: { type: 'integer' },
            totalPages: { type: 'integer' },
            number: { type: 'integer' },
          },
        },
        // A HAL-FORMS client gets the create template the page offers, by its key and method.
        _templates: expect.objectContaining({
          required: ['default'],
          properties: {
            default: expect.objectContaining({
              properties: expect.objectContaining({ method: { const: 'POST' } }),
            }),
          },
        }),
      },
    })
  })
})

describe('a seed record that its schema refuses', () => {
  it('is a HalDefinitionError naming the record and the member by JSON Pointer', async () => {
    const bad = defineHalApi({
      basePath: '/api',
      collections: {
        books: {
          schema: z.object({ title: z.string(), isbn: z.string().regex(/^\d{13}$/) }),
          seed: [
            { title: 'Notes', isbn: '9780000000000' },
            { title: 'Sketches', isbn: '97800' },
          ],
        },
      },
    })
    await expect(bad.ready).rejects.toThrow(/invalid record at \/books\/1 .*: \/isbn: /)
  })
})
