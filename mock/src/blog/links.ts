import type { CurieLink } from './types.js'

/** The API's path prefix; the version lives in the path (source, Versioning). */
export const API_PATH = '/api/v1.2'

/**
 * Absolute URLs of the API for one origin. Every href is built from the origin of the request it
 * answers, so links work on any host and port and inside a browser page (CONTRACT §1).
 *
 * @example
 * const urls = new ApiUrls('http://127.0.0.1:4010')
 * urls.article(1, 2) // 'http://127.0.0.1:4010/api/v1.2/blogs/1/articles/2'
 */
export class ApiUrls {
  readonly base: string
  readonly curies: [CurieLink]

  constructor(origin: string) {
    this.base = `${origin}${API_PATH}`
    this.curies = [{ name: 'doc', href: `${this.base}/docs/rels/{rel}`, templated: true }]
  }

  root = (): string => this.base
  blog = (blogId: number): string => `${this.base}/blogs/${blogId}`
  articles = (blogId: number): string => `${this.blog(blogId)}/articles`
  article = (blogId: number, id: number): string => `${this.articles(blogId)}/${id}`
  comments = (blogId: number, articleId: number): string =>
    `${this.article(blogId, articleId)}/comments`
  comment = (blogId: number, articleId: number, id: number): string =>
    `${this.comments(blogId, articleId)}/${id}`
  graphql = (): string => `${this.base}/graphql`
  rel = (rel: string): string => `${this.base}/docs/rels/${rel}`
}

/** The page query of a collection URL. */
export const pageQuery = (pageIndex: number, pageSize: number): string =>
  `?pageIndex=${pageIndex}&pageSize=${pageSize}`

/** The template suffix of a paged collection link. */
export const PAGE_TEMPLATE = '{?pageIndex,pageSize}'
