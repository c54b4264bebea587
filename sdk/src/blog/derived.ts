// The Blog API's resources as its definition (mock/src/blog/) says, printed by
// tools/blog-types.ts (`npm run generate:blog-types`); edit the definition, not this file.

import type { Resource } from '../resource.js'
import type { State } from '../state.js'
import type { AnyResource, Form, Rel } from '../types.js'

/** The API's root: the collections it links to. */
export type Root = {
  data: Record<never, never>
  rels: {
    self: Rel<Root>
    'doc:blog': Rel<
      Blog,
      {
        blogId: string | number
      }
    >
    'doc:graphql': Rel<AnyResource>
  }
  embedded: Record<never, never>
  actions: Record<never, never>
}

/** A record of `blogs`: its data, links, embedded records and actions. */
export type Blog = {
  data: {
    id: number
    title: string
    description: string
  }
  rels: {
    self: Rel<Blog>
    'doc:articles': Rel<
      ArticlePage,
      {
        pageSize?: number
        pageIndex?: number
      }
    >
  }
  embedded: Record<never, never>
  input: never
  actions: {
    createArticle: Form<
      {
        title: string
        content?: string | undefined
      },
      Resource<Article>
    >
  }
}

/** A page of `articles`: its records embedded, and links to the other pages. */
export type ArticlePage = {
  data: {
    pageSize: number
    pageIndex: number
    totalPages: number
    totalArticles: number
  }
  rels: {
    self: Rel<ArticlePage>
    first: Rel<ArticlePage>
    prev: Rel<ArticlePage>
    next: Rel<ArticlePage>
    last: Rel<ArticlePage>
    lastPage: Rel<ArticlePage>
    nextPage: Rel<ArticlePage>
    previousPage: Rel<ArticlePage>
    firstPage: Rel<ArticlePage>
  }
  embedded: {
    item: Article
  }
  creates: {
    input: {
      title: string
      content?: string | undefined
    }
    target: Article
  }
  actions: {
    createArticle: Form<
      {
        title: string
        content?: string | undefined
      },
      Resource<Article>
    >
  }
}

/** A record of `articles`: its data, links, embedded records and actions. */
export type Article = {
  data: {
    content?: string
    id: number
    title: string
  }
  rels: {
    self: Rel<Article>
    'doc:blog': Rel<Blog>
    'doc:comments': Rel<
      CommentPage,
      {
        pageSize?: number
        pageIndex?: number
      }
    >
  }
  embedded: Record<never, never>
  input: {
    title: string
    content?: string | undefined
  }
  actions: {
    delete: Form<Record<never, never>, undefined>
    default: Form<
      {
        title: string
        content?: string | undefined
      },
      State<Article>
    >
    patch: Form<
      {
        title?: string
        content?: string | null | undefined
      },
      State<Article>
    >
  }
}

/** A page of `comments`: its records embedded, and links to the other pages. */
export type CommentPage = {
  data: {
    pageSize: number
    pageIndex: number
    totalPages: number
    totalComments: number
  }
  rels: {
    self: Rel<CommentPage>
    first: Rel<CommentPage>
    prev: Rel<CommentPage>
    next: Rel<CommentPage>
    last: Rel<CommentPage>
    lastPage: Rel<CommentPage>
    nextPage: Rel<CommentPage>
    previousPage: Rel<CommentPage>
    firstPage: Rel<CommentPage>
  }
  embedded: {
    item: Comment
  }
  creates: { input: never; target: never }
  actions: Record<never, never>
}

/** A record of `comments`: its data, links, embedded records and actions. */
export type Comment = {
  data: {
    id: number
    author: string
    content: string
  }
  rels: {
    self: Rel<Comment>
    'doc:article': Rel<Article>
  }
  embedded: Record<never, never>
  input: never
  actions: Record<never, never>
}
