import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineCollection, type PagingConvention } from '../definition/definition.js'
import { Problem } from '../http/problem.js'
import { createHalApi, defineHalApi } from './api.js'

const ORIGIN = 'http://library.test'

/** Authors' books at 1-based pages named `p` and `per`, with a document of the library's own. */
const LIBRARY_PAGING: PagingConvention = {
  page: 'p',
  size: 'per',
  firstIndex: 1,
  defaultSize: 2,
  maxSize: 5,
  pastEnd: 'not-found',
  render: (page) => ({
    at: page.index,
    of: page.totalPages,
    count: page.total,
    // Links to every page, by the convention's own parameters.
    pages: Array.from({ length: page.totalPages }, (_, n) => page.page(n + 1).href),
    _links: page.links,
    items: page.items,
  }),
}

/**
 * A library unlike the Blog: authors (writable, listed), their books nested under them, each
 * book's reviews nested under it and read-only; a book's `author` link titled with the author's
 * name; a grant per author; a book body without the server's `updatedAt`.
 */
const library = () =>
  defineHalApi({
    basePath: '/lib',
    tokens: ['ada', 'root'],
    curies: [{ name: 'lib', href: '/rels/{rel}' }],
    paging: LIBRARY_PAGING,
    root: { links: { 'lib:search': { href: '/search{?q}', templated: true } } },
    collections: {
      authors: defineCollection({
        schema: z.object({ name: z.string().min(1) }),
        seed: [{ name: 'Ada' }, { name: 'Grace' }],
        param: 'authorId',
        singular: 'author',
      }),
      books: defineCollection({
        schema: z.object({ authorId: z.number().int(), title: z.string(), updatedAt: z.number() }),
        input: z.strictObject({ title: z.string().trim().min(1) }),
        prepare: (input) => ({ title: input.title, updatedAt: 7 }),
        seed: [
          { authorId: 1, title: 'Notes', updatedAt: 0 },
          { authorId: 1, title: 'Sketches', updatedAt: 0 },
          { authorId: 1, title: 'Letters', updatedAt: 0 },
          { authorId: 2, title: 'Compilers', updatedAt: 0 },
        ],
        parent: { collection: 'authors', member: 'authorId', rel: 'lib:books' },
        param: 'bookId',
        singular: 'book',
        links: {
          author: {
            to: 'authors',
            id: (book) => book.authorId,
            title: (author) => author.name,
          },
        },
        // Anyone reads; `ada` writes Ada's books only, `root` any.
        authorize: ({ action, grant, record, parent }) =>
          action === 'read' || grant === 'root' || (record?.authorId ?? parent?.id) === 1 || 403,
        deleted: (book, was) => ({
          gone: book.id,
          _links: { curies: (was._links as { curies: unknown }).curies },
        }),
        templates: { create: 'addBook', createTitle: 'Add a book' },
      }),
      reviews: defineCollection({
        schema: z.object({ bookId: z.number().int(), stars: z.number() }),
        seed: [{ bookId: 1, stars: 5 }],
        parent: { collection: 'books', member: 'bookId', rel: 'reviews' },
        param: 'reviewId',
        readOnly: true,
      }),
    },
  })

type Library = ReturnType<typeof library>

const call = (api: Library, path: string, init: RequestInit = {}) =>
  api.handle(new Request(`${ORIGIN}/lib${path}`, init))
// biome-ignore lint/suspicious/noExplicitAny: the cases read deep into JSON documents.
const json = async (api: Library, path: string, init?: RequestInit): Promise<any> =>
  (await call(api, path, init)).json()
