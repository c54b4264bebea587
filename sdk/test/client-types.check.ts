/**
 * Type tests of `ClientTypes` (from `@halyard/mock`) read by this client, checked by `tsc -b`
 * (compiled, never run): every resource of a definition typed from the definition alone, and each
 * misspelling refused. Each `@ts-expect-error` fails the build when its error is not there.
 */
import {
  type ClientTypes,
  defineCollection,
  defineHalApi,
  type PageView,
  type PagingConvention,
} from '@halyard/mock'
import type { BlogClientTypes } from '@halyard/mock/blog'
import { expectTypeOf } from 'vitest'
import { z } from 'zod'
import type { Client, Resource, ResourcePromise, State } from '../src/index.js'

declare const client: Client

// A shop in the core's standard HAL: relations, a link back, an embed, a plain templated link.
const shop = defineHalApi({
  basePath: '/api',
  collections: {
    customers: defineCollection({
      schema: z.object({ name: z.string(), email: z.email() }),
      seed: [{ name: 'Ada', email: 'ada@example.com' }],
      links: { search: { href: () => '/search{?q}', templated: true } },
    }),
    products: { schema: z.object({ name: z.string(), price: z.number() }), rel: 'catalogue' },
    orders: defineCollection({
      schema: z.object({
        customerId: z.number(),
        status: z.enum(['open', 'paid']),
        productIds: z.array(z.number()),
      }),
      seed: [{ customerId: 1, status: 'open', productIds: [1] }],
      links: {
        customer: { to: 'customers', id: (o) => o.customerId, reverse: 'orders' },
        products: { to: 'products', id: (o) => o.productIds },
      },
      embed: ['products'],
    }),
    notes: { schema: z.object({ text: z.string() }), represent: (n) => ({ text: n.text, n: 1 }) },
  },
})
type Shop = ClientTypes<typeof shop>
type Customer = Shop['items']['customers']
type Order = Shop['items']['orders']
type Product = Shop['items']['products']

export async function standardHal(): Promise<void> {
  const root = client.go<Shop['root']>()
  const customers = root.follow('customers', { page: 0, size: 5 })
  expectTypeOf(customers).toEqualTypeOf<ResourcePromise<Shop['pages']['customers']>>()
  const page = await customers.get()
  expectTypeOf(page.data.page.totalElements).toEqualTypeOf<number>()
  // A state navigates on from its own links, typed as its resource.
  const rootState = await root.get()
  expectTypeOf(rootState.follow('customers', { size: 5 })).toEqualTypeOf<
    ResourcePromise<Shop['pages']['customers']>
  >()
  expectTypeOf(rootState.followAll('customers')).toEqualTypeOf<
    Resource<Shop['pages']['customers']>[]
  >()
  expectTypeOf(rootState.resource).toEqualTypeOf<Resource<Shop['root']>>()
  // @ts-expect-error a misspelt rel, from a state too
  rootState.follow('custmers')
  // @ts-expect-error a misspelt template variable
  rootState.follow('customers', { sise: 5 })
  const [customer] = page.embedded('customers')
  expectTypeOf(customer).toEqualTypeOf<State<Customer> | undefined>()
  expectTypeOf(customer?.data).toEqualTypeOf<
    { readonly id: number; name: string; email: string } | undefined
  >()
  // The collection's own rel names the root's link and the page's embedded items.
  const products = await root.follow('catalogue').get()
  expectTypeOf(products.embedded('catalogue')).toEqualTypeOf<readonly State<Product>[]>()
  await customers.follow('next').follow('last').get()
  const notes = await root.follow('notes').get()
  expectTypeOf(notes.embedded('notes')[0]?.data).toEqualTypeOf<
    { text: string; n: number } | undefined
  >()

  // @ts-expect-error: a misspelt rel
  root.follow('customer')
  // @ts-expect-error: a misspelt variable
  root.follow('customers', { sise: 5 })
  // @ts-expect-error: a variable of the wrong type
  root.follow('customers', { size: 'five' })
  // @ts-expect-error: the products are linked as `catalogue`
  root.follow('products')
  // @ts-expect-error: a misspelt embedded rel
  page.embedded('customer')
  // @ts-expect-error: a misspelt property
  expectTypeOf(customer?.data.mail)
}

export async function relations(): Promise<void> {
  const order = await client.go<Order>('orders/1').get()
  expectTypeOf(order.data.status).toEqualTypeOf<'open' | 'paid'>()
  const customer = client.go<Order>('orders/1').follow('customer')
  expectTypeOf(customer).toEqualTypeOf<ResourcePromise<Customer>>()
  expectTypeOf(order.embedded('products')).toEqualTypeOf<readonly State<Product>[]>()
  // The relation's `reverse`: the customer links the page of its orders.
  const theirs = await customer.follow('orders', { size: 5 }).get()
  expectTypeOf(theirs.embedded('orders')).toEqualTypeOf<readonly State<Order>[]>()
  // A plain templated link takes any variables.
  customer.follow('search', { q: 'x' })

  // @ts-expect-error: a relation the order does not have
  order.embedded('customer')
  // @ts-expect-error: a misspelt relation
  client.go<Order>('orders/1').follow('customers')
  // @ts-expect-error: a link back takes paging variables only
  customer.follow('orders', { status: 'open' })
  // @ts-expect-error: orders are created in their collection, not under a customer
  await customer.follow('orders').post({ customerId: 1, status: 'open', productIds: [] })
}

