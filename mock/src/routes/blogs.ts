import { SEED_TIME } from '../data/seed.js'
import { HAL_TYPES } from '../http/negotiation.js'
import { answerRead, represent } from '../http/respond.js'
import { blogRepresentation } from '../representations/blog.js'
import { rootRepresentation } from '../representations/root.js'
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

/** `GET /blogs/{blogId}`; its Last-Modified is the latest change of the blog or its articles. */
export const getBlog = defineRoute({
  method: 'GET',
  path: '/blogs/:blogId',
  produces: HAL_TYPES,
  access: 'read',
  handle(context) {
    const blog = requireBlog(context)
    const rep = represent(blogRepresentation(context.urls, blog), context.store.blogChangedAt(blog))
    return answerRead(context.request, rep)
  },
})
