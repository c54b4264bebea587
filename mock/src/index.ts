/**
 * `@halyard/mock`: the toolkit that mocks any HAL API from a definition of its collections
 * (`defineHalApi`), as MSW request handlers with no Node built-ins, so the same handlers run in a
 * browser worker, in Node interception and behind the real HTTP server. It names no API of its
 * own: the Blog API v1.2 is `@halyard/mock/blog`, built on this entry and `@halyard/mock/kit`
 * (the plumbing of routes of your own, and the compiled model) alone.
 *
 * @packageDocumentation
 */

export type {
  Curie,
  GeneratedSeed,
  HalAnswer,
  HalApiDefinition,
  HalErrorFormat,
  HalRoute,
  HalRouteContext,
  HalRouteOperation,
  HalStorage,
} from './definition/api.js'
export { HalDefinitionError } from './definition/check.js'
export type { ClientTypes, DefinitionTypes, TypedDefinition } from './definition/client-types.js'
export type {
  AuthorizeCheck,
  CollectionDefinition,
  HalRecord,
  LinkedRecord,
  PageLink,
  PageLinks,
  PageView,
  PagingConvention,
  ParentDefinition,
  PlainLink,
  RelationLink,
  SeedValue,
  TemplateNames,
} from './definition/definition.js'
export { defineCollection } from './definition/definition.js'
export type { StandardSchema } from './definition/standard-schema.js'
export { DEV_TOKEN } from './definition/tokens.js'
export { type FieldError, isProblem, Problem, type ProblemDetails } from './http/problem.js'
export {
  defineHalApi,
  type HalApi,
  type HalCollectionDb,
  type HalCollections,
} from './serve/api.js'
export { type TokenSources, tokenOf } from './serve/authenticate.js'
export type { HalRequest } from './serve/request.js'
export {
  type HalRecords,
  loadRecords,
  RecordsError,
  type RecordsHolder,
  recordsOf,
} from './store/records-file.js'