const write = (api: Library, method: string, path: string, body?: unknown, token = 'ada') =>
  call(api, path, {
    method,
    headers: { 'content-type': 'application/json', 'x-access-token': token },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

describe('defineHalApi: nested addresses', () => {
  it('serves a nested record under its parent, and links the parent and the nested list', async () => {
    const api = library()
    const book = await json(api, '/authors/1/books/2')
    expect(book).toMatchObject({ id: 2, title: 'Sketches' })
    expect(book._links.self.href).toBe(`${ORIGIN}/lib/authors/1/books/2`)
    expect(book._links.author.href).toBe(`${ORIGIN}/lib/authors/1`)
    expect(book._links.reviews).toEqual({
      href: `${ORIGIN}/lib/authors/1/books/2/reviews{?p,per}`,
      templated: true,
    })
    const author = await json(api, '/authors/1')
    expect(author._links['lib:books']).toEqual({
      href: `${ORIGIN}/lib/authors/1/books{?p,per}`,
      templated: true,
    })
  })

  it('answers 404 for a record addressed under another parent, or a parent that is not there', async () => {
    const api = library()
    for (const path of [
      '/authors/2/books/1',
      '/authors/9/books/1',
      '/authors/1/books/x',
      '/books/1',
    ]) {
      expect((await call(api, path)).status, path).toBe(404)
    }
    const problem = await json(api, '/authors/2/books/1')
    expect(problem.detail).toBe('Author 2 has no book with id 1.')
    expect((await call(api, '/authors/1/books/1/reviews/1')).status).toBe(200)
    expect((await call(api, '/authors/2/books/4/reviews/1')).status).toBe(404)
  })

  it('sets the parent of a record POSTed to a nested list, and reads its fields through input and prepare', async () => {
    const api = library()
    const created = await write(api, 'POST', '/authors/1/books', { title: '  Diagrams ' })
    expect(created.status).toBe(201)
    expect(created.headers.get('location')).toBe(`${ORIGIN}/lib/authors/1/books/5`)
    expect(await created.json()).toMatchObject({
      id: 5,
      title: 'Diagrams',
      authorId: 1,
      updatedAt: 7,
    })
    const unknown = await write(api, 'POST', '/authors/1/books', { title: 'x', authorId: 2 })
    expect(unknown.status).toBe(422)
    expect((await unknown.json()).errors).toEqual([
      { pointer: '/authorId', detail: 'authorId is not a member of this resource' },
    ])
    expect((await write(api, 'POST', '/authors/9/books', { title: 'x' })).status).toBe(404)
  })

  it('keeps the parent on PUT and PATCH, which touch the input fields only', async () => {
    const api = library()
    const put = await write(api, 'PUT', '/authors/1/books/1', { title: 'Notes, revised' })
    expect(await put.json()).toMatchObject({ id: 1, authorId: 1, title: 'Notes, revised' })
    const patch = await call(api, '/authors/1/books/1', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json-patch+json', 'x-access-token': 'ada' },
      body: JSON.stringify([{ op: 'replace', path: '/authorId', value: 2 }]),
    })
    expect(patch.status).toBe(422)
  })

  it('deletes the records nested under a deleted record', async () => {
    const api = library()
    expect((await write(api, 'DELETE', '/authors/1/books/1')).status).toBe(204)
    expect(api.db.reviews.count()).toBe(0)
    expect((await write(api, 'DELETE', '/authors/1', undefined, 'root')).status).toBe(204)
    expect(api.db.books.count()).toBe(1)
  })

  it('lists the nested collections at their paths in the OpenAPI document', async () => {
    const api = library()
    const paths = Object.keys(api.openapi(ORIGIN).paths as object)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/authors/{authorId}/books',
        '/authors/{authorId}/books/{bookId}',
        '/authors/{authorId}/books/{bookId}/reviews/{reviewId}',
      ]),
    )
    expect(paths).not.toContain('/books')
  })

  it('links the root to the top-level collections and its own links, not to nested ones', async () => {
    const api = library()
    const root = await json(api, '')
    expect(Object.keys(root._links)).toEqual([
      'curies',
      'self',
      'authors',
      'lib:search',
      'service-desc',
    ])
    expect(root._links.authors.href).toBe(`${ORIGIN}/lib/authors{?p,per}`)
    expect(root._links['lib:search']).toEqual({ href: `${ORIGIN}/lib/search{?q}`, templated: true })
  })
})

