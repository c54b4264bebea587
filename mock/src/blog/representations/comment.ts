import type { ApiUrls } from '../links.js'
import type { CommentRecord } from '../schemas.js'
import type { CommentRepresentation } from '../types.js'

/** A comment (ext), linked back to its article. */
export function commentRepresentation(
  urls: ApiUrls,
  blogId: number,
  comment: CommentRecord,
): CommentRepresentation {
  return {
    id: comment.id,
    author: comment.author,
    content: comment.content,
    _links: {
      curies: urls.curies,
      self: { href: urls.comment(blogId, comment.articleId, comment.id) },
      'doc:article': { href: urls.article(blogId, comment.articleId) },
    },
  }
}