export async function writes(): Promise<void> {
  const customers = client.go<Shop['root']>().follow('customers')
  const created = await customers.post({ name: 'Hedy', email: 'hedy@example.com' })
  expectTypeOf(created).toEqualTypeOf<Resource<Customer>>()
  await created.put({ name: 'Hedy Lamarr', email: 'hedy@example.com' })
  await created.patch({ name: 'Hedy' })
  expectTypeOf<Shop['inputs']['orders']>().toEqualTypeOf<{
    customerId: number
    status: 'open' | 'paid'
    productIds: number[]
  }>()

  // @ts-expect-error: the body is the record's fields, not wrapped in `data`
  await customers.post({ data: { name: 'Hedy', email: 'hedy@example.com' } })
  // @ts-expect-error: a required field left out
  await customers.post({ name: 'Hedy' })
  // @ts-expect-error: a misspelt member
  await created.put({ name: 'Hedy', emial: 'hedy@example.com' })
  // @ts-expect-error: a field of the wrong type
  await created.patch({ name: 1 })
  // @ts-expect-error: the email is required, a merge patch cannot remove it
  await created.patch({ email: null })
}

export async function actions(): Promise<void> {
  const order = await client.go<Order>('orders/1').get()
  expectTypeOf(
    await order.action().submit({ customerId: 1, status: 'paid', productIds: [] }),
  ).toEqualTypeOf<State<Order>>()
  expectTypeOf(await order.action('patch').submit({ status: 'paid' })).toEqualTypeOf<State<Order>>()
  expectTypeOf(await order.action('delete').submit()).toEqualTypeOf<undefined>()
  order.action('patch').field('status')
  const page = await client.go<Shop['root']>().follow('orders').get()
  expectTypeOf(
    await page.action().submit({ customerId: 1, status: 'open', productIds: [1] }),
  ).toEqualTypeOf<Resource<Order>>()

  // @ts-expect-error: a misspelt action
  order.action('pacth')
  // @ts-expect-error: a misspelt field
  order.action('patch').field('statsu')
  // @ts-expect-error: a value outside the enum
  await order.action('patch').submit({ status: 'lost' })
  // @ts-expect-error: a page offers no delete
  page.action('delete')
}

// The conventions of nested addresses, page documents of the API's own shape, link titles,
// read-only collections, an item-only collection, an input schema, named create templates and the
// root's own links, as the Blog's definition writes them.
const paging = <Total extends string>(total: Total) =>
  ({
    page: 'pageIndex',
    size: 'pageSize',
    firstIndex: 1,
    render: (p: PageView) => ({
      pageIndex: p.index,
      pageSize: p.size,
      totalPages: p.totalPages,
      ...({ [total]: p.total } as { [K in Total]: number }),
      _link: {
        firstPage: p.links.first,
        previousPage: p.links.prev,
        self: p.links.self,
        nextPage: p.links.next,
        lastPage: p.links.last,
      },
      _links: p.links,
      _embedded: p.items,
    }),
  }) as const
const blog = defineHalApi({
  basePath: '/api/v1.2',
  collections: {
    blogs: {
      schema: z.object({ title: z.string(), description: z.string(), updatedAt: z.number() }),
      rel: 'doc:blog',
      param: 'blogId',
      list: false,
      readOnly: true,
      represent: (b) => ({ id: b.id, title: b.title, description: b.description }),
    },
    articles: {
      schema: z.object({
        blogId: z.number(),
        title: z.string(),
        content: z.string().optional(),
        updatedAt: z.number(),
      }),
      input: z.object({ title: z.string(), content: z.string().optional() }),
      parent: { collection: 'blogs', member: 'blogId', rel: 'doc:articles' },
      param: 'articleId',
      links: {
        'doc:blog': {
          to: 'blogs',
          id: (a) => a.blogId,
          title: (b) => (b as { title?: string }).title,
        },
      },
      paging: paging('totalArticles'),
      templates: { create: 'createArticle' },
    },
    comments: {
      schema: z.object({ articleId: z.number(), author: z.string(), content: z.string() }),
      parent: { collection: 'articles', member: 'articleId', rel: 'doc:comments' },
      links: { 'doc:article': { to: 'articles', id: (c) => c.articleId } },
      paging: paging('totalComments'),
      readOnly: true,
    },
  },
  root: { links: { 'doc:graphql': { href: '/graphql' } }, serviceDesc: false },
})
type BlogApi = ClientTypes<typeof blog>
type Blog = BlogApi['items']['blogs']
type Article = BlogApi['items']['articles']
type Comment = BlogApi['items']['comments']

