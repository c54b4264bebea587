import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { defineCollection } from '../definition/definition.js'
import { acceptedTokens } from '../definition/tokens.js'
import { singularOf } from '../definition/words.js'
import { defineHalApi } from './api.js'

// What a new user meets in their first hour with an API of their own: a definition as small as
// the README's, written to, read back, and read by HAL-FORMS clients and code generators.

const ORIGIN = 'http://localhost'
const JSON_TYPE = { 'content-type': 'application/json' }
const FORMS = { accept: 'application/prs.hal-forms+json' }
const URLENCODED = { 'content-type': 'application/x-www-form-urlencoded' }

/** The README's notes API: no tokens, no options. */
const notesApi = (extra: { tokens?: readonly string[] } = {}) =>
  defineHalApi({
    basePath: '/api',
    ...extra,
    collections: {
      notes: defineCollection({
        schema: z.object({ text: z.string().min(1) }),
        seed: [{ text: 'Buy milk' }],
      }),
    },
  })

type Api = { handle(request: Request): Promise<Response> }
const call = (api: Api, path: string, init: RequestInit = {}) =>
  api.handle(new Request(`${ORIGIN}${path}`, init))

describe('writes to an API that names no tokens', () => {
  it('accept the development token, dev-token, as the Blog API does', async () => {
    const api = notesApi()
    const headers = { ...JSON_TYPE, 'x-access-token': 'dev-token' }
    const created = await call(api, '/api/notes', {
      method: 'POST',
      headers,
      body: JSON.stringify({ text: 'Call Ada' }),
    })
    expect(created.status).toBe(201)
    const bearer = await call(api, '/api/notes/1', {
      method: 'PUT',
      headers: { ...JSON_TYPE, authorization: 'Bearer dev-token' },
      body: JSON.stringify({ text: 'Buy oat milk' }),
    })
    expect(bearer.status).toBe(200)
  })

  it('still need a token: a write without one (a cross-site form, say) is a 401', async () => {
    const api = notesApi()
    const anonymous = await call(api, '/api/notes', {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({ text: 'x' }),
    })
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/)
  })

  it('are refused with tokens: [] (a read-only API), and only the named tokens count', async () => {
    const readOnly = notesApi({ tokens: [] })
    const init = {
      method: 'POST',
      headers: { ...JSON_TYPE, 'x-access-token': 'dev-token' },
      body: JSON.stringify({ text: 'x' }),
    }
    expect((await call(readOnly, '/api/notes', init)).status).toBe(401)
    expect((await call(notesApi({ tokens: ['s3cret'] }), '/api/notes', init)).status).toBe(401)
    expect(acceptedTokens(notesApi().definition)).toEqual(['dev-token'])
    expect(acceptedTokens(readOnly.definition)).toEqual([])
  })

  it('offer no form to a HAL-FORMS client under tokens: [], as its OpenAPI document says', async () => {
    const readOnly = notesApi({ tokens: [] })
    // Nobody may write: no template to fill in, so HAL-FORMS alone is a 406, as where none exist.
    for (const path of ['/api/notes', '/api/notes/1']) {
      expect((await call(readOnly, path, { headers: FORMS })).status).toBe(406)
      const plain = (await (await call(readOnly, path)).json()) as object
      expect(plain).not.toHaveProperty('_templates')
    }
    const document = (await (await call(readOnly, '/api/openapi.json')).json()) as {
      paths: Record<string, { get: { responses: { 200: { content: object } } } }>
    }
    expect(Object.keys(document.paths['/notes/{id}']?.get.responses[200].content ?? {})).toEqual([
      'application/hal+json',
    ])
    // With a token that may write, the same API offers them.
    expect((await call(notesApi(), '/api/notes/1', { headers: FORMS })).status).toBe(200)
  })
})