describe('defineHalApi: a paging convention', () => {
  it('reads its parameters from 1, renders its own document with the standard links', async () => {
    const api = library()
    const page = await json(api, '/authors/1/books?p=2&per=2')
    expect(page).toMatchObject({ at: 2, of: 2, count: 3 })
    expect(page.pages).toEqual([
      `${ORIGIN}/lib/authors/1/books?p=1&per=2`,
      `${ORIGIN}/lib/authors/1/books?p=2&per=2`,
    ])
    expect(page.items.map((book: { id: number }) => book.id)).toEqual([3])
    expect(page._links).toEqual({
      self: { href: `${ORIGIN}/lib/authors/1/books?p=2&per=2` },
      first: { href: `${ORIGIN}/lib/authors/1/books?p=1&per=2` },
      prev: { href: `${ORIGIN}/lib/authors/1/books?p=1&per=2` },
      last: { href: `${ORIGIN}/lib/authors/1/books?p=2&per=2` },
    })
    // Each item as its own GET answers it.
    expect(page.items[0]).toEqual(await json(api, '/authors/1/books/3'))
  })

  it('answers 400 naming the parameter out of range or repeated, and 404 past the end', async () => {
    const api = library()
    for (const query of ['?p=0', '?per=6', '?p=1&p=2', '?per=x']) {
      const answer = await call(api, `/authors/1/books${query}`)
      expect(answer.status, query).toBe(400)
      expect((await answer.json()).detail).toMatch(query.includes('per') ? /^per / : /^p /)
    }
    expect((await call(api, '/authors/1/books?p=3')).status).toBe(404)
    // An empty list has its first page.
    expect((await json(api, '/authors/2/books/4/reviews')).count).toBe(0)
  })

  it('keeps the default document where the API says nothing: page from 0, _embedded by rel', async () => {
    const api = defineHalApi({
      basePath: '/api',
      collections: {
        notes: defineCollection({ schema: z.object({ text: z.string() }), seed: [{ text: 'a' }] }),
      },
    })
    const body = await (await api.handle(new Request(`${ORIGIN}/api/notes?page=0`))).json()
    expect(body.page).toEqual({ size: 20, totalElements: 1, totalPages: 1, number: 0 })
    expect(body._embedded.notes).toHaveLength(1)
  })
})

describe('defineHalApi: links from related records', () => {
  it("titles a link with the linked record's field, and a page read again shows its change", async () => {
    const api = library()
    const before = await call(api, '/authors/1/books?p=1')
    expect((await before.json()).items[0]._links.author.title).toBe('Ada')
    expect((await write(api, 'PUT', '/authors/1', { name: 'Ada L.' })).status).toBe(200)
    const after = await call(api, '/authors/1/books?p=1')
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'))
    expect((await after.json()).items[0]._links.author.title).toBe('Ada L.')
    expect((await json(api, '/authors/1/books/1'))._links.author.title).toBe('Ada L.')
  })

  it('moves a parent’s Last-Modified when a record nested under it changes', async () => {
    const api = library()
    const before = (await call(api, '/authors/1')).headers.get('last-modified')
    await new Promise((resolve) => setTimeout(resolve, 1100))
    await write(api, 'POST', '/authors/1/books', { title: 'More' })
    const after = (await call(api, '/authors/1')).headers.get('last-modified')
    expect(Date.parse(after ?? '')).toBeGreaterThan(Date.parse(before ?? ''))
  })
})

