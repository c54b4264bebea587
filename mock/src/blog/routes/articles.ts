import { HAL_FORMS_JSON } from '../../hal/forms.js'
import { readJson, validate } from '../../http/body.js'
import { FORMS_TYPES } from '../../http/negotiation.js'
import {
  ACCEPT_PATCH,
  applyJsonPatch,
  jsonPatchOperations,
  mergePatch,
  patchFormat,
} from '../../http/patch.js'
import { Problem } from '../../http/problem.js'
import {
  answerRead,
  answerWrite,
  checkWritePreconditions,
  HAL_JSON,
  negotiated,
  type Representation,
  recentItems,
  represent,
} from '../../http/respond.js'
import { authorizeWrite } from '../auth.js'
import { articleRepresentation, deletedArticleRepresentation } from '../representations/article.js'
import { articleTemplates, createArticleTemplates } from '../representations/templates.js'
import { type ArticleInput, type ArticleRecord, articleBody, type BlogRecord } from '../schemas.js'
import { requireArticle, requireBlog } from './lookup.js'
import { answerPage } from './pages.js'
import { defineRoute, type RouteContext } from './route.js'

const ARTICLES = '/blogs/{blogId}/articles'
const ARTICLE = '/blogs/{blogId}/articles/{articleId}'

/** `GET …/articles?pageIndex=&pageSize=`: one page, O(page size) whatever the blog's size. */
export const listArticles = defineRoute({
  method: 'GET',
  path: ARTICLES,
  produces: FORMS_TYPES,
  access: 'read',
  handle(context) {
    const blog = requireBlog(context)
    return answerPage(context, {
      url: context.urls.articles(blog.id),
      totalKey: 'totalArticles',
      changedAt: context.store.blogChangedAt(blog),
      slice: (offset, limit) => context.store.articles(blog.id, offset, limit),
      item: (article) => articleRepresentation(context.urls, blog, article),
      stamp: context.store.articlesStamp(blog),
      templates: () => createArticleTemplates(context.urls, blog.id),
    })
  },
})

/** `POST …/articles`: 201 with the new article and its `Location`. */
export const createArticle = defineRoute({
  method: 'POST',
  path: ARTICLES,
  produces: FORMS_TYPES,
  access: 'write',
  async handle(context) {
    const blog = requireBlog(context)
    authorizeWrite(grantOf(context), blog.id)
    const input = toInput(validate(articleBody, await readJson(context.request)))
    const article = await context.store.write(() => context.store.createArticle(blog.id, input))
    const rep = articleRep(context, blog, article)
    return answerWrite(rep, 201, { location: context.urls.article(blog.id, article.id) })
  },
})

/**
 * An article in the representation the request asks for (CONTRACT §3: HAL-FORMS adds
 * `_templates`), whose preconditions match the ETag of either representation. Both are kept in
 * the items memo while the article's and its blog's versions stay the same.
 */
function articleRep(
  context: RouteContext,
  blog: BlogRecord,
  article: ArticleRecord,
): Representation {
  const { urls } = context
  const key = urls.article(blog.id, article.id)
  const stamp = context.store.articleStamp(article)
  const body = () => articleRepresentation(urls, blog, article)
  return negotiated(
    context.request,
    () => recentItems.get(key, stamp, () => represent(body(), article.updatedAt)),
    () =>
      recentItems.get(
        key,
        stamp,
        () =>
          represent(
            { ...body(), _templates: articleTemplates() },
            article.updatedAt,
            HAL_FORMS_JSON,
          ),
        'forms',
      ),
  )
}

/** `GET …/articles/{articleId}`, with `Accept-Patch` (CONTRACT §2, ext). */
export const getArticle = defineRoute({
  method: 'GET',
  path: ARTICLE,
  produces: FORMS_TYPES,
  access: 'read',
  handle(context) {
    const { blog, article } = requireArticle(context)
    const answer = answerRead(context.request, articleRep(context, blog, article))
    answer.headers['accept-patch'] = ACCEPT_PATCH
    return answer
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
  produces: FORMS_TYPES,
  access: 'write',
  async handle(context) {
    const blog = authorizeArticleWrite(context)
    const body = await readJson(context.request)
    const article = await writeCurrentArticle(context, (current) =>
      context.store.replaceArticle(current, toInput(validate(articleBody, body))),
    )
    return answerWrite(articleRep(context, blog, article), 200)
  },
})

/** The members of an article a patch may change (CONTRACT §2, ext), as JSON Pointers. */
const PATCHABLE = ['/title', '/content']

/**
 * `PATCH …/articles/{articleId}` (ext): a merge patch (RFC 7396) or a JSON Patch (RFC 6902)
 * applied to the article's `title` and `content`, all or none, the result validated as a PUT body.
 * Checked in PUT's order: 404, 403, the body (415 with `Accept-Patch`, 413, 400, and 400 for an
 * invalid operation list), then in the write lock 412, 409 (a failing `test`), 422.
 */
export const patchArticle = defineRoute({
  method: 'PATCH',
  path: ARTICLE,
  produces: FORMS_TYPES,
  access: 'write',
  acceptPatch: ACCEPT_PATCH,
  async handle(context) {
    const blog = authorizeArticleWrite(context)
    const format = patchFormat(context.request.headers.get('content-type'))
    const body = await readJson(context.request)
    const operations = format === 'json-patch' ? jsonPatchOperations(body) : undefined
    const article = await writeCurrentArticle(context, (current) => {
      const fields = {
        title: current.title,
        ...(current.content === undefined ? {} : { content: current.content }),
      }
      const patched = operations
        ? applyJsonPatch(fields, operations, PATCHABLE, 'article')
        : mergePatch(fields, body)
      return context.store.replaceArticle(current, toInput(validate(articleBody, patched)))
    })
    return answerWrite(articleRep(context, blog, article), 200)
  },
})

/**
 * `DELETE …/articles/{articleId}`: 204, or 200 with the source's deleted-article body under
 * `Prefer: return=representation` (a 204 cannot carry a body).
 */
export const deleteArticle = defineRoute({
  method: 'DELETE',
  path: ARTICLE,
  produces: FORMS_TYPES,
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
    checkWritePreconditions(context.request, articleRep(context, blog, article))
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
