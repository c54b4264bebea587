import type { HalLink, HalResource } from 'hal-types'

export type { HalLink, HalResource } from 'hal-types'

/** A CURIE definition (`templated` is always true: its href holds `{rel}`). */
export interface CurieLink extends HalLink {
  name: string
  templated: true
}

/** A link whose href is an RFC 6570 URI template. */
export interface TemplatedLink extends HalLink {
  templated: true
}

/** The `_links` every Blog API resource carries. */
export interface BaseLinks {
  curies: [CurieLink]
  self: HalLink
}

/**
 * A HAL resource (hal-types) whose properties are `T` and whose `_links` are exactly `Links`: each
 * relation the Blog API emits, typed, instead of HAL's open map.
 */
export type BlogApiResource<T extends object, Links extends BaseLinks> = HalResource<T> & {
  _links: Links
}

/** `GET /api/v1.2` (ext): where a hypermedia client starts. */
export type RootRepresentation = BlogApiResource<
  object,
  BaseLinks & { 'doc:blog': TemplatedLink; 'doc:graphql': HalLink }
>

/** `GET /blogs/{blogId}`. */
export type BlogRepresentation = BlogApiResource<
  { id: number; title: string; description: string },
  BaseLinks & { 'doc:articles': TemplatedLink }
>

/** `GET /blogs/{blogId}/articles/{articleId}`; `content` is absent when the article has none. */
export type ArticleRepresentation = BlogApiResource<
  { id: number; title: string; content?: string },
  BaseLinks & { 'doc:blog': HalLink & { title: string }; 'doc:comments': TemplatedLink }
>

/** A comment (ext). */
export type CommentRepresentation = BlogApiResource<
  { id: number; author: string; content: string },
  BaseLinks & { 'doc:article': HalLink }
>

/** The page navigation links: spelled `_link` in this API, and none of them templated. */
export interface PageLinks {
  firstPage: HalLink
  previousPage?: HalLink
  self: HalLink
  nextPage?: HalLink
  lastPage: HalLink
}

/** (ext) The same page links under HAL's `_links`, with IANA rels, for generic HAL clients. */
export interface StandardPageLinks {
  self: HalLink
  first: HalLink
  prev?: HalLink
  next?: HalLink
  last: HalLink
}

/**
 * A page of a collection, with the Blog API's departures from HAL: links under `_link` (singular)
 * and `_embedded` as a plain array of full resources; (ext) the same links under standard `_links`.
 */
export type PageRepresentation<Item, TotalKey extends string> = {
  pageIndex: number
  pageSize: number
  totalPages: number
  _link: PageLinks
  _links: StandardPageLinks
  _embedded: Item[]
} & { [K in TotalKey]: number }

/** A page of a blog's articles (`GET /blogs/{blogId}/articles`), as `docs/api.md` shows it. */
export type ArticlePageRepresentation = PageRepresentation<ArticleRepresentation, 'totalArticles'>
/** A page of an article's comments (`GET …/articles/{articleId}/comments`). */
export type CommentPageRepresentation = PageRepresentation<CommentRepresentation, 'totalComments'>

/** The DELETE body under `Prefer: return=representation`: links back to the blog only. */
export interface DeletedArticleRepresentation {
  _links: { curies: [CurieLink]; 'doc:blog': HalLink & { title: string } }
}