export async function conventions(): Promise<void> {
  const root = client.go<BlogApi['root']>()
  // A collection without a list: the root links its items by their path variable.
  const blog = root.follow('doc:blog', { blogId: 1 })
  expectTypeOf(blog).toEqualTypeOf<ResourcePromise<Blog>>()
  expectTypeOf((await blog.get()).data).toEqualTypeOf<{
    id: number
    title: string
    description: string
  }>()
  const articles = blog.follow('doc:articles', { pageIndex: 1, pageSize: 10 })
  const page = await articles.get()
  expectTypeOf(page.data).toEqualTypeOf<{
    pageIndex: number
    pageSize: number
    totalPages: number
    totalArticles: number
  }>()
  expectTypeOf(page.embedded('item')).toEqualTypeOf<readonly State<Article>[]>()
  await articles.follow('nextPage').follow('firstPage').get()
  await articles.follow('next').get()
  // POST to the nested list takes the input schema's fields; the blog's id comes from the URL.
  const created = await articles.post({ title: 'Hello' })
  expectTypeOf(created).toEqualTypeOf<Resource<Article>>()
  // The create template has its own name, on the page and on the blog.
  expectTypeOf(await page.action('createArticle').submit({ title: 'Hi' })).toEqualTypeOf<
    Resource<Article>
  >()
  await (await blog.get()).action('createArticle').submit({ title: 'Hi', content: 'There' })
  const state = await created.get()
  await state.action('patch').submit({ content: null })
  const comments = await created.follow('doc:comments').get()
  expectTypeOf(comments.data.totalComments).toEqualTypeOf<number>()
  expectTypeOf(comments.embedded('item')).toEqualTypeOf<readonly State<Comment>[]>()
  await created.follow('doc:blog').follow('doc:articles').get()
  root.follow('doc:graphql')

  // @ts-expect-error: the blog's path variable is required
  root.follow('doc:blog')
  // @ts-expect-error: a misspelt path variable
  root.follow('doc:blog', { blogID: 1 })
  // @ts-expect-error: this root does not link the OpenAPI document
  root.follow('service-desc')
  // @ts-expect-error: the paging variables are named pageIndex and pageSize here
  blog.follow('doc:articles', { page: 1 })
  // @ts-expect-error: nested lists are linked from their parent, not from the root
  root.follow('doc:articles')
  // @ts-expect-error: the body is the input schema's: no updatedAt
  await articles.post({ title: 'Hello', updatedAt: 1 })
  // @ts-expect-error: nor the blog's id, which the URL gives
  await articles.post({ blogId: 1, title: 'Hello' })
  // @ts-expect-error: this page document has no `page` member
  expectTypeOf(page.data.page)
  // @ts-expect-error: the create template is named createArticle
  page.action('default')
  // @ts-expect-error: a read-only blog cannot be replaced
  await blog.put({ title: 'x', description: 'y', updatedAt: 1 })
  // @ts-expect-error: a read-only collection takes no POST
  await created.follow('doc:comments').post({ author: 'x', content: 'y' })
  const comment = comments.embedded('item')[0]
  if (!comment) return
  // @ts-expect-error: nor PUT
  await client.go<Comment>(comment.uri).put({ author: 'x', content: 'y' })
  // @ts-expect-error: and offers no actions
  comment.action('delete')
}

export async function theBlog(): Promise<void> {
  // The Blog's own definition gives the same client types.
  const blog = client.go<BlogClientTypes['root']>().follow('doc:blog', { blogId: 1 })
  const page = await blog.follow('doc:articles', { pageSize: 5 }).get()
  expectTypeOf(page.data.totalArticles).toEqualTypeOf<number>()
  const created = await page.action('createArticle').submit({ title: 'Hello' })
  expectTypeOf(created).toEqualTypeOf<Resource<BlogClientTypes['items']['articles']>>()
  expectTypeOf<BlogClientTypes['inputs']['articles']>().toEqualTypeOf<{
    title: string
    content?: string | undefined
  }>()
  // @ts-expect-error: a misspelt rel of the Blog
  blog.follow('doc:article')
  // @ts-expect-error: its paging variables are pageIndex and pageSize
  blog.follow('doc:articles', { size: 5 })
}

export async function conventionsKnownLoosely(): Promise<void> {
  // A convention annotated `PagingConvention` says little of its document: nothing is refused.
  const convention: PagingConvention = { render: (p) => ({ items: p.items, _links: p.links }) }
  const loose = defineHalApi({
    basePath: '/api',
    collections: { notes: { schema: z.object({ text: z.string() }) } },
    paging: convention,
  })
  const page = await client.go<ClientTypes<typeof loose>['root']>().follow('notes').get()
  expectTypeOf(page.data).toEqualTypeOf<Record<string, unknown>>()
  await client.go<ClientTypes<typeof loose>['pages']['notes']>(page.uri).follow('next').get()
  expectTypeOf(page.embedded('items')[0]?.data.text).toEqualTypeOf<string | undefined>()
}
