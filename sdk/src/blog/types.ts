// The resources' types are printed from the Blog's definition (./derived.ts); what is here is
// named after them, or the GraphQL endpoint's, which is not HAL.
import type { InputOf, MergePatch, RelVariables } from '../types.js'

import type { Article, Blog } from './derived.js'

export type { Article, ArticlePage, Blog, Comment, CommentPage, Root } from './derived.js'

/** `pageIndex` (from 1) and `pageSize` (1…100): the variables of every page template. */
export type PageVariables = RelVariables<Blog, 'doc:articles'>

/** What `POST` to the articles takes and `PUT` to an article sends: `content` is optional. */
export type ArticleInput = InputOf<Article>

/** What `PATCH` to an article takes as a merge patch: `content: null` removes the content. */
export type ArticlePatch = MergePatch<ArticleInput>

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