describe('defineHalApi: per-record authorization, read-only collections, deleted bodies', () => {
  it('answers 403 for a write the hook refuses, after the 404 of a missing record', async () => {
    const api = library()
    expect((await write(api, 'PUT', '/authors/2/books/4', { title: 'x' })).status).toBe(403)
    expect((await write(api, 'POST', '/authors/2/books', { title: 'x' })).status).toBe(403)
    expect((await write(api, 'DELETE', '/authors/2/books/4')).status).toBe(403)
    expect((await write(api, 'DELETE', '/authors/2/books/9')).status).toBe(404)
    expect((await write(api, 'PUT', '/authors/2/books/4', { title: 'x' }, 'root')).status).toBe(200)
    expect(api.db.books.findFirst((q) => q.where({ id: 4 }))?.title).toBe('x')
  })

  it('answers a hook that throws a Problem with it, and 401 when it says 401', async () => {
    const api = defineHalApi({
      basePath: '/api',
      tokens: ['t'],
      collections: {
        notes: defineCollection({
          schema: z.object({ text: z.string() }),
          seed: [{ text: 'a' }, { text: 'b' }],
          authorize: ({ record }) => {
            if (record?.id === 1) throw new Problem(403, 'Note 1 is frozen.')
            return 401
          },
        }),
      },
    })
    const del = (id: number) =>
      api.handle(
        new Request(`${ORIGIN}/api/notes/${id}`, {
          method: 'DELETE',
          headers: { 'x-access-token': 't' },
        }),
      )
    const frozen = await del(1)
    expect(frozen.status).toBe(403)
    expect((await frozen.json()).detail).toBe('Note 1 is frozen.')
    expect((await del(2)).status).toBe(401)
  })

  it('answers 405 with Allow to a write of a read-only collection, and offers no templates', async () => {
    const api = library()
    for (const [method, path] of [
      ['POST', '/authors/1/books/1/reviews'],
      ['PUT', '/authors/1/books/1/reviews/1'],
      ['DELETE', '/authors/1/books/1/reviews/1'],
    ] as const) {
      const answer = await write(api, method, path, {})
      expect(answer.status, `${method} ${path}`).toBe(405)
      expect(answer.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
    }
    const forms = await call(api, '/authors/1/books/1/reviews/1', {
      headers: { accept: 'application/prs.hal-forms+json' },
    })
    expect(forms.status).toBe(406)
  })

  it("offers a nested list's create template on its parent, by the name the definition gives", async () => {
    const api = library()
    const author = await json(api, '/authors/1', {
      headers: { accept: 'application/prs.hal-forms+json' },
    })
    expect(Object.keys(author._templates).sort()).toEqual(['addBook', 'default', 'delete', 'patch'])
    expect(author._templates.addBook).toMatchObject({
      title: 'Add a book',
      method: 'POST',
      target: `${ORIGIN}/lib/authors/1/books`,
    })
  })

  it('answers DELETE with Prefer: return=representation with the deleted body the definition makes', async () => {
    const api = library()
    const answer = await call(api, '/authors/1/books/2', {
      method: 'DELETE',
      headers: { 'x-access-token': 'ada', prefer: 'return=representation' },
    })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('preference-applied')).toBe('return=representation')
    expect(await answer.json()).toEqual({
      gone: 2,
      _links: { curies: [{ name: 'lib', href: `${ORIGIN}/lib/rels/{rel}`, templated: true }] },
    })
    expect((await write(api, 'DELETE', '/authors/1/books/3')).status).toBe(204)
  })
})

describe('defineHalApi: a nested collection at scale', () => {
  it("pages and reads one parent's records among 100 000, the last page included", async () => {
    const size = 100_000
    const api = defineHalApi({
      basePath: '/lib',
      collections: {
        shelves: defineCollection({ schema: z.object({}), seed: [{}, {}] }),
        items: defineCollection({
          schema: z.object({ shelfId: z.number() }),
          seed: () => Array.from({ length: size }, (_, i) => ({ shelfId: (i % 2) + 1 })),
          parent: { collection: 'shelves', member: 'shelfId' },
          param: 'itemId',
        }),
      },
    })
    const shelf = (id: number) => `${ORIGIN}/lib/shelves/${id}/items`
    // biome-ignore lint/suspicious/noExplicitAny: a page document.
    const page: any = await (await api.handle(new Request(`${shelf(2)}?page=2499&size=20`))).json()
    expect(page.page).toEqual({ size: 20, totalElements: size / 2, totalPages: 2500, number: 2499 })
    expect(page._embedded.items.at(-1).id).toBe(size)
    expect((await api.handle(new Request(`${shelf(2)}/${size}`))).status).toBe(200)
    expect((await api.handle(new Request(`${shelf(1)}/${size}`))).status).toBe(404)
  })
})

