/**
 * `@halyard/mock/blog`: the Blog API v1.2 (docs/api.md), an API made with the toolkit of
 * `@halyard/mock` and nothing else, as MSW request handlers with no Node built-ins. Its shells'
 * conveniences have entries of their own: `@halyard/mock/blog/node` (`setupBlogApi`),
 * `@halyard/mock/blog/browser` (`setupBlogWorker`), `@halyard/mock/blog/playwright` (its `test`
 * fixture) and `@halyard/mock/blog/server` (`createBlogServer`).
 *
 * @packageDocumentation
 */
export { type BlogApi, createBlogApi } from './api.js'
export type { TokenGrant } from './auth.js'
export type { BlogClientTypes, BlogDefinitionTypes } from './client-types.js'
export { API_PATH } from './definition.js'
export type { GraphqlLimits } from './graphql/index.js'
export { type BlogApiOptions, DEFAULT_TOKENS } from './options.js'
export type {
  ArticleInput,
  ArticleRecord,
  BlogRecord,
  CommentRecord,
  PersonRecord,
} from './schemas.js'
export { defaultSeed, parseSeed, type SeedData, SeedError } from './seed.js'
export type { BlogDb } from './store.js'
