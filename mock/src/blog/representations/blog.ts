import { type ApiUrls, PAGE_TEMPLATE } from '../links.js'
import type { BlogRecord } from '../schemas.js'
import type { BlogRepresentation } from '../types.js'

/** A blog with its curies, `self` and the templated `doc:articles`. */
export function blogRepresentation(urls: ApiUrls, blog: BlogRecord): BlogRepresentation {
  return {
    id: blog.id,
    title: blog.title,
    description: blog.description,
    _links: {
      curies: urls.curies,
      self: { href: urls.blog(blog.id) },
      'doc:articles': { href: urls.articles(blog.id) + PAGE_TEMPLATE, templated: true },
    },
  }
}
