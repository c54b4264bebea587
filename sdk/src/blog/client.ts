import { type Client, createClient } from '../client.js'
import { halFormsAdapter } from '../hal-forms.js'
import type { ClientOptions } from '../options.js'
import type { ItemsOptions } from '../pagination.js'
import type { Resource, ResourcePromise, WriteOptions } from '../resource.js'
import { State } from '../state.js'
import type { RequestOptions } from '../types.js'
import type {
  Article,
  ArticleInput,
  ArticlePage,
  ArticlePatch,
  Blog,
  Comment,
  GraphqlResult,
  PageVariables,
  Root,
  TypedQuery,
} from './types.js'

/**
 * Options of {@link createBlogClient}: those of `createClient`, with the Blog's `adapter` and
 * `nextRels` by default (see {@link blogConventions}).
 */
export interface BlogClientOptions extends ClientOptions {
  /** The API root (`http://127.0.0.1:4010/api/v1.2`), or just the server's origin. */
  baseUrl: string | URL
}

/** An article given by its URI, its `Resource` or a `State` of it. */
export type ArticleRef = string | URL | Resource<Article> | State<Article>

/** Options of the iterating calls: page size (default 100, the API's maximum) and prefetch. */
export interface IterateOptions extends Omit<ItemsOptions, 'rel'> {
  pageSize?: number
}

/** The Blog API's everyday tasks, one call each, over a typed HAL client. */
export interface BlogClient {
  /** The generic client underneath, for anything else. */
  readonly client: Client
  /** The API root. */
  root(): Resource<Root>
  /** A blog, found from the root's `doc:blog` template. */
  blog(blogId: number): ResourcePromise<Blog>
  /** One page of a blog's articles. */
  articlePage(blogId: number, variables?: PageVariables): ResourcePromise<ArticlePage>
  /** Every article of a blog, in creation order, one request per page. */
  articles(blogId: number, options?: IterateOptions): AsyncGenerator<State<Article>>
  /** An article by its URI (its self link). */
  article(article: ArticleRef): Resource<Article>
  /** Creates an article and gives its state (from the 201: no second request). */
  createArticle(
    blogId: number,
    input: ArticleInput,
    options?: RequestOptions,
  ): Promise<State<Article>>
  /**
   * Replaces an article, with `If-Match` from the state given (or the cached one): a concurrent
   * change answers `PreconditionFailedError`.
   */
  replaceArticle(
    article: ArticleRef,
    input: ArticleInput,
    options?: WriteOptions,
  ): Promise<State<Article>>
  /**
   * Changes some fields of an article (a JSON Merge Patch: `content: null` removes the content),
   * with `If-Match` from the state given (or the cached one).
   *
   * @example
   * ```ts
   * await api.patchArticle(state, { title: 'Only the title' })
   * ```
   */
  patchArticle(
    article: ArticleRef,
    patch: ArticlePatch,
    options?: WriteOptions,
  ): Promise<State<Article>>
  /** Deletes an article, with `If-Match` when its ETag is known. */
  deleteArticle(article: ArticleRef, options?: WriteOptions): Promise<void>
  /** Every comment of an article. */
  comments(article: ArticleRef, options?: IterateOptions): AsyncGenerator<State<Comment>>
  /**
   * Runs a GraphQL query at the root's `doc:graphql` endpoint. GraphQL errors come back in
   * `errors`; only transport failures throw.
   */
  graphql<TData = unknown, TVariables extends Record<string, unknown> = Record<string, unknown>>(
    query: TypedQuery<TData, TVariables> | string,
    variables?: TVariables,
    options?: RequestOptions,
  ): Promise<GraphqlResult<TData>>
}

/**
 * The Blog API's departures from HAL (docs/api.md, Article page), as `createClient` options: its pages
 * carry their links under `_link` as well as `_links`, and name the next page `nextPage`. A client
 * made with them reads the Blog as `createBlogClient` does; spread your own options after them.
 *
 * @example
 * ```ts
 * import { createClient } from '@halyard/sdk'
 * import { blogConventions } from '@halyard/sdk/blog'
 *
 * const client = createClient({ ...blogConventions(), baseUrl: 'http://127.0.0.1:4010/api/v1.2' })
 * ```
 */
export function blogConventions(): Required<Pick<ClientOptions, 'adapter' | 'nextRels'>> {
  return {
    adapter: halFormsAdapter({ linkKeys: ['_links', '_link'] }),
    nextRels: ['next', 'nextPage'],
  }
}

const apiRoot = (baseUrl: string | URL): URL => {
  const url = new URL(baseUrl)
  if (url.pathname === '/') url.pathname = '/api/v1.2'
  return url
}

/**
 * A client for the Blog API v1.2 that navigates by links from the API root, typed throughout.
 *
 * @example
 * ```ts
 * import { createBlogClient } from '@halyard/sdk/blog'
 *
 * const api = createBlogClient({ baseUrl: 'http://127.0.0.1:4010', token: 'dev-token' })
 * for await (const article of api.articles(1)) console.log(article.data.title)
 * const created = await api.createArticle(1, { title: 'Hello' })
 * await api.replaceArticle(created, { title: 'Hello again' })
 * ```
 */
export function createBlogClient(options: BlogClientOptions): BlogClient {
  const client = createClient({
    ...blogConventions(),
    ...options,
    baseUrl: apiRoot(options.baseUrl),
  })
  const root = (): Resource<Root> => client.go<Root>()
  const blog = (blogId: number) => root().follow('doc:blog', { blogId })
  const resource = (article: ArticleRef) =>
    client.go<Article>(
      typeof article === 'string' || article instanceof URL ? article : article.uri,
    )
  // The version the caller edited, when given, is the one the write must not overwrite.
  const edited = (article: ArticleRef, options: WriteOptions = {}): WriteOptions => {
    const etag = article instanceof State ? article.etag : undefined
    return { ...(etag && { ifMatch: etag }), ...options }
  }
  const iterate = ({ pageSize = 100, ...options }: IterateOptions = {}) => ({
    variables: { pageSize },
    options,
  })
  return {
    client,
    root,
    blog,
    articlePage: (blogId, variables = {}) => blog(blogId).follow('doc:articles', variables),
    articles(blogId, options) {
      const { variables, options: rest } = iterate(options)
      return blog(blogId).follow('doc:articles', variables).items(rest)
    },
    article: resource,
    async createArticle(blogId, input, options) {
      const created = await blog(blogId).follow('doc:articles').post(input, options)
      return created.get(options)
    },
    replaceArticle: (article, input, options) =>
      resource(article).put(input, edited(article, options)),
    patchArticle: (article, patch, options) =>
      resource(article).patch(patch, edited(article, options)),
    deleteArticle: (article, options) => resource(article).delete(options),
    comments(article, options) {
      const { variables, options: rest } = iterate(options)
      return resource(article).follow('doc:comments', variables).items(rest)
    },
    async graphql<TData>(
      query: string,
      variables?: Record<string, unknown>,
      options: RequestOptions = {},
    ): Promise<GraphqlResult<TData>> {
      const endpoint = await root().follow('doc:graphql', {}, options)
      // Plain JSON: GraphQL errors then come back as a 200 with `errors`, not as an HTTP error.
      const response = await client.send('POST', endpoint.uri, {
        ...options,
        headers: { accept: 'application/json', ...options.headers },
        body: { query, ...(variables && { variables }) },
      })
      return (await response.json()) as GraphqlResult<TData>
    },
  }
}
