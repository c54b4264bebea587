/**
 * `@halyard/mock`: the Blog API v1.2 as MSW request handlers, with no Node built-ins, so the same
 * handlers run in a browser worker, in Node interception and behind the real HTTP server.
 *
 * @packageDocumentation
 */
export { type BlogApi, createBlogApi } from './blog/api.js'
export type { TokenGrant } from './blog/auth.js'
export type { BlogClientTypes, BlogDefinitionTypes } from './blog/client-types.js'
export type { GraphqlLimits } from './blog/graphql/index.js'
export { API_PATH } from './blog/links.js'
export { type BlogApiOptions, DEFAULT_TOKENS, DEV_TOKEN } from './blog/options.js'
export type {
  ArticleInput,
  ArticleRecord,
  BlogRecord,
  CommentRecord,
  PersonRecord,
} from './blog/schemas.js'
export { defaultSeed, parseSeed, SEED_TIME, SeedError } from './blog/seed.js'
export type { BlogDb, SeedData } from './blog/store.js'
export type * from './blog/types.js'
export {
  defineHalApi,
  type HalApi,
  type HalCollectionDb,
  type HalCollections,
} from './core/api.js'
export type { ClientTypes, DefinitionTypes, TypedDefinition } from './core/client-types.js'
export type {
  AuthorizeCheck,
  CollectionDefinition,
  Curie,
  HalAnswer,
  HalApiDefinition,
  HalRecord,
  HalRoute,
  HalRouteContext,
  HalRouteOperation,
  HalStorage,
  LinkedRecord,
  NotFoundWhere,
  PageLink,
  PageLinks,
  PageView,
  PagingConvention,
  ParentDefinition,
  PlainLink,
  RelationLink,
  SeedValue,
  TemplateNames,
} from './core/definition.js'
export { defineCollection } from './core/definition.js'
export type { Dispatch as HalDispatch } from './core/dispatch.js'
export { halHandler } from './core/handler.js'
export { MswDataAssumptionError } from './core/msw-data.js'
export type { OpenApiDocument } from './core/openapi.js'
export type { ProblemWriter } from './core/problem.js'
export {
  type HalRecords,
  loadRecords,
  RecordsError,
  type RecordsHolder,
  recordsOf,
} from './core/records-file.js'
export type { HalRequest } from './core/request.js'
export type { StandardSchema } from './core/standard-schema.js'
export { HalDefinitionError } from './core/store.js'
export type { HeaderReader } from './http/headers.js'
export type { Preferences } from './http/prefer.js'
export { type FieldError, Problem, type ProblemDetails } from './http/problem.js'
