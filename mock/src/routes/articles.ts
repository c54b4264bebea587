import {
  type ArticleInput,
  type ArticleRecord,
  articleBody,
  type BlogRecord,
} from '../data/schemas.js'
import { authorizeWrite } from '../http/auth.js'
import { readJson, validate } from '../http/body.js'
import { HAL_TYPES } from '../http/negotiation.js'
import { Problem } from '../http/problem.js'
import {
  answerRead,
  answerWrite,
  checkWritePreconditions,
  HAL_JSON,
  RepresentationMemo,
  represent,
} from '../http/respond.js'
import { articleRepresentation, deletedArticleRepresentation } from '../representations/article.js'
import { requireArticle, requireBlog } from './lookup.js'
import { answerPage } from './pages.js'
import { defineRoute, type RouteContext } from './route.js'

const ARTICLES = '/blogs/:blogId/articles'
const ARTICLE = '/blogs/:blogId/articles/:articleId'

/** `GET …/articles?pageIndex=&pageSize=`: one page, O(page size) whatever the blog's size. */
export const listArticles = defineRoute({
  method: 'GET',
  path: ARTICLES,
  produces: HAL_TYPES,
  access: 'read',
  handle(context) {
    const blog = requireBlog(context)
    return answerPage(context, {
      url: context.urls.articles(blog.id),
      totalKey: 'totalArticles',
      changedAt: context.store.blogChangedAt(blog),
      slice: (offset, limit) => context.store.articles(blog.id, offset, limit),
      item: (article) => articleRepresentation(context.urls, blog, article),
      itemInputs: [context.urls, blog, blog.title],
      rowInputs: (article) => [article, article.title, article.content],
    })
  },
})

/** `POST …/articles`: 201 with the new article and its `Location`. */
export const createArticle = defineRoute({
  method: 'POST',
  path: ARTICLES,
  produces: HAL_TYPES,
  access: 'write',
  async handle(context) {
    const blog = requireBlog(context)
    authorizeWrite(grantOf(context), blog.id)
    const input = toInput(validate(articleBody, await readJson(context.request)))
    const article = await context.store.write(() => context.store.createArticle(blog.id, input))
    const rep = represent(articleRepresentation(context.urls, blog, article), article.updatedAt)
    return answerWrite(rep, 201, { location: context.urls.article(blog.id, article.id) })
  },
})

/** Articles read again and again (a client polling one, say) are serialized and hashed once. */
const recentArticles = new RepresentationMemo<ArticleRecord>('articles')

/** `GET …/articles/{articleId}`. */
export const getArticle = defineRoute({
  method: 'GET',
  path: ARTICLE,
  produces: HAL_TYPES,
  access: 'read',
  handle(context) {
    const { blog, article } = requireArticle(context)
    const { urls } = context
    const inputs = [urls, blog, blog.title, article.title, article.content, article.updatedAt]
    const rep = recentArticles.get(article, inputs, () =>
      represent(articleRepresentation(urls, blog, article), article.updatedAt),
    )
    return answerRead(context.request, rep)
  },
})

/**
 * `PUT …/articles/{articleId}`: whole replacement. The body is read first (415, 413, 400), then,
 * inside the write lock, the preconditions (412) are checked against the article as it is now,
 * before the content is validated (422), as RFC 9110 §13.2.1 orders them.
 */
export const replaceArticle = defineRoute({
  method: 'PUT',
  path: ARTICLE,
  produces: HAL_TYPES,
  access: 'write',
  async handle(context) {
    const blog = authorizeArticleWrite(context)
    const body = await readJson(context.request)
    const article = await writeCurrentArticle(context, (current) =>
      context.store.replaceArticle(current, toInput(validate(articleBody, body))),
    )
    const rep = represent(articleRepresentation(context.urls, blog, article), article.updatedAt)
    return answerWrite(rep, 200)
  },
})

/**
 * `DELETE …/articles/{articleId}`: 204, or 200 with the source's deleted-article body under
 * `Prefer: return=representation` (a 204 cannot carry a body).
 */
export const deleteArticle = defineRoute({
  method: 'DELETE',
  path: ARTICLE,
  produces: HAL_TYPES,
  access: 'write',
  async handle(context) {
    const blog = authorizeArticleWrite(context)
    await writeCurrentArticle(context, (article) => context.store.deleteArticle(article))
    if (!context.prefer.returnRepresentation) return { status: 204, headers: {}, body: null }
    return {
      status: 200,
      headers: { 'content-type': HAL_JSON, 'preference-applied': 'return=representation' },
      body: JSON.stringify(deletedArticleRepresentation(context.urls, blog)),
    }
  },
})

/** The blog of the URL's article, once the token is known to be allowed to write to it (404, 403). */
function authorizeArticleWrite(context: RouteContext): BlogRecord {
  const { blog } = requireArticle(context)
  authorizeWrite(grantOf(context), blog.id)
  return blog
}

/**
 * Runs `write` on the URL's article inside the store's write lock, after reading the article again
 * and checking the request's preconditions against it as it is now: no other write can slip in
 * between the check and the change.
 */
function writeCurrentArticle<T>(
  context: RouteContext,
  write: (article: ArticleRecord) => T | Promise<T>,
): Promise<T> {
  return context.store.write(async () => {
    const { blog, article } = requireArticle(context)
    const current = represent(articleRepresentation(context.urls, blog, article), article.updatedAt)
    checkWritePreconditions(context.request, current)
    return write(article)
  })
}

function grantOf(context: RouteContext) {
  if (!context.grant) throw new Problem(401, 'This request needs an access token.')
  return context.grant
}

function toInput(body: { title: string; content?: string | undefined }): ArticleInput {
  return body.content === undefined
    ? { title: body.title }
    : { title: body.title, content: body.content }
}
