import { deleteItem, patchItem, putItem, type WritableItem } from '../../core/item-writes.js'
import { jsonSchemaOf } from '../../core/standard-schema.js'
import { HAL_FORMS_JSON } from '../../hal/forms.js'
import { readJson, validate } from '../../http/body.js'
import { FORMS_TYPES } from '../../http/negotiation.js'
import { ACCEPT_PATCH } from '../../http/patch.js'
import { Problem } from '../../http/problem.js'
import {
  answerRead,
  answerWrite,
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
/** What POST and PUT take, for the OpenAPI document: the article body's JSON Schema. */
const ARTICLE_BODY = {
  requestBody: {
    required: true,
    content: { 'application/json': { schema: jsonSchemaOf(articleBody) } },
  },
}
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
  openapi: ARTICLE_BODY,
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
  readBlog: BlogRecord,
  article: ArticleRecord,
): Representation {
  const { urls } = context
  // The blog as the stamp reads it, now: one read before a write's awaits may be stale by now,
  // and memoised under the new stamp it would be served for good.
  const blog = context.store.blog(article.blogId) ?? readBlog
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

/** `PUT …/articles/{articleId}`: whole replacement, after 404 and 403 (`item-writes.ts`). */
export const replaceArticle = defineRoute({
  method: 'PUT',
  path: ARTICLE,
  produces: FORMS_TYPES,
  access: 'write',
  openapi: ARTICLE_BODY,
  handle: (context) =>
    putItem(context.request, context.store.write, writableArticle(context, authorize(context))),
})

/** The members of an article a patch may change (CONTRACT §2, ext), as JSON Pointers. */
const PATCHABLE = ['/title', '/content']

/**
 * `PATCH …/articles/{articleId}` (ext): a merge patch (RFC 7396) or a JSON Patch (RFC 6902)
 * applied to the article's `title` and `content`, all or none, the result validated as a PUT body,
 * after 404 and 403 (`item-writes.ts` orders the rest).
 */
export const patchArticle = defineRoute({
  method: 'PATCH',
  path: ARTICLE,
  produces: FORMS_TYPES,
  access: 'write',
  acceptPatch: ACCEPT_PATCH,
  handle: (context) =>
    patchItem(context.request, context.store.write, writableArticle(context, authorize(context))),
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
    const blog = authorize(context)
    await deleteItem(context.request, context.store.write, writableArticle(context, blog))
    if (!context.prefer.returnRepresentation) return { status: 204, headers: {}, body: null }
    return {
      status: 200,
      headers: { 'content-type': HAL_JSON, 'preference-applied': 'return=representation' },
      body: JSON.stringify(deletedArticleRepresentation(context.urls, blog)),
    }
  },
})

/** The blog of the URL's article, once the token is known to be allowed to write to it (404, 403). */
function authorize(context: RouteContext): BlogRecord {
  const { blog } = requireArticle(context)
  authorizeWrite(grantOf(context), blog.id)
  return blog
}

/** The URL's article as the core's write flows take it, read again inside the write lock. */
function writableArticle(context: RouteContext, blog: BlogRecord): WritableItem<ArticleRecord> {
  return {
    current: () => requireArticle(context).article,
    represent: (article) => articleRep(context, blog, article),
    patchable: (article) => ({
      fields: {
        title: article.title,
        ...(article.content === undefined ? {} : { content: article.content }),
      },
      pointers: PATCHABLE,
    }),
    label: 'article',
    replace: (article, document) =>
      context.store.replaceArticle(article, toInput(validate(articleBody, document))),
    remove: (article) => context.store.deleteArticle(article),
  }
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