describe('defineHalApi: definitions that cannot be addressed', () => {
  const note = z.object({ ownerId: z.number() })
  it.each([
    [
      'a parent that is no collection',
      {
        notes: defineCollection({
          schema: note,
          parent: { collection: 'owners', member: 'ownerId' },
        }),
      },
      /not a collection/,
    ],
    [
      'parents in a circle',
      {
        a: defineCollection({
          schema: note,
          param: 'aId',
          parent: { collection: 'b', member: 'ownerId' },
        }),
        b: defineCollection({
          schema: note,
          param: 'bId',
          parent: { collection: 'a', member: 'ownerId' },
        }),
      },
      /circle/,
    ],
    [
      'one path variable twice along a URL',
      {
        owners: defineCollection({ schema: z.object({}) }),
        notes: defineCollection({
          schema: note,
          parent: { collection: 'owners', member: 'ownerId' },
        }),
      },
      /twice/,
    ],
    [
      'a first index of 2',
      { notes: defineCollection({ schema: note, paging: { firstIndex: 2 as 1 } }) },
      /firstIndex/,
    ],
  ])('rejects %s', (_, collections, message) => {
    expect(() => createHalApi({ basePath: '/api', collections })).toThrow(message)
  })
})

describe('defineHalApi: links to the parent collection', () => {
  it('answers 409 to deleting a record that a record nested elsewhere still links', async () => {
    const api = defineHalApi({
      basePath: '/api',
      tokens: ['t'],
      collections: {
        owners: defineCollection({ schema: z.object({}), seed: [{}, {}], param: 'ownerId' }),
        notes: defineCollection({
          schema: z.object({ ownerId: z.number(), reviewerId: z.number() }),
          seed: [{ ownerId: 1, reviewerId: 2 }],
          parent: { collection: 'owners', member: 'ownerId' },
          param: 'noteId',
          links: { reviewer: { to: 'owners', id: (note) => note.reviewerId } },
        }),
      },
    })
    const del = (path: string) =>
      api.handle(
        new Request(`${ORIGIN}/api${path}`, {
          method: 'DELETE',
          headers: { 'x-access-token': 't' },
        }),
      )
    expect((await del('/owners/2')).status).toBe(409)
    expect((await del('/owners/1')).status).toBe(204)
    expect(api.db.notes.count()).toBe(0)
    expect((await del('/owners/2')).status).toBe(204)
  })
})

