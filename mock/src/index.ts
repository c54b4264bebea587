/**
 * `@halyard/mock`: the Blog API v1.2 as MSW request handlers, with no Node built-ins, so the same
 * handlers run in a browser worker, in Node interception and behind the real HTTP server.
 *
 * @packageDocumentation
 */
export { type BlogApi, createBlogApi } from './blog/api.js'
export {
  defineHalApi,
  type HalApi,
  type HalCollectionDb,
  type HalCollections,
} from './core/api.js'
export type {
  CollectionDefinition,
  Curie,
  HalApiDefinition,
  HalRecord,
  HalRoute,
  HalRouteContext,
  PlainLink,
  RelationLink,
  SeedValue,
} from './core/definition.js'
export { defineCollection } from './core/definition.js'
export { halHandler } from './core/handler.js'
export { MswDataAssumptionError } from './core/msw-data.js'
export type { OpenApiDocument } from './core/openapi.js'
export type { StandardSchema } from './core/standard-schema.js'
export { HalDefinitionError } from './core/store.js'
export type {
  ArticleInput,
  ArticleRecord,
  BlogRecord,
  CommentRecord,
  PersonRecord,
} from './data/schemas.js'
export { defaultSeed, parseSeed, SEED_TIME, SeedError } from './data/seed.js'
export type { BlogDb, SeedData } from './data/store.js'
export type { GraphqlLimits } from './graphql/index.js'
export { API_PATH } from './hal/links.js'
export type * from './hal/types.js'
export type { TokenGrant } from './http/auth.js'
export type { FieldError, ProblemDetails } from './http/problem.js'
export { type BlogApiOptions, DEFAULT_TOKENS, DEV_TOKEN } from './options.js'