describe('db.<collection>.create()', () => {
  it('assigns the next id when none is given, as POST does', async () => {
    const api = notesApi()
    await api.ready
    // No `id`: the type allows it, and so does the store.
    const created = await api.db.notes.create({ text: 'Call Grace' })
    expect(created.id).toBe(2)
    const [a, b] = await Promise.all([
      api.db.notes.create({ text: 'one' }),
      api.db.notes.create({ text: 'two' }),
    ])
    expect(new Set([a.id, b.id])).toEqual(new Set([3, 4]))
    expect(await (await call(api, '/api/notes/4')).json()).toMatchObject({ id: 4 })
    const posted = await call(api, '/api/notes', {
      method: 'POST',
      headers: { ...JSON_TYPE, 'x-access-token': 'dev-token' },
      body: JSON.stringify({ text: 'after' }),
    })
    expect(posted.headers.get('location')).toBe(`${ORIGIN}/api/notes/5`)
  })

  it('still validates the fields, and takes no id for a refused record', async () => {
    const api = notesApi()
    await api.ready
    // @msw/data logs the issues of a record it refuses.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await expect(api.db.notes.create({ text: '' })).rejects.toThrow()
    logged.mockRestore()
    expect((await api.db.notes.create({ text: 'ok' })).id).toBe(2)
    expect((await api.db.notes.create({ id: 10, text: 'mine' })).id).toBe(10)
    expect((await api.db.notes.create({ text: 'next' })).id).toBe(11)
  })
})

/** A library whose names are plural, whose members are camelCase, one irregular noun. */
const libraryApi = () =>
  defineHalApi({
    basePath: '/api',
    collections: {
      people: defineCollection({
        schema: z.object({ name: z.string() }),
        seed: [{ name: 'Ursula' }],
      }),
      books: defineCollection({
        schema: z.strictObject({ title: z.string(), authorId: z.number().int().positive() }),
        seed: [{ title: 'The Dispossessed', authorId: 1 }],
        links: { author: { to: 'people', id: (book) => book.authorId } },
      }),
      categories: defineCollection({
        schema: z.object({ name: z.string() }),
        singular: 'genre',
      }),
    },
  })
const WRITE = { ...JSON_TYPE, 'x-access-token': 'dev-token' }

describe('the English the core writes about your collections', () => {
  it('names one record in the singular in problems', async () => {
    const api = libraryApi()
    const invalid = await call(api, '/api/books', {
      method: 'POST',
      headers: WRITE,
      body: JSON.stringify({ title: 1 }),
    })
    expect((await invalid.json()).detail).toBe('The request body is not a valid book.')
    expect((await (await call(api, '/api/books/9')).json()).detail).toBe(
      'There is no book with id 9.',
    )
    const linked = await call(api, '/api/people/1', { method: 'DELETE', headers: WRITE })
    expect(linked.status).toBe(409)
    expect((await linked.json()).detail).toBe(
      'Person 1 is still linked from book 1 (its author link); change or delete it first.',
    )
    expect((await (await call(api, '/api/categories/1')).json()).detail).toBe(
      'There is no genre with id 1.',
    )
  })

  it('titles templates by the record, prompts by words, and shows no max a schema did not set', async () => {
    const api = libraryApi()
    const page = await (await call(api, '/api/books', { headers: FORMS })).json()
    expect(page._templates.default.title).toBe('Create a book')
    expect(page._templates.default.properties).toEqual([
      { name: 'title', prompt: 'Title', type: 'text', required: true },
      { name: 'authorId', prompt: 'Author id', type: 'number', required: true, min: 1, step: 1 },
    ])
    const item = await (await call(api, '/api/books/1', { headers: FORMS })).json()
    expect(item._templates.default.title).toBe('Replace this book')
  })

  it('names OpenAPI schemas and operations by the record', () => {
    const document = libraryApi().openapi(ORIGIN) as unknown as {
      components: { schemas: Record<string, unknown> }
      paths: Record<string, Record<string, { operationId: string }>>
    }
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['Book', 'BookResource', 'BookPage', 'Person', 'Genre']),
    )
    expect(document.components.schemas).not.toHaveProperty('Books')
    expect(document.paths['/people/{id}']?.get?.operationId).toBe('getPerson')
    expect(document.paths['/categories']?.post?.operationId).toBe('createGenre')
  })

  it('makes English plurals singular', () => {
    const cases = {
      books: 'book',
      categories: 'category',
      addresses: 'address',
      boxes: 'box',
      people: 'person',
      'order-lines': 'order-line',
      statuses: 'status',
      wolves: 'wolf',
      news: 'news',
      series: 'series',
      days: 'day',
      analyses: 'analysis',
      inventory: 'inventory',
    }
    for (const [plural, singular] of Object.entries(cases))
      expect(singularOf(plural)).toBe(singular)
  })
})

