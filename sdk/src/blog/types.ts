import type { Resource } from '../resource.js'
import type { State } from '../state.js'
import type { Form, MergePatch, Rel } from '../types.js'

/** `pageIndex` (from 1) and `pageSize` (1…100): the variables of every page template. */
export interface PageVariables {
  pageIndex?: number
  pageSize?: number
}

/** What `POST` to the articles takes and `PUT` to an article sends: `content` is optional. */
export interface ArticleInput {
  title: string
  content?: string
}

/** What `PATCH` to an article takes as a merge patch: `content: null` removes the content. */
export type ArticlePatch = MergePatch<ArticleInput>

/** The action a blog and an article page offer (CONTRACT §3): POST to the article collection. */
type CreateArticle = { createArticle: Form<ArticleInput, Resource<Article>> }

/** Links every page carries, spelled `_link` by the Blog API; none is templated. */
type PageRels<Page> = {
  self: Rel<Page>
  firstPage: Rel<Page>
  previousPage: Rel<Page>
  nextPage: Rel<Page>
  lastPage: Rel<Page>
}

/** `GET /api/v1.2`: the API root, where navigation starts. */
export type Root = {
  data: Record<string, never>
  rels: {
    self: Rel<Root>
    'doc:blog': Rel<Blog, { blogId: number | string }>
    'doc:graphql': Rel<GraphqlEndpoint>
  }
}

/** A blog. */
export type Blog = {
  data: { id: number; title: string; description: string }
  rels: {
    self: Rel<Blog>
    'doc:articles': Rel<ArticlePage, PageVariables>
  }
  actions: CreateArticle
}

/** An article; `content` is absent when it has none. */
export type Article = {
  data: { id: number; title: string; content?: string }
  rels: {
    self: Rel<Article>
    'doc:blog': Rel<Blog>
    'doc:comments': Rel<CommentPage, PageVariables>
  }
  /** CONTRACT §3: replace (`PUT`), merge patch (`PATCH`) and delete. */
  actions: {
    default: Form<ArticleInput, State<Article>>
    patch: Form<ArticlePatch, State<Article>>
    delete: Form<Record<never, never>, undefined>
  }
  input: ArticleInput
}

/** A page of a blog's articles; `POST` to it (without its query) creates an article. */
export type ArticlePage = {
  data: { pageIndex: number; pageSize: number; totalPages: number; totalArticles: number }
  rels: PageRels<ArticlePage>
  embedded: { item: Article }
  creates: { input: ArticleInput; target: Article }
  actions: CreateArticle
}

/** A comment on an article (read-only). */
export type Comment = {
  data: { id: number; author: string; content: string }
  rels: { self: Rel<Comment>; 'doc:article': Rel<Article> }
}

/** A page of an article's comments. */
export type CommentPage = {
  data: { pageIndex: number; pageSize: number; totalPages: number; totalComments: number }
  rels: PageRels<CommentPage>
  embedded: { item: Comment }
}

/** The GraphQL endpoint (not a HAL resource: use `graphql()`). */
export type GraphqlEndpoint = { data: unknown; rels: Record<never, never> }

/** A person of the GraphQL schema. */
export interface Person {
  id: string
  name: string
  friends: Person[]
}

/** A GraphQL error, as the spec shapes it. */
export interface GraphqlError {
  message: string
  locations?: { line: number; column: number }[]
  path?: (string | number)[]
  extensions?: Record<string, unknown>
}

/** A GraphQL response: `data`, `errors`, or both. */
export interface GraphqlResult<TData> {
  data?: TData | null
  errors?: GraphqlError[]
}

/** A query string that carries the types of its result and variables (see {@link gql}). */
export type TypedQuery<TData, TVariables> = string & {
  readonly __result?: TData
  readonly __variables?: TVariables
}

/**
 * Types a GraphQL query: the result and variables `graphql()` then checks.
 *
 * @example
 * ```ts
 * const personName = gql<{ person: Pick<Person, 'name'> | null }, { id: string }>(
 *   'query($id: ID!) { person(id: $id) { name } }',
 * )
 * const { data } = await blog.graphql(personName, { id: '1' })
 * ```
 */
export const gql = <TData, TVariables extends Record<string, unknown> = Record<string, never>>(
  query: string,
): TypedQuery<TData, TVariables> => query
