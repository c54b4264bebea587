import { z } from 'zod'
import { type FormTemplate, formProperties } from '../../hal/forms.js'
import { MERGE_PATCH_JSON } from '../../http/patch.js'
import type { ApiUrls } from '../links.js'
import { articleFields } from '../schemas.js'

/** The body of PUT and POST, as the validation reads it (`http/body.ts`): the same schema. */
const editable = z.object(articleFields)
// Derived once: the schema does not change while the mock runs.
const ARTICLE_PROPERTIES = formProperties(editable)
const PATCH_PROPERTIES = formProperties(editable, { required: false })

/** What an article offers (CONTRACT §3, ext): replace it, patch it, delete it. */
export interface ArticleTemplates {
  default: FormTemplate
  patch: FormTemplate
  delete: FormTemplate
}

/**
 * The `_templates` of an article; they target the article itself (its `self`), so they carry no
 * `target`.
 *
 * @example
 * ({ ...articleRepresentation(urls, blog, article), _templates: articleTemplates() })
 */
export function articleTemplates(): ArticleTemplates {
  return {
    default: {
      title: 'Replace this article',
      method: 'PUT',
      contentType: 'application/json',
      properties: ARTICLE_PROPERTIES,
    },
    patch: {
      title: 'Change some fields of this article',
      method: 'PATCH',
      contentType: MERGE_PATCH_JSON,
      properties: PATCH_PROPERTIES,
    },
    delete: { title: 'Delete this article', method: 'DELETE', properties: [] },
  }
}

/**
 * The `_templates` of a blog and of an article page: create an article in the blog's collection.
 *
 * @example
 * ({ ...blogRepresentation(urls, blog), _templates: createArticleTemplates(urls, blog.id) })
 */
export function createArticleTemplates(
  urls: ApiUrls,
  blogId: number,
): { createArticle: FormTemplate } {
  return {
    createArticle: {
      title: 'Write an article',
      method: 'POST',
      contentType: 'application/json',
      target: urls.articles(blogId),
      properties: ARTICLE_PROPERTIES,
    },
  }
}
