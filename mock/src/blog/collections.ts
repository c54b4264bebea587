import { defineCollection, type PageView, type PagingConvention } from '../index.js'
import { authorizeWrite, type TokenGrant } from './auth.js'
import { articleInput, articleRecord, blogRecord, commentRecord } from './schemas.js'
import type { SeedData } from './seed.js'

/**
 * The Blog API's paging (docs/api.md, Pages) of a collection whose pages count its items as
 * `total` (`totalArticles`, `totalComments`): `pageIndex` from 1 and `pageSize` (1 to 100,
 * default 10); a page is `pageIndex`, `pageSize`, `totalPages`, the total, the navigation links
 * under `_link` (`firstPage`…`lastPage`) and (ext) under standard `_links`, and `_embedded` as a
 * plain array of full resources. Written as constants, so that `ClientTypes` reads the document.
 *
 * @example
 * defineCollection({ schema, paging: blogPaging('totalArticles') })
 */
export function blogPaging<Total extends string>(total: Total) {
  return {
    page: 'pageIndex',
    size: 'pageSize',
    firstIndex: 1,
    defaultSize: 10,
    maxSize: 100,
    render: ({ index, size, total: count, totalPages, links, items, page }: PageView) => {
      // The page before this one, past the end too (docs/api.md, Article page): not the last page.
      const previousPage = index > 1 ? page(index - 1) : undefined
      return {
        pageIndex: index,
        pageSize: size,
        totalPages,
        ...({ [total]: count } as { [K in Total]: number }),
        _link: {
          firstPage: links.first,
          ...(previousPage && { previousPage }),
          self: links.self,
          ...(links.next && { nextPage: links.next }),
          lastPage: links.last,
        },
        _links: { ...links, ...(previousPage && { prev: previousPage }) },
        _embedded: items,
      }
    },
  } as const satisfies PagingConvention
}

/**
 * The Blog API's collections: blogs (read-only, reached by id from the root), a blog's articles
 * at `/blogs/{blogId}/articles/{articleId}`, written by tokens granted that blog, and an
 * article's read-only comments under it. Each record's `updatedAt` is its `Last-Modified`; an
 * article's `doc:blog` link carries its blog's title. Without `seed`, the definitions only (what
 * the OpenAPI document describes).
 *
 * @example
 * defineHalApi({ basePath: '/api/v1.2', collections: blogCollections(() => defaultSeed()) })
 */
// No return type: `ClientTypes` reads the Blog's resources from the collections as written.
export function blogCollections(seed?: () => SeedData) {
  return {
    blogs: defineCollection({
      schema: blogRecord.omit({ id: true }),
      ...(seed && { seed: () => seed().blogs }),
      rel: 'doc:blog',
      singular: 'blog',
      param: 'blogId',
      list: false,
      readOnly: true,
      represent: (blog) => ({ id: blog.id, title: blog.title, description: blog.description }),
      lastModified: (blog) => blog.updatedAt,
    }),
    articles: defineCollection({
      schema: articleRecord.omit({ id: true }),
      ...(seed && { seed: () => seed().articles }),
      parent: { collection: 'blogs', member: 'blogId', rel: 'doc:articles' },
      paging: blogPaging('totalArticles'),
      param: 'articleId',
      singular: 'article',
      urlencoded: false,
      input: articleInput,
      // Stored trimmed (the schema trims), with the time of the write.
      prepare: (input) => ({
        title: input.title,
        ...(input.content === undefined ? {} : { content: input.content }),
        updatedAt: Date.now(),
      }),
      links: {
        'doc:blog': {
          to: 'blogs',
          id: (article) => article.blogId,
          title: (blog) => blog.title,
        },
      },
      represent: (article) => ({
        id: article.id,
        title: article.title,
        ...(article.content === undefined ? {} : { content: article.content }),
      }),
      lastModified: (article) => article.updatedAt,
      // Anyone reads an article (docs/api.md): pages list them all without asking.
      publicReads: true,
      authorize({ action, grant, record, parent }) {
        // The grant names the blogs a token writes.
        if (action === 'read') return true
        const blogId = record?.blogId ?? parent?.id ?? 0
        authorizeWrite(grant as TokenGrant, blogId)
        return true
      },
      // The source's deleted-article body: only links back to the blog.
      deleted: (_, was) => {
        const links = was._links as Record<string, unknown>
        return { _links: { curies: links.curies, 'doc:blog': links['doc:blog'] } }
      },
      templates: {
        create: 'createArticle',
        createTitle: 'Write an article',
        replaceTitle: 'Replace this article',
        updateTitle: 'Change some fields of this article',
        deleteTitle: 'Delete this article',
      },
    }),
    comments: defineCollection({
      schema: commentRecord.omit({ id: true }),
      ...(seed && { seed: () => seed().comments }),
      parent: { collection: 'articles', member: 'articleId', rel: 'doc:comments' },
      paging: blogPaging('totalComments'),
      param: 'commentId',
      singular: 'comment',
      readOnly: true,
      links: { 'doc:article': { to: 'articles', id: (comment) => comment.articleId } },
      represent: (comment) => ({
        id: comment.id,
        author: comment.author,
        content: comment.content,
      }),
      lastModified: (comment) => comment.updatedAt,
    }),
  }
}
