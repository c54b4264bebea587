/**
 * Type tests, checked by `tsc -b` (this file is compiled, never run): the SDK's types flow through
 * the options, into query-core and React Query alike. Each `@ts-expect-error` fails the build when
 * the error it expects is not there.
 */

import { type ClientTypes, defineHalApi } from '@halyard/mock'
import { createClient, type Resource, type State } from '@halyard/sdk'
import type { Article, ArticlePage, Blog, Root } from '@halyard/sdk/blog'
import { type InfiniteData, MutationObserver, QueryClient } from '@tanstack/query-core'
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query'
import { expectTypeOf } from 'vitest'
import { z } from 'zod'
import { halInfiniteQueryOptions, halMutationOptions, halQueryOptions } from '../src/index.js'

declare const article: Resource<Article>
declare const page: Resource<ArticlePage>
declare const blog: Resource<Blog>
declare const root: Resource<Root>
const queryClient = new QueryClient()

export async function queries(): Promise<void> {
  const options = halQueryOptions(article)
  const state = await queryClient.fetchQuery(options)
  expectTypeOf(state).toEqualTypeOf<State<Article>>()
  expectTypeOf(state.data.title).toEqualTypeOf<string>()
  // The key carries the data's type.
  expectTypeOf(queryClient.getQueryData(options.queryKey)).toEqualTypeOf<
    State<Article> | undefined
  >()
  // Typed rels flow through: a rel the Article does not declare is an error.
  state.links.get('doc:comments')
  // @ts-expect-error an Article has no `doc:nothing` rel
  state.links.get('doc:nothing')
  // Another representation is typed as the resource is, and its key carries that type too.
  const plain = halQueryOptions(article, { accept: 'application/hal+json', staleTime: 0 })
  expectTypeOf(await queryClient.fetchQuery(plain)).toEqualTypeOf<State<Article>>()
  expectTypeOf(queryClient.getQueryData(plain.queryKey)).toEqualTypeOf<State<Article> | undefined>()
  // @ts-expect-error an Accept is a string
  halQueryOptions(article, { accept: ['application/hal+json'] })
  const pages = await queryClient.fetchInfiniteQuery(halInfiniteQueryOptions(page))
  expectTypeOf(pages).toEqualTypeOf<InfiniteData<State<ArticlePage>, string>>()
  expectTypeOf(pages.pages[0]?.embedded('item')).toEqualTypeOf<
    readonly State<Article>[] | undefined
  >()
}

export async function mutations(): Promise<void> {
  const patch = new MutationObserver(queryClient, halMutationOptions(article, 'patch'))
  expectTypeOf(await patch.mutate({ title: 'New' })).toEqualTypeOf<State<Article>>()
  // @ts-expect-error an article has no `subtitle`
  await patch.mutate({ subtitle: 'New' })
  const put = new MutationObserver(queryClient, halMutationOptions(article, 'put'))
  // @ts-expect-error PUT replaces the whole article: its title is required
  await put.mutate({ content: 'Only content' })
  const remove = new MutationObserver(queryClient, halMutationOptions(article, 'delete'))
  expectTypeOf(await remove.mutate()).toEqualTypeOf<undefined>()
  const create = new MutationObserver(
    queryClient,
    halMutationOptions(blog, { action: 'createArticle' }),
  )
  expectTypeOf(await create.mutate({ title: 'Hello' })).toEqualTypeOf<Resource<Article>>()
  // @ts-expect-error a blog offers no `publish` action
  halMutationOptions(blog, { action: 'publish' })
}

/** React Query takes the same options, with the same types. */
export function ReactHooks(): void {
  const { data } = useQuery(halQueryOptions(article))
  expectTypeOf(data).toEqualTypeOf<State<Article> | undefined>()
  const list = useInfiniteQuery(halInfiniteQueryOptions(page))
  // A chain of follow() is a query too, typed by where it leads.
  const followed = useQuery(halQueryOptions(root.follow('doc:blog', { blogId: 1 })))
  expectTypeOf(followed.data).toEqualTypeOf<State<Blog> | undefined>()
  const chained = useInfiniteQuery(
    halInfiniteQueryOptions(root.follow('doc:blog', { blogId: 1 }).follow('doc:articles')),
  )
  expectTypeOf(chained.data?.pages[0]).toEqualTypeOf<State<ArticlePage> | undefined>()
  expectTypeOf(list.data?.pages).toEqualTypeOf<State<ArticlePage>[] | undefined>()
  const rename = useMutation(halMutationOptions(article, 'patch', { optimistic: true }))
  rename.mutate({ title: 'Renamed' })
}

/** The pattern docs/guide/tanstack-query.md shows for your own API: chains of follow(), typed by ClientTypes. */
export function YourOwnApi(): void {
  const definition = defineHalApi({
    basePath: '/api',
    collections: { projects: { schema: z.object({ name: z.string() }) } },
  })
  type Api = ClientTypes<typeof definition>
  const client = createClient({ baseUrl: '/api', token: 'dev-token' })
  const root = client.go<Api['root']>()
  const first = useQuery(halQueryOptions(root.follow('projects')))
  expectTypeOf(first.data).toEqualTypeOf<State<Api['pages']['projects']> | undefined>()
  const all = useInfiniteQuery(halInfiniteQueryOptions(root.follow('projects', { size: 20 })))
  const projects = all.data?.pages.flatMap((page) => page.embedded('projects')) ?? []
  expectTypeOf(projects[0]?.data.name).toEqualTypeOf<string | undefined>()
  // @ts-expect-error a misspelt rel
  halQueryOptions(root.follow('projcets'))
  const list = client.go<Api['pages']['projects']>(first.data?.uri ?? '')
  const create = useMutation(halMutationOptions(list, { action: 'default' }))
  create.mutate({ name: 'Halyard' })
  // @ts-expect-error a project has no `title`
  create.mutate({ title: 'Halyard' })
}
