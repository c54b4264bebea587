import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineCollection } from '../definition/definition.js'
import { defineHalApi } from '../serve/api.js'

const ORIGIN = 'http://library.test'
const WRITE = { 'x-access-token': 'dev-token', 'content-type': 'application/json' }
const FORMS = { accept: 'application/prs.hal-forms+json' }

// A recursive member: its JSON Schema has `$defs`, which the document must keep reachable.
const Category = z.object({
  name: z.string(),
  get children() {
    return z.array(Category)
  },
})

const library = () =>
  defineHalApi({
    basePath: '/api',
    tokens: ['dev-token'],
    protectReads: true,
    curies: [{ name: 'lib', href: '/docs/{rel}' }],
    collections: {
      authors: defineCollection({
        schema: z.strictObject({ name: z.string().min(1), born: z.number().int().optional() }),
        seed: [{ name: 'Ursula', born: 1929 }, { name: 'Stanisław' }],
      }),
      books: defineCollection({
        schema: z.strictObject({
          title: z.string(),
          authorIds: z.array(z.number().int()).min(1),
          tags: z.array(z.object({ name: z.string() })).default([]),
        }),
        seed: [
          { title: 'The Dispossessed', authorIds: [1] },
          { title: 'Solaris', authorIds: [2] },
        ],
        links: { authors: { to: 'authors', id: (b) => b.authorIds, reverse: 'books' } },
        embed: ['authors'],
      }),
      loans: defineCollection({
        schema: z.object({ bookId: z.number().int(), member: z.string() }),
        seed: [{ bookId: 1, member: 'ana' }],
        links: { book: { to: 'books', id: (l) => l.bookId } },
        embed: ['book'],
        // Its representation is the hook's, not the schema's.
        represent: (loan) => ({ member: loan.member.toUpperCase(), overdue: false }),
      }),
      categories: defineCollection({
        schema: z.object({ tree: Category }),
        seed: [{ tree: { name: 'sf', children: [{ name: 'space', children: [] }] } }],
      }),
    },
  })

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is read deep and loosely.
type Doc = Record<string, any>

let api: ReturnType<typeof library>
let document: Doc
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true })

beforeAll(async () => {
  api = library()
  const response = await api.handle(
    new Request(`${ORIGIN}/api/openapi.json`, { headers: { 'x-access-token': 'dev-token' } }),
  )
  document = (await response.json()) as Doc
  ajv.addSchema(document, 'openapi')
})

/** The document's path template that a request path matches, e.g. `/books/{id}`. */
function template(path: string): string {
  const relative = path.slice('/api'.length) || '/'
  const found = Object.keys(document.paths).find((candidate) =>
    new RegExp(`^${candidate.replace(/\{\w+\}/g, '[^/]+')}$`).test(relative),
  )
  if (!found) throw new Error(`the document has no path for ${relative}`)
  return found
}

/** Sends a request and checks its answer against what the document says of it. */
async function conforms(path: string, init: RequestInit = {}): Promise<void> {
  const headers = { 'x-access-token': 'dev-token', ...(init.headers as Record<string, string>) }
  const response = await api.handle(new Request(`${ORIGIN}${path}`, { ...init, headers }))
  const method = (init.method ?? 'GET').toLowerCase()
  const operation = document.paths[template(path)][method]
  const described = operation?.responses?.[String(response.status)]
  expect(described, `${method} ${path} ${response.status}`).toBeDefined()
  for (const name of Object.keys(described.headers ?? {})) {
    expect(response.headers.get(name), `${method} ${path}: ${name}`).not.toBeNull()
  }
  if (response.status === 204 || response.status === 304) return
  const type = response.headers.get('content-type') as string
  const schema = described.content?.[type]?.schema
  expect(schema, `${method} ${path} ${response.status} ${type}`).toBeDefined()
  const validate = ajv.compile({ $ref: `openapi${schema.$ref}` })
  const body = await response.json()
  expect(validate(body) ? [] : validate.errors, `${method} ${path}`).toEqual([])
}

describe('the OpenAPI document of an API', () => {
  it('is an OpenAPI 3.1 document a validator accepts, every reference resolved', async () => {
    const validator = new Validator()
    const result = await validator.validate(structuredClone(document))
    expect(result.errors).toBeUndefined()
    expect(() => validator.resolveRefs()).not.toThrow()
  })

  it('describes every read as it is answered, in HAL and in HAL-FORMS', async () => {
    for (const path of [
      '/api',
      '/api/books',
      '/api/books/1',
      '/api/authors/1',
      '/api/authors/1/books',
      '/api/loans',
      '/api/loans/1',
      '/api/categories/1',
    ]) {
      await conforms(path)
      if (path !== '/api') await conforms(path, { headers: FORMS })
    }
  })

  it('describes the answers to writes, and their problems', async () => {
    const body = (value: object) => JSON.stringify(value)
    await conforms('/api/books', {
      method: 'POST',
      headers: WRITE,
      body: body({ title: 'Eden', authorIds: [2] }),
    })
    await conforms('/api/books/1', {
      method: 'PUT',
      headers: WRITE,
      body: body({ title: 'The Dispossessed', authorIds: [1], tags: [{ name: 'sf' }] }),
    })
    await conforms('/api/books/1', {
      method: 'PATCH',
      headers: { ...WRITE, 'content-type': 'application/merge-patch+json' },
      body: body({ title: 'Anarres' }),
    })
    await conforms('/api/books', { method: 'POST', headers: WRITE, body: body({ title: 1 }) })
    await conforms('/api/books/9')
    await conforms('/api/books', { headers: { 'x-access-token': 'nope' } })
    await conforms('/api/books/3', { method: 'DELETE', headers: WRITE })
  })
})