describe('defineHalApi: a nested collection without an input schema', () => {
  it('takes the parent member from the URL, and refuses a body that names another parent', async () => {
    const api = defineHalApi({
      basePath: '/api',
      tokens: ['t'],
      collections: {
        owners: defineCollection({ schema: z.object({}), seed: [{}, {}], param: 'ownerId' }),
        notes: defineCollection({
          schema: z.object({ ownerId: z.number(), text: z.string() }),
          parent: { collection: 'owners', member: 'ownerId' },
          param: 'noteId',
        }),
      },
    })
    const send = (method: string, path: string, body: unknown) =>
      api.handle(
        new Request(`${ORIGIN}/api${path}`, {
          method,
          headers: { 'x-access-token': 't', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
    const created = await send('POST', '/owners/2/notes', { text: 'a' })
    expect(created.status).toBe(201)
    expect(await created.json()).toMatchObject({ id: 1, ownerId: 2, text: 'a' })
    const moved = await send('PUT', '/owners/2/notes/1', { ownerId: 1, text: 'b' })
    expect(moved.status).toBe(422)
    expect((await moved.json()).errors).toEqual([
      { pointer: '/ownerId', detail: 'ownerId must be 2, the owner of the URL, or left out' },
    ])
    const same = await send('PUT', '/owners/2/notes/1', { ownerId: 2, text: 'b' })
    expect(await same.json()).toMatchObject({ ownerId: 2, text: 'b' })
  })
})

describe('defineHalApi: per-record authorization of reads', () => {
  it('asks the hook before a GET of a record: a private note is a 403 to other tokens', async () => {
    const api = defineHalApi({
      basePath: '/api',
      tokens: ['ada', 'grace'],
      protectReads: true,
      collections: {
        notes: defineCollection({
          schema: z.object({ owner: z.string(), text: z.string() }),
          seed: [{ owner: 'ada', text: 'mine' }],
          authorize: ({ action, grant, record }) => action !== 'read' || record?.owner === grant,
        }),
      },
    })
    const read = (token: string) =>
      api.handle(new Request(`${ORIGIN}/api/notes/1`, { headers: { 'x-access-token': token } }))
    expect((await read('ada')).status).toBe(200)
    expect((await read('grace')).status).toBe(403)
  })
})

/**
 * People, their notes nested under them and their memos at the top level (with a back link from
 * each person), each note and memo readable and writable by its `owner` token alone.
 */
const owned = () =>
  defineHalApi({
    basePath: '/api',
    tokens: ['ada', 'grace'],
    protectReads: true,
    collections: {
      people: defineCollection({
        schema: z.object({ name: z.string() }),
        seed: [{ name: 'Ada' }, { name: 'Grace' }],
        param: 'personId',
      }),
      notes: defineCollection({
        schema: z.object({ personId: z.number().int(), owner: z.string(), text: z.string() }),
        seed: [
          { personId: 1, owner: 'ada', text: 'ada on 1' },
          { personId: 1, owner: 'grace', text: 'grace on 1' },
          { personId: 1, owner: 'ada', text: 'ada again' },
        ],
        parent: { collection: 'people', member: 'personId', rel: 'notes' },
        authorize: ({ grant, record }) => record === undefined || record.owner === grant,
      }),
      memos: defineCollection({
        schema: z.object({ personId: z.number().int(), owner: z.string(), text: z.string() }),
        seed: [
          { personId: 2, owner: 'grace', text: 'grace memo' },
          { personId: 2, owner: 'ada', text: 'ada memo' },
        ],
        links: { person: { to: 'people', id: (memo) => memo.personId, reverse: 'memos' } },
        authorize: ({ grant, record }) => record === undefined || record.owner === grant,
      }),
      // A board anyone reads, embedding memos (titled by their text) that each owner alone reads.
      boards: defineCollection({
        schema: z.object({ memoIds: z.array(z.number().int()), topId: z.number().int() }),
        seed: [{ memoIds: [1, 2], topId: 1 }],
        links: {
          pinned: { to: 'memos', id: (board) => board.memoIds, title: (memo) => memo.text },
          top: { to: 'memos', id: (board) => board.topId },
        },
        embed: ['pinned', 'top'],
      }),
    },
  })

describe('defineHalApi: per-record authorization of lists and of the record written', () => {
  const as = (token: string) => ({ 'x-access-token': token, 'content-type': 'application/json' })
  // biome-ignore lint/suspicious/noExplicitAny: the cases read deep into JSON documents.
  const page = async (api: ReturnType<typeof owned>, path: string, token: string): Promise<any> =>
    (await api.handle(new Request(`${ORIGIN}/api${path}`, { headers: as(token) }))).json()

  it('lists every record without asking the hook when the collection says its reads are public', async () => {
    const asked: string[] = []
    const api = defineHalApi({
      basePath: '/api',
      tokens: ['ada'],
      collections: {
        notes: defineCollection({
          schema: z.object({ owner: z.string(), text: z.string() }),
          seed: [
            { owner: 'ada', text: 'one' },
            { owner: 'grace', text: 'two' },
          ],
          publicReads: true,
          authorize: ({ action, grant, record }) => {
            asked.push(action)
            return action === 'read' || record?.owner === grant
          },
        }),
      },
    })
    const notes = await page(api as unknown as ReturnType<typeof owned>, '/notes', 'ada')
    expect(notes._embedded.notes.map((n: { text: string }) => n.text)).toEqual(['one', 'two'])
    expect(asked).not.toContain('read')
  })

  it('lists only the records authorize lets the caller read, and counts only those: nested, flat and back-link lists', async () => {
    const api = owned()
    const nested = await page(api, '/people/1/notes', 'ada')
    expect(nested._embedded.notes.map((n: { text: string }) => n.text)).toEqual([
      'ada on 1',
      'ada again',
    ])
    expect(nested.page.totalElements).toBe(2)
    const theirs = await page(api, '/people/1/notes', 'grace')
    expect(theirs._embedded.notes.map((n: { text: string }) => n.text)).toEqual(['grace on 1'])
    for (const path of ['/memos', '/people/2/memos']) {
      const memos = await page(api, path, 'ada')
      expect(JSON.stringify(memos), path).not.toContain('grace memo')
      expect(memos.page.totalElements, path).toBe(1)
    }
    // The same record, refused alone, as before.
    const alone = await api.handle(new Request(`${ORIGIN}/api/memos/1`, { headers: as('ada') }))
    expect(alone.status).toBe(403)
  })

  it('asks the hook of the record as a write would leave it: no PATCH, PUT or POST hands a record to another owner', async () => {
    const api = owned()
    const send = (method: string, path: string, body: unknown) =>
      api.handle(
        new Request(`${ORIGIN}/api${path}`, {
          method,
          headers: {
            ...as('ada'),
            ...(method === 'PATCH' ? { 'content-type': 'application/merge-patch+json' } : {}),
          },
          body: JSON.stringify(body),
        }),
      )
    expect((await send('PATCH', '/memos/2', { owner: 'grace' })).status).toBe(403)
    expect((await send('PUT', '/memos/2', { personId: 2, owner: 'grace', text: 'x' })).status).toBe(
      403,
    )
    expect((await send('PATCH', '/people/1/notes/1', { owner: 'grace' })).status).toBe(403)
    expect((await send('POST', '/memos', { personId: 1, owner: 'grace', text: 'x' })).status).toBe(
      403,
    )
    const memo = await page(api, '/memos/2', 'ada')
    expect(memo).toMatchObject({ owner: 'ada', text: 'ada memo' })
    expect((await page(api, '/memos', 'grace')).page.totalElements).toBe(1)
    // A change that keeps the record the caller's own is written.
    expect((await send('PATCH', '/memos/2', { text: 'still mine' })).status).toBe(200)
  })

  it('varies per-caller answers, and their 304s, on the headers credentials come from, after Accept', async () => {
    const api = owned()
    const get = (path: string, headers: Record<string, string> = {}) =>
      api.handle(new Request(`${ORIGIN}/api${path}`, { headers: { ...as('ada'), ...headers } }))
    const varies = (answer: Response) =>
      (answer.headers.get('vary') ?? '').split(',').map((name) => name.trim().toLowerCase())
    // A filtered page, a record its hook guards, one embedding such records, a back-link page.
    for (const path of ['/people/1/notes', '/memos/2', '/boards/1', '/people/2/memos']) {
      const first = await get(path)
      expect(first.status, path).toBe(200)
      expect(varies(first), path).toEqual(['accept', 'x-access-token', 'authorization'])
      const again = await get(path, { 'if-none-match': first.headers.get('etag') ?? '' })
      expect(again.status, path).toBe(304)
      expect(varies(again), path).toEqual(varies(first))
    }
    // What is the same for every caller varies on Accept alone.
    expect(varies(await get('/people/1'))).toEqual(['accept'])

    // An `authenticate` of its own: the headers it read.
    const teams = defineHalApi({
      basePath: '/api',
      protectReads: true,
      authenticate: (request) => request.headers.get('x-team') ?? 'nobody',
      collections: {
        notes: defineCollection({
          schema: z.object({ team: z.string() }),
          seed: [{ team: 'red' }, { team: 'blue' }],
          authorize: ({ grant, record }) => record === undefined || record.team === grant,
        }),
      },
    })
    const notes = await teams.handle(
      new Request(`${ORIGIN}/api/notes`, { headers: { 'x-team': 'red' } }),
    )
    expect((await notes.json()).page.totalElements).toBe(1)
    expect(varies(notes)).toEqual(['accept', 'x-team'])
  })

  it("embeds, and titles links from, only the records the target collection's authorize lets the caller read", async () => {
    const api = owned()
    // Grace first: a copy built for her must not be what Ada is then served.
    for (const [token, mine, theirs] of [
      ['grace', 'grace memo', 'ada memo'],
      ['ada', 'ada memo', 'grace memo'],
    ] as const) {
      for (const path of ['/boards/1', '/boards']) {
        const document = await page(api, path, token)
        const board = path === '/boards' ? document._embedded.boards[0] : document
        const texts = board._embedded.pinned.map((memo: { text: string }) => memo.text)
        expect(texts, `${token} ${path}`).toEqual([mine])
        expect(JSON.stringify(document), `${token} ${path}`).not.toContain(theirs)
        // The links stay: they show an id, not the record.
        expect(board._links.pinned).toHaveLength(2)
      }
    }
    expect((await page(api, '/boards/1', 'grace'))._embedded.top).toMatchObject({
      text: 'grace memo',
    })
    expect((await page(api, '/boards/1', 'ada'))._embedded.top).toBeUndefined()
  })
})