/** A todo app: a boolean, an integer with bounds, an enum and a date. */
const todoApi = () =>
  defineHalApi({
    basePath: '/api',
    collections: {
      todos: defineCollection({
        schema: z.strictObject({
          title: z.string().min(1),
          done: z.boolean(),
          priority: z.number().int().min(1).max(5).optional(),
          effort: z.number().positive().optional(),
          list: z.enum(['home', 'work']).optional(),
          due: z.iso.date().optional(),
          remindAt: z.iso.datetime().optional(),
        }),
        seed: [{ title: 'Buy milk', done: false }],
      }),
    },
  })

describe('HAL-FORMS for every type a schema holds (a todo app)', () => {
  it('advertises a boolean as a checkbox, integers with their bounds and step, enums as options, dates', async () => {
    const item = await (await call(todoApi(), '/api/todos/1', { headers: FORMS })).json()
    expect(item._templates.default.properties).toEqual([
      { name: 'title', prompt: 'Title', type: 'text', required: true, minLength: 1 },
      { name: 'done', prompt: 'Done', type: 'checkbox', required: true },
      { name: 'priority', prompt: 'Priority', type: 'number', min: 1, max: 5, step: 1 },
      { name: 'effort', prompt: 'Effort', type: 'number' },
      { name: 'list', prompt: 'List', type: 'text', options: { inline: ['home', 'work'] } },
      { name: 'due', prompt: 'Due', type: 'date' },
      { name: 'remindAt', prompt: 'Remind at', type: 'datetime-local' },
    ])
  })

  it('takes `done` through create, replace and patch, in JSON with typed values', async () => {
    const api = todoApi()
    const created = await call(api, '/api/todos', {
      method: 'POST',
      headers: WRITE,
      body: JSON.stringify({ title: 'Ship', done: true, priority: 2 }),
    })
    expect(created.status).toBe(201)
    expect(await created.json()).toMatchObject({ id: 2, done: true, priority: 2 })
    const replaced = await call(api, '/api/todos/2', {
      method: 'PUT',
      headers: WRITE,
      body: JSON.stringify({ title: 'Ship', done: false }),
    })
    expect(await replaced.json()).toMatchObject({ done: false })
    const patched = await call(api, '/api/todos/2', {
      method: 'PATCH',
      headers: { ...WRITE, 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ done: true }),
    })
    expect(await patched.json()).toMatchObject({ title: 'Ship', done: true })
  })

  it('takes `done` through create, replace and patch, urlencoded, each value read by its type', async () => {
    const api = todoApi()
    const headers = { ...URLENCODED, 'x-access-token': 'dev-token' }
    const created = await call(api, '/api/todos', {
      method: 'POST',
      headers,
      body: 'title=Ship&done=true&priority=3&effort=1.5&list=work&due=2026-02-01',
    })
    expect(created.status).toBe(201)
    expect(await created.json()).toMatchObject({
      title: 'Ship',
      done: true,
      priority: 3,
      effort: 1.5,
      list: 'work',
      due: '2026-02-01',
    })
    const replaced = await call(api, '/api/todos/2', {
      method: 'PUT',
      headers,
      // An empty number input is no value.
      body: new URLSearchParams({ title: 'Ship it', done: 'false', priority: '' }).toString(),
    })
    expect(replaced.status).toBe(200)
    const body = await replaced.json()
    expect(body).toMatchObject({ title: 'Ship it', done: false })
    expect(body).not.toHaveProperty('priority')
    const patched = await call(api, '/api/todos/2', {
      method: 'PATCH',
      headers,
      body: 'done=true',
    })
    expect(patched.status).toBe(200)
    expect(await patched.json()).toMatchObject({ title: 'Ship it', done: true })
  })

  it('refuses urlencoded values its schema does not take, with a pointer to each', async () => {
    const response = await call(todoApi(), '/api/todos', {
      method: 'POST',
      headers: { ...URLENCODED, 'x-access-token': 'dev-token' },
      body: 'title=Ship&done=maybe&priority=6',
    })
    expect(response.status).toBe(422)
    const pointers = (await response.json()).errors.map((e: { pointer: string }) => e.pointer)
    expect(pointers.sort()).toEqual(['/done', '/priority'])
  })

  it('takes urlencoded writes only with the token in a header, which a cross-site form cannot send', async () => {
    // An API whose own authenticate reads a cookie, which a cross-site form would carry.
    const api = defineHalApi({
      basePath: '/api',
      authenticate: (request) => request.cookies.session === 'ok' || undefined,
      collections: { todos: defineCollection({ schema: z.object({ done: z.boolean() }) }) },
    })
    const form = await call(api, '/api/todos', {
      method: 'POST',
      headers: { ...URLENCODED, cookie: 'session=ok' },
      body: 'done=true',
    })
    expect(form.status).toBe(415)
    expect((await form.json()).detail).toMatch(/X-Access-Token or Authorization/)
    expect(await api.db.todos.count()).toBe(0)
    const json = await call(api, '/api/todos', {
      method: 'POST',
      headers: { ...JSON_TYPE, cookie: 'session=ok' },
      body: '{"done":true}',
    })
    expect(json.status).toBe(201)
  })
})

