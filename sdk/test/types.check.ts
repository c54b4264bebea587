/**
 * Type tests, checked by `tsc -b` in the test command (this file is compiled, never run): typed
 * rels, their targets and their template variables. Each `@ts-expect-error` fails the build when
 * the error it expects is not there.
 */
import { expectTypeOf } from 'vitest'
import type { Article, ArticlePage, Blog, BlogClient, Root } from '../src/blog/index.js'
import {
  type AnyResource,
  type Client,
  type FieldError,
  isValidationError,
  type Rel,
  type Resource,
  type ResourcePromise,
  type State,
} from '../src/index.js'

declare const client: Client
declare const blogApi: BlogClient

export async function typedRels(): Promise<void> {
  const root = client.go<Root>()
  // A template's variables are typed: blogId is required, pageSize a number.
  const blog = root.follow('doc:blog', { blogId: 1 })
  expectTypeOf(blog).toEqualTypeOf<ResourcePromise<Blog>>()
  const page = blog.follow('doc:articles', { pageSize: 20 })
  expectTypeOf(page).toEqualTypeOf<ResourcePromise<ArticlePage>>()
  const state = await page.get()
  expectTypeOf(state.data.totalArticles).toEqualTypeOf<number>()
  expectTypeOf(state.embedded('item')).toEqualTypeOf<readonly State<Article>[]>()
  const article = state.embedded('item')[0]
  if (article) expectTypeOf(article.data.content).toEqualTypeOf<string | undefined>()

  // @ts-expect-error: a misspelled rel
  root.follow('doc:blgo', { blogId: 1 })
  // @ts-expect-error: a required variable left out
  root.follow('doc:blog')
  // @ts-expect-error: an unknown template variable
  blog.follow('doc:articles', { pageSiz: 20 })
  // @ts-expect-error: an unknown variable beside a known one
  blog.follow('doc:articles', { pageSize: 20, sort: 'title' })
  // @ts-expect-error: a variable of the wrong type
  blog.follow('doc:articles', { pageSize: '20' })
  // @ts-expect-error: a link the page does not declare
  state.links.get('doc:comments')
  // @ts-expect-error: an embedded rel the page does not declare
  state.embedded('comments')
}

export async function typedWrites(): Promise<void> {
  const page = client.go<ArticlePage>('blogs/1/articles')
  const created = await page.post({ title: 'Hello', content: 'Body' })
  expectTypeOf(created).toEqualTypeOf<Resource<Article>>()
  // @ts-expect-error: title is required
  await page.post({ content: 'Body' })
  // @ts-expect-error: PUT takes the article's input, not any object
  await created.put({ headline: 'x' })
  const error: unknown = undefined
  if (isValidationError(error)) expectTypeOf(error.errors).toEqualTypeOf<readonly FieldError[]>()
}

export async function untyped(): Promise<void> {
  // Untyped use still works: any rel, any variables, data as a record.
  const anything = client.go('/somewhere')
  expectTypeOf(anything).toEqualTypeOf<Resource<AnyResource>>()
  const state = await anything.follow('https://rels.example/any', { q: 'x', n: 1 }).get()
  expectTypeOf(state.data).toEqualTypeOf<Record<string, unknown>>()
  state.links.get('whatever')
}

export async function userDeclaredTypes(): Promise<void> {
  // A user's own HAL API, declared the same way.
  type Order = {
    data: { id: string; total: number }
    rels: { self: Rel<Order>; customer: Rel<Customer> }
  }
  type Customer = {
    data: { name: string }
    rels: { orders: Rel<Order, { status?: 'open' | 'shipped' }> }
  }
  const customer = await client.go<Order>('/orders/1').follow('customer').get()
  expectTypeOf(customer.data.name).toEqualTypeOf<string>()
  client.go<Customer>('/customers/1').follow('orders', { status: 'open' })
  // @ts-expect-error: a value outside the declared union
  client.go<Customer>('/customers/1').follow('orders', { status: 'lost' })
}

export async function blogLayer(): Promise<void> {
  for await (const article of blogApi.articles(1))
    expectTypeOf(article).toEqualTypeOf<State<Article>>()
  expectTypeOf(blogApi.blog(1)).toEqualTypeOf<ResourcePromise<Blog>>()
  const result = await blogApi.graphql<{ person: { name: string } | null }, { id: string }>(
    'query($id: ID!) { person(id: $id) { name } }',
    { id: '1' },
  )
  expectTypeOf(result.data).toEqualTypeOf<{ person: { name: string } | null } | null | undefined>()
  // @ts-expect-error: the article input needs a title
  await blogApi.createArticle(1, {})
}

export async function typedActions(): Promise<void> {
  const state = await client.go<Article>('blogs/1/articles/1').get()
  // The default action is the article's PUT: its values are the article input.
  const edit = state.action()
  expectTypeOf(edit.name).toEqualTypeOf<'default'>()
  expectTypeOf(await edit.submit({ title: 'New' })).toEqualTypeOf<State<Article>>()
  expectTypeOf(edit.fields[0]?.name).toEqualTypeOf<'title' | 'content' | undefined>()
  edit.field('content')
  // A merge patch may remove the content with null; delete takes no values.
  await state.action('patch').submit({ content: null })
  expectTypeOf(await state.action('delete').submit()).toEqualTypeOf<undefined>()
  const page = await client.go<ArticlePage>('blogs/1/articles').get()
  const created = await page.action('createArticle').submit({ title: 'Made' })
  expectTypeOf(created).toEqualTypeOf<Resource<Article>>()
  expectTypeOf(state.actions()[0]?.name).toEqualTypeOf<'default' | 'patch' | 'delete' | undefined>()

  // @ts-expect-error: a misspelt action
  state.action('pacth')
  // @ts-expect-error: an action the page does not declare
  page.action('delete')
  // @ts-expect-error: the page declares no default action, so the name is required
  page.action()
  // @ts-expect-error: a misspelt field
  edit.field('titel')
  // @ts-expect-error: a misspelt field in the values
  await edit.submit({ titel: 'New' })
  // @ts-expect-error: the PUT needs a title
  await edit.submit({ content: 'Body' })
  // @ts-expect-error: the title is required, it cannot be removed
  await state.action('patch').submit({ title: null })
  // @ts-expect-error: a field of the wrong type
  await state.action('patch').submit({ content: 5 })

  // Untyped: any action, any values, any field.
  const any = await client.go('/somewhere').get()
  expectTypeOf(await any.action('whatever').submit({ x: 1 })).toEqualTypeOf<
    State | Resource | undefined
  >()
  any.action().field('anything')
}

export async function typedPatch(): Promise<void> {
  const article = client.go<Article>('blogs/1/articles/1')
  expectTypeOf(await article.patch({ content: null })).toEqualTypeOf<State<Article>>()
  await article.patch([{ op: 'replace', path: '/title', value: 'x' }], { type: 'json-patch' })
  await blogApi.patchArticle('blogs/1/articles/1', { title: 'x' })
  // @ts-expect-error: a misspelt member in a merge patch
  await article.patch({ titel: 'x' })
  // @ts-expect-error: a JSON Patch needs type: 'json-patch'
  await article.patch([{ op: 'remove', path: '/content' }])
  // @ts-expect-error: an unknown operation
  await article.patch([{ op: 'rename', path: '/title' }], { type: 'json-patch' })
  // @ts-expect-error: the title is required
  await blogApi.patchArticle('blogs/1/articles/1', { title: null })
}
