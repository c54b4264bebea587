import { HAL_FORMS_JSON } from '../../hal/forms.js'
import { FORMS_TYPES, HAL_TYPES } from '../../http/negotiation.js'
import { answerRead, negotiated, represent } from '../../http/respond.js'
import { blogRepresentation } from '../representations/blog.js'
import { rootRepresentation } from '../representations/root.js'
import { createArticleTemplates } from '../representations/templates.js'
import { SEED_TIME } from '../seed.js'
import { requireBlog } from './lookup.js'
import { defineRoute } from './route.js'

/** `GET /api/v1.2` (ext): the API root. */
export const getRoot = defineRoute({
  method: 'GET',
  path: '',
  produces: HAL_TYPES,
  access: 'read',
  handle: (context) =>
    answerRead(context.request, represent(rootRepresentation(context.urls), SEED_TIME)),
})

/**
 * `GET /blogs/{blogId}`; its Last-Modified is the latest change of the blog or its articles. In
 * HAL-FORMS (ext) it offers `createArticle`.
 */
export const getBlog = defineRoute({
  method: 'GET',
  path: '/blogs/{blogId}',
  produces: FORMS_TYPES,
  access: 'read',
  handle(context) {
    const blog = requireBlog(context)
    const { urls } = context
    const changedAt = context.store.blogChangedAt(blog)
    const rep = negotiated(
      context.request,
      () => represent(blogRepresentation(urls, blog), changedAt),
      () =>
        represent(
          { ...blogRepresentation(urls, blog), _templates: createArticleTemplates(urls, blog.id) },
          changedAt,
          HAL_FORMS_JSON,
        ),
    )
    return answerRead(context.request, rep)
  },
})
