import { HAL_TYPES } from '../http/negotiation.js'
import { Problem } from '../http/problem.js'
import { answerRead, represent } from '../http/respond.js'
import { commentRepresentation } from '../representations/comment.js'
import { pageRepresentation } from '../representations/page.js'
import { requireArticle } from './lookup.js'
import { pageRequest, pathId } from './params.js'
import { defineRoute } from './route.js'

const COMMENTS = '/blogs/:blogId/articles/:articleId/comments'

/** `GET …/comments{?pageIndex,pageSize}` (ext): the article page's shape with `totalComments`. */
export const listComments = defineRoute({
  method: 'GET',
  path: COMMENTS,
  produces: HAL_TYPES,
  access: 'read',
  handle(context) {
    const { blog, article } = requireArticle(context)
    const page = pageRequest(context.url)
    const { items, total } = context.store.comments(
      article.id,
      (page.pageIndex - 1) * page.pageSize,
      page.pageSize,
    )
    const body = pageRepresentation(
      context.urls.comments(blog.id, article.id),
      page,
      total,
      items.map((comment) => commentRepresentation(context.urls, blog.id, comment)),
      'totalComments',
    )
    return answerRead(context.request, represent(body, context.store.commentsChangedAt(article)))
  },
})

/** `GET …/comments/{commentId}` (ext). */
export const getComment = defineRoute({
  method: 'GET',
  path: `${COMMENTS}/:commentId`,
  produces: HAL_TYPES,
  access: 'read',
  handle(context) {
    const { blog, article } = requireArticle(context)
    const commentId = pathId(context, 'commentId')
    const comment = context.store.comment(article.id, commentId)
    if (!comment)
      throw new Problem(404, `Article ${article.id} has no comment with id ${commentId}.`)
    const rep = represent(commentRepresentation(context.urls, blog.id, comment), comment.updatedAt)
    return answerRead(context.request, rep)
  },
})
