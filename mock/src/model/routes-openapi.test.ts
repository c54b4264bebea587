import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { libraryApi } from '../../test/fixtures/library-api.js'
import { createBlogApi } from '../blog/api.js'
import { defineCollection, defineHalApi, type HalApi } from '../index.js'
import { compileApi } from './compile.js'

// An API where a route of yours answers in place of the core's item read, its variable named
// otherwise, and another route answers a path of its own.
const replaced = defineHalApi({
  basePath: '/api',
  tokens: ['dev-token'],
  collections: {
    authors: defineCollection({ schema: z.object({ name: z.string() }), seed: [{ name: 'Ada' }] }),
    books: defineCollection({
      schema: z.object({ authorId: z.number(), title: z.string() }),
      parent: { collection: 'authors', member: 'authorId' },
      param: 'bookId',
      seed: [{ authorId: 1, title: 'Notes' }],
    }),
  },
  routes: [
    {
      method: 'GET',
      path: '/authors/{authorId}',
      summary: 'An author, the way of the route',
      openapi: {
        parameters: [
          { name: 'authorId', in: 'path', required: true, description: 'The author', schema: {} },
        ],
      },
      produces: ['application/json'],
      handle: ({ params }) => ({
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ yours: params.authorId }),
      }),
    },
    {
      method: 'POST',
      path: '/search',
      access: 'public',
      openapi: { operationId: 'search' },
      handle: () => ({ status: 204, headers: {}, body: null }),
    },
  ],
})

// Back links to a nested collection (members under teams, linking people) and to a read-only one.
const teams = defineHalApi({
  basePath: '/api',
  tokens: ['dev-token'],
  collections: {
    people: defineCollection({ schema: z.object({ name: z.string() }), seed: [{ name: 'Ada' }] }),
    teams: defineCollection({ schema: z.object({ name: z.string() }), seed: [{ name: 'Core' }] }),
    members: defineCollection({
      schema: z.object({ teamId: z.number(), personId: z.number() }),
      parent: { collection: 'teams', member: 'teamId' },
      param: 'memberId',
      links: { person: { to: 'people', id: (m) => m.personId, reverse: 'memberships' } },
      seed: [{ teamId: 1, personId: 1 }],
    }),
    badges: defineCollection({
      schema: z.object({ personId: z.number(), label: z.string() }),
      readOnly: true,
      links: { person: { to: 'people', id: (b) => b.personId, reverse: 'badges' } },
      seed: [{ personId: 1, label: 'First' }],
    }),
  },
})

/** What the test reads of an API: its definition, its router and its document. */
type Served = Pick<HalApi, 'definition' | 'handle' | 'openapi'>
// The shop of examples/shop (another TypeScript project: loaded by path).
const shop = (await import(new URL('../../../examples/shop/api.ts', import.meta.url).href)) as {
  defineShop(options: { orders: number }): Served
}
const apis: Record<string, Served> = {
  shop: shop.defineShop({ orders: 3 }),
  blog: createBlogApi({ articles: 3 }),
  library: libraryApi(),
  replaced,
  teams,
}

type Operation = { operationId: string; responses: Record<string, { content?: object }> }
type Paths = Record<string, Record<string, Operation | unknown[]>>

const METHODS = ['get', 'post', 'put', 'patch', 'delete']
const shape = (path: string) => (path || '/').replace(/\{\w+\}/g, '{}').replace(/(.)\/$/, '$1')
/** The methods of each path shape: the OpenAPI document's. */
function documented(paths: Paths): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const [path, item] of Object.entries(paths)) {
    const methods = Object.keys(item).filter((m) => METHODS.includes(m))
    out.set(shape(path), [...(out.get(shape(path)) ?? []), ...methods.map((m) => m.toUpperCase())])
  }
  return out
}

