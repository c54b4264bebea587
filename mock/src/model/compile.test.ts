import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createBlogApi } from '../blog/api.js'
import { defineCollection, defineHalApi } from '../index.js'
import { compileApi } from './compile.js'

// The shop of examples/shop, in short.
const shop = defineHalApi({
  basePath: '/api',
  collections: {
    customers: defineCollection({ schema: z.strictObject({ name: z.string() }) }),
    products: defineCollection({ schema: z.strictObject({ name: z.string() }) }),
    orders: defineCollection({
      schema: z.strictObject({
        customerId: z.number().int().positive(),
        lines: z.array(z.strictObject({ productId: z.number().int(), quantity: z.number() })),
      }),
      links: {
        customer: { to: 'customers', id: (o) => o.customerId, reverse: 'orders' },
        products: { to: 'products', id: (o) => o.lines.map((line) => line.productId) },
      },
      embed: ['products'],
      pageSize: { default: 20, max: 50 },
    }),
  },
})
const blog = createBlogApi({ articles: 3 })

describe('compileApi', () => {
  it('finds where the standard page document keeps its parts', () => {
    const orders = compileApi(shop.definition).collection('orders')
    expect(orders.itemPath).toBe('/orders/{id}')
    expect(orders.paging).toMatchObject({ page: 'page', size: 'size', firstIndex: 0, maxSize: 50 })
    expect(orders.paging.layout).toEqual({
      items: '/_embedded/orders',
      total: '/page/totalElements',
      totalPages: '/page/totalPages',
      index: '/page/number',
      size: '/page/size',
      links: {
        self: ['/_links/self'],
        first: ['/_links/first'],
        prev: ['/_links/prev'],
        next: ['/_links/next'],
        last: ['/_links/last'],
      },
    })
    expect(orders.links.map((l) => [l.rel, l.kind, l.collection])).toEqual([
      ['customer', 'relation', 'customers'],
      ['products', 'relation', 'products'],
    ])
    expect(compileApi(shop.definition).collection('customers').links).toEqual([
      {
        rel: 'orders',
        kind: 'reverse',
        collection: 'orders',
        templated: true,
        always: true,
        path: 'orders',
        relation: 'customer',
      },
    ])
    expect(orders.embeds).toEqual([{ rel: 'products', collection: 'products' }])
    expect(orders.strict).toBe(true)
  })

  it('finds a convention of its own by rendering it: the Blog’s pages and links twice', () => {
    const model = compileApi(blog.definition)
    const articles = model.collection('articles')
    expect(articles).toMatchObject({
      listPath: '/blogs/{blogId}/articles',
      itemPath: '/blogs/{blogId}/articles/{articleId}',
      parent: { collection: 'blogs', member: 'blogId', rel: 'doc:articles' },
      represented: true,
      writable: true,
      bodyTypes: ['application/json'],
    })
    expect(articles.paging.layout).toMatchObject({
      items: '/_embedded',
      total: '/totalArticles',
      index: '/pageIndex',
      size: '/pageSize',
    })
    expect(articles.paging.layout.links.next).toEqual(['/_link/nextPage', '/_links/next'])
    expect(articles.paging.layout.links.prev).toEqual(['/_link/previousPage', '/_links/prev'])
    expect(model.collection('blogs').links).toContainEqual(
      expect.objectContaining({ rel: 'doc:articles', kind: 'nested', collection: 'articles' }),
    )
    expect(model.root.map((l) => [l.rel, l.kind])).toEqual([
      ['doc:blog', 'item'],
      ['doc:graphql', 'link'],
    ])
  })

  it('has an operation for every operation of the OpenAPI document, and no other', () => {
    const nested = defineHalApi({
      basePath: '/api',
      collections: {
        authors: defineCollection({ schema: z.object({ name: z.string() }) }),
        books: defineCollection({
          schema: z.object({ authorId: z.number(), title: z.string() }),
          parent: { collection: 'authors', member: 'authorId' },
          param: 'bookId',
        }),
      },
    })
    for (const api of [shop, blog, nested]) {
      const shape = (path: string) => (path || '/').replace(/\{[^}]+\}/g, '{}')
      const document = api.openapi('http://x') as unknown as {
        paths: Record<string, Record<string, { operationId?: string }>>
      }
      const fromOpenApi = Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item)
          .filter((m) => m !== 'parameters')
          .map((method) => `${method.toUpperCase()} ${shape(path)}`),
      )
      const model = compileApi(api.definition)
      const fromModel = model.operations.map((o) => `${o.method} ${shape(o.path)}`)
      expect(fromModel.sort()).toEqual(fromOpenApi.sort())
      const ids = Object.values(document.paths).flatMap((item) =>
        Object.values(item).flatMap((o) =>
          typeof o === 'object' && o.operationId ? [o.operationId] : [],
        ),
      )
      for (const o of model.operations.filter((o) => o.kind !== 'route'))
        expect(ids).toContain(o.id)
    }
  })

  it('says what each write takes and answers', () => {
    const create = compileApi(shop.definition).operations.find((o) => o.id === 'createOrder')
    expect(create).toMatchObject({
      method: 'POST',
      path: '/orders',
      status: { success: 201 },
      request: { mediaTypes: ['application/json', 'application/x-www-form-urlencoded'] },
      auth: 'write',
    })
    expect(create?.status.errors).toContain(422)
    const replace = compileApi(shop.definition).operations.find((o) => o.id === 'replaceOrder')
    expect(replace?.preconditions).toEqual(['If-Match'])
  })
})

