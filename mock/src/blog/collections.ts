import { type CollectionDefinition, defineCollection } from '../core/definition.js'
import { articleRecord, blogRecord, commentRecord } from './schemas.js'
import type { SeedData } from './seed.js'

/**
 * The Blog API's collections as the core stores them: their records' schemas, their seed, and the
 * relations between them, by the rels the representations link them with (an article's
 * `doc:blog`, a comment's `doc:article`), each record's `updatedAt` its `Last-Modified`. Comments
 * are read-only seed data; persons (string ids, GraphQL only) are kept beside them. Without
 * `seed`, the definitions only (what the OpenAPI document describes).
 *
 * @example
 * const store = new HalStore({ collections: blogCollections(() => defaultSeed()) })
 */
export function blogCollections(seed?: () => SeedData): Record<string, CollectionDefinition> {
  return {
    blogs: defineCollection({
      schema: blogRecord.omit({ id: true }),
      ...(seed && { seed: () => seed().blogs }),
      lastModified: (blog) => blog.updatedAt,
    }),
    articles: defineCollection({
      schema: articleRecord.omit({ id: true }),
      ...(seed && { seed: () => seed().articles }),
      links: {
        'doc:blog': { to: 'blogs', id: (article) => article.blogId, reverse: 'doc:articles' },
      },
      lastModified: (article) => article.updatedAt,
    }),
    comments: defineCollection({
      schema: commentRecord.omit({ id: true }),
      ...(seed && { seed: () => seed().comments }),
      links: {
        'doc:article': {
          to: 'articles',
          id: (comment) => comment.articleId,
          reverse: 'doc:comments',
        },
      },
      lastModified: (comment) => comment.updatedAt,
    }),
  }
}