describe.each(Object.entries(apis))('the routes of %s and its OpenAPI document', (_, api) => {
  const base = `http://x${api.definition.basePath.replace(/\/$/, '')}`
  const { paths } = api.openapi('http://x') as unknown as { paths: Paths }
  const concrete = (path: string) => `${base}${path.replace(/\{\w+\}/g, '1')}`

  it('name the same operations: each route is an operation of the document, and back', () => {
    const model = compileApi(api.definition)
    const routes = new Map<string, string[]>()
    for (const o of model.operations) {
      routes.set(shape(o.path), [...(routes.get(shape(o.path)) ?? []), o.method])
    }
    const sorted = (m: Map<string, string[]>) =>
      Object.fromEntries([...m].map(([k, v]) => [k, [...v].sort()]).sort())
    expect(sorted(routes)).toEqual(sorted(documented(paths)))
    const ids = Object.values(paths).flatMap((item) =>
      Object.entries(item).flatMap(([m, o]) =>
        METHODS.includes(m) ? [(o as Operation).operationId] : [],
      ),
    )
    expect(ids.sort()).toEqual(model.operations.map((o) => o.id).sort())
  })

  it('the router answers each documented path with the documented methods, and only those', async () => {
    for (const [path, item] of Object.entries(paths)) {
      const methods = Object.keys(item)
        .filter((m) => METHODS.includes(m))
        .map((m) => m.toUpperCase())
      const response = await api.handle(new Request(concrete(path), { method: 'OPTIONS' }))
      const allow = (response.headers.get('allow') ?? '').split(/,\s*/)
      expect({ path, allow: allow.filter((m) => m !== 'HEAD' && m !== 'OPTIONS').sort() }).toEqual({
        path,
        allow: methods.sort(),
      })
    }
  })

  it('answers a read in HAL-FORMS exactly where the document says it does', async () => {
    for (const [path, item] of Object.entries(paths)) {
      const get = item.get as Operation | undefined
      if (!get || path.includes('openapi')) continue
      const forms = Object.hasOwn(
        get.responses['200']?.content ?? {},
        'application/prs.hal-forms+json',
      )
      const response = await api.handle(
        new Request(concrete(path), {
          headers: { accept: 'application/prs.hal-forms+json', 'x-access-token': 'dev-token' },
        }),
      )
      if (response.status === 404) continue
      // HAL-FORMS where documented (never plain HAL under that Accept), else a 406.
      const answered = response.status === 406 ? 406 : response.headers.get('content-type')
      expect({ path, answered }).toEqual({
        path,
        answered: forms ? 'application/prs.hal-forms+json' : 406,
      })
    }
  })

  it('aims every HAL-FORMS template at a URL, never at a URI template', async () => {
    const templated: string[] = []
    for (const [path, item] of Object.entries(paths)) {
      if (!item.get || path.includes('openapi')) continue
      const response = await api.handle(
        new Request(concrete(path), {
          headers: { accept: 'application/prs.hal-forms+json', 'x-access-token': 'dev-token' },
        }),
      )
      if (response.status !== 200) continue
      const body = (await response.json()) as { _templates?: Record<string, { target?: string }> }
      templated.push(
        ...Object.entries(body._templates ?? {})
          .filter(([, template]) => /[{}]/.test(template.target ?? ''))
          .map(([key, template]) => `${path} ${key}: ${template.target}`),
      )
    }
    expect(templated).toEqual([])
  })

  it('a HAL-FORMS answer carries the very templates the document names, by key and method', async () => {
    const { components } = api.openapi('http://x') as unknown as {
      components: { schemas: Record<string, { properties?: Record<string, Described> }> }
    }
    type Described = { required?: string[]; properties?: Record<string, Described>; const?: string }
    let compared = 0
    for (const [path, item] of Object.entries(paths)) {
      const get = item.get as Operation | undefined
      const content = get?.responses['200']?.content as Record<string, { schema: { $ref: string } }>
      const ref = content?.['application/prs.hal-forms+json']?.schema.$ref
      if (!ref) continue
      const response = await api.handle(
        new Request(concrete(path), {
          headers: { accept: 'application/prs.hal-forms+json', 'x-access-token': 'dev-token' },
        }),
      )
      if (response.status !== 200) continue
      const templates = (
        (await response.json()) as { _templates?: Record<string, { method: string }> }
      )._templates
      const schema = components.schemas[ref.split('/').pop() as string]?.properties?._templates
      const methods = (from: Record<string, { method?: string } | Described> = {}) =>
        Object.fromEntries(
          Object.entries(from).map(([key, t]) => [
            key,
            'method' in t ? t.method : (t as Described).properties?.method?.const,
          ]),
        )
      expect({ path, templates: methods(templates) }).toEqual({
        path,
        templates: methods(schema?.properties),
      })
      compared++
    }
    expect(compared).toBeGreaterThan(1)
  })
})

describe('a route of yours in place of the core’s', () => {
  it('answers, and is the one operation the document has there', async () => {
    const response = await replaced.handle(new Request('http://x/api/authors/1'))
    expect(await response.json()).toEqual({ yours: '1' })
    const { paths } = replaced.openapi('http://x') as unknown as { paths: Paths }
    expect(Object.keys(paths).filter((p) => shape(p) === '/authors/{}')).toEqual(['/authors/{id}'])
    expect(paths['/authors/{id}']?.get).toMatchObject({
      operationId: 'getAuthorsByAuthorId',
      summary: 'An author, the way of the route',
    })
    // Its parameter, described by the route under its own name, is the document's `{id}`.
    expect(
      (paths['/authors/{id}']?.get as unknown as { parameters?: unknown[] } | undefined)
        ?.parameters,
    ).toEqual([{ name: 'id', in: 'path', required: true, description: 'The author', schema: {} }])
    expect(paths['/authors/{id}']?.put).toMatchObject({ operationId: 'replaceAuthor' })
  })
})
