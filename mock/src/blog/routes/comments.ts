import { HAL_TYPES } from '../../http/negotiation.js'
import { Problem } from '../../http/problem.js'
import { answerRead, represent } from '../../http/respond.js'
import { commentRepresentation } from '../representations/comment.js'
import { requireArticle } from './lookup.js'
import { answerPage } from './pages.js'
import { pathId } from './params.js'
import { defineRoute } from './route.js'

const COMMENTS = '/blogs/{blogId}/articles/{articleId}/comments'

/** `GET …/comments{?pageIndex,pageSize}` (ext): the article page's shape with `totalComments`. */
export const listComments = defineRoute({
  method: 'GET',
  path: COMMENTS,
  produces: HAL_TYPES,
  access: 'read',
  handle(context) {
    const { blog, article } = requireArticle(context)
    return answerPage(context, {
      url: context.urls.comments(blog.id, article.id),
      totalKey: 'totalComments',
      changedAt: context.store.commentsChangedAt(article),
      slice: (offset, limit) => context.store.comments(article.id, offset, limit),
      item: (comment) => commentRepresentation(context.urls, blog.id, comment),
      stamp: context.store.commentsStamp(article),
    })
  },
})

/** `GET …/comments/{commentId}` (ext). */
export const getComment = defineRoute({
  method: 'GET',
  path: `${COMMENTS}/{commentId}`,
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