describe('the templates of a compiled API', () => {
  const library = defineHalApi({
    basePath: '/api',
    tokens: ['dev-token'],
    collections: {
      authors: defineCollection({
        schema: z.object({ name: z.string() }),
        seed: [{ name: 'Ada' }],
      }),
      books: defineCollection({
        schema: z.object({ authorId: z.number(), title: z.string().min(1) }),
        parent: { collection: 'authors', member: 'authorId' },
        param: 'bookId',
        // A root link's rel: never the rel of the author's link to the books.
        rel: 'catalogue',
        seed: [{ authorId: 1, title: 'Notes' }],
      }),
    },
  })
  const model = compileApi(library.definition)

  it('are the ones an answer in HAL-FORMS carries, keys, titles and inputs alike', async () => {
    const books = model.collection('books')
    expect(books.templates.createOnParent).toMatchObject({ key: 'createBooks', method: 'POST' })
    expect(books.templates.create.properties.map((p) => p.name)).toEqual(['title'])
    const response = await library.handle(
      new Request('http://x/api/authors/1', {
        headers: { accept: 'application/prs.hal-forms+json', 'x-access-token': 'dev-token' },
      }),
    )
    const { _templates, _links } = (await response.json()) as {
      _templates: Record<string, { title: string; method: string; properties: unknown[] }>
      _links: Record<string, unknown>
    }
    const authors = model.collection('authors').templates
    const { key: _, ...create } = books.templates.createOnParent ?? books.templates.create
    expect(_templates).toEqual({
      default: { ...strip(authors.replace) },
      patch: { ...strip(authors.update) },
      delete: { ...strip(authors.delete) },
      createBooks: { ...create, target: 'http://x/api/authors/1/books' },
    })
    // The author links its books by the nested rel the model names.
    expect(books.rel).toBe('books')
    expect(Object.keys(_links)).toContain(books.rel)
  })
})

describe('an item read asked of `authorize`', () => {
  it('documents the 401 and 403 the hook may answer, in the model and the OpenAPI document', async () => {
    const notes = defineHalApi({
      basePath: '/api',
      tokens: ['dev-token'],
      collections: {
        notes: defineCollection({
          schema: z.object({ text: z.string() }),
          seed: [{ text: 'private' }],
          authorize: ({ action }) => action !== 'read' || 403,
        }),
      },
    })
    expect((await notes.handle(new Request('http://x/api/notes/1'))).status).toBe(403)
    const read = compileApi(notes.definition).operations.find((o) => o.id === 'getNote')
    expect(read?.status.errors).toEqual(expect.arrayContaining([401, 403]))
    const { paths } = notes.openapi('http://x') as unknown as {
      paths: Record<string, { get: { responses: Record<string, unknown> } }>
    }
    expect(Object.keys(paths['/notes/{id}']?.get.responses ?? {})).toEqual(
      expect.arrayContaining(['401', '403']),
    )
  })
})

/** A template of the model without its key, as `_templates` writes it. */
const strip = ({ key: _, ...template }: { key: string }) => template