describe('paging and times of a collection, as docs/guide/first-hour.md tells them', () => {
  const manyNotes = () =>
    defineHalApi({
      basePath: '/api',
      collections: {
        notes: defineCollection({
          schema: z.object({ text: z.string() }),
          seed: Array.from({ length: 45 }, (_, i) => ({ text: `note ${i + 1}` })),
        }),
      },
    })
  const page = async (api: Api, query: string) => {
    const response = await call(api, `/api/notes${query}`)
    return { status: response.status, body: await response.json() }
  }

  it('counts pages from 0, 20 records a page by default', async () => {
    const { body } = await page(manyNotes(), '')
    expect(body.page).toEqual({ size: 20, totalElements: 45, totalPages: 3, number: 0 })
    expect(body._links.last.href).toBe(`${ORIGIN}/api/notes?page=2&size=20`)
    expect(body._links).not.toHaveProperty('prev')
  })

  it('answers a page past the end with 200 and no records, its prev the last page', async () => {
    const { status, body } = await page(manyNotes(), '?page=99')
    expect(status).toBe(200)
    expect(body._embedded.notes).toEqual([])
    expect(body._links.prev.href).toBe(`${ORIGIN}/api/notes?page=2&size=20`)
    expect(body._links).not.toHaveProperty('next')
  })

  it('answers 400 for a page or size that is not a whole number, or a size over the maximum', async () => {
    const api = manyNotes()
    for (const query of ['?page=-1', '?page=1.5', '?page=x', '?size=0', '?size=101']) {
      expect((await page(api, query)).status, query).toBe(400)
    }
  })

  it('dates seed records 2026-01-01 until they are written', async () => {
    const api = manyNotes()
    const seeded = await call(api, '/api/notes/1')
    expect(seeded.headers.get('last-modified')).toBe('Thu, 01 Jan 2026 00:00:00 GMT')
    const before = Date.now() - 1000
    const written = await call(api, '/api/notes/1', {
      method: 'PUT',
      headers: WRITE,
      body: JSON.stringify({ text: 'changed' }),
    })
    const at = Date.parse(written.headers.get('last-modified') ?? '')
    expect(at).toBeGreaterThanOrEqual(before - (before % 1000))
  })
})
