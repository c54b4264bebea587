import { Problem } from '../../http/problem.js'
import type { ArticleRecord, BlogRecord } from '../schemas.js'
import { pathId } from './params.js'
import type { RouteContext } from './route.js'

/** The blog named by `:blogId`, or a 404. */
export function requireBlog(context: RouteContext): BlogRecord {
  const blogId = pathId(context, 'blogId')
  const blog = context.store.blog(blogId)
  if (!blog) throw new Problem(404, `There is no blog with id ${blogId}.`)
  return blog
}

/** The article named by `:articleId` within the blog of `:blogId`, or a 404. */
export function requireArticle(context: RouteContext): {
  blog: BlogRecord
  article: ArticleRecord
} {
  const blog = requireBlog(context)
  const articleId = pathId(context, 'articleId')
  const article = context.store.article(blog.id, articleId)
  if (!article) throw new Problem(404, `Blog ${blog.id} has no article with id ${articleId}.`)
  return { blog, article }
}
