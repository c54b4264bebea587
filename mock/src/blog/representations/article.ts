import { type ApiUrls, PAGE_TEMPLATE } from '../links.js'
import type { ArticleRecord, BlogRecord } from '../schemas.js'
import type { ArticleRepresentation, DeletedArticleRepresentation } from '../types.js'

/** An article; `doc:blog` carries the blog's title, as the source shows. */
export function articleRepresentation(
  urls: ApiUrls,
  blog: BlogRecord,
  article: ArticleRecord,
): ArticleRepresentation {
  return {
    id: article.id,
    title: article.title,
    ...(article.content === undefined ? {} : { content: article.content }),
    _links: {
      curies: urls.curies,
      self: { href: urls.article(blog.id, article.id) },
      'doc:blog': { href: urls.blog(blog.id), title: blog.title },
      'doc:comments': {
        href: urls.comments(blog.id, article.id) + PAGE_TEMPLATE,
        templated: true,
      },
    },
  }
}

/** The source's deleted-article body: only links back to the blog. */
export function deletedArticleRepresentation(
  urls: ApiUrls,
  blog: BlogRecord,
): DeletedArticleRepresentation {
  return {
    _links: { curies: urls.curies, 'doc:blog': { href: urls.blog(blog.id), title: blog.title } },
  }
}
