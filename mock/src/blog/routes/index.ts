import {
  createArticle,
  deleteArticle,
  getArticle,
  listArticles,
  patchArticle,
  replaceArticle,
} from './articles.js'
import { getBlog, getRoot } from './blogs.js'
import { getComment, listComments } from './comments.js'
import { problemTypeDoc, relDoc } from './docs.js'
import { graphqlRoutes } from './graphql.js'
import type { Route, Runtime } from './route.js'

/** Every route of CONTRACT.md, in the order MSW tries them. */
export function blogApiRoutes(runtime: Runtime): Route[] {
  return [
    getRoot,
    getBlog,
    listArticles,
    createArticle,
    getArticle,
    replaceArticle,
    patchArticle,
    deleteArticle,
    listComments,
    getComment,
    relDoc,
    problemTypeDoc,
    ...graphqlRoutes(runtime),
  ]
}
