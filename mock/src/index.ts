/**
 * `@halyard/mock`: the toolkit that mocks any HAL API from a definition of its collections
 * (`defineHalApi`), as MSW request handlers with no Node built-ins, so the same handlers run in a
 * browser worker, in Node interception and behind the real HTTP server. It names no API of its
 * own: the Blog API v1.2 is `@halyard/mock/blog`, built on this entry alone.
 *
 * @packageDocumentation
 */

export type {
  Curie,
  GeneratedSeed,
  HalAnswer,
  HalApiDefinition,
  HalPromises,
  HalRoute,
  HalRouteContext,
  HalRouteOperation,
  HalStorage,
  NotFoundWhere,
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
export { acceptedTokens, DEV_TOKEN } from './definition/tokens.js'
export type { FormProperty, FormPropertyType } from './forms/properties.js'
export type { CollectionForms, TemplateModel, TemplatesModel } from './forms/templates.js'
export {
  type BodyRequest,
  MAX_BODY_BYTES,
  MAX_BODY_DEPTH,
  readJson,
  readText,
} from './http/body.js'
export type { HeaderReader } from './http/headers.js'
export { accepts, HAL_TYPES, HTML_TYPES } from './http/negotiation.js'
export { MAX_DELAY_MS, type Preferences } from './http/prefer.js'
export { type FieldError, isProblem, Problem, type ProblemDetails } from './http/problem.js'
export { reasonPhrase } from './http/reason-phrase.js'
export { compileApi } from './model/compile.js'
export type { OpenApiDocument } from './model/openapi.js'
export type { PageLayout, PagingModel } from './model/paging.js'
export type {
  ApiModel,
  CollectionModel,
  JsonSchema,
  LinkModel,
  OperationModel,
  RootLinkModel,
} from './model/types.js'
export {
  defineHalApi,
  type HalApi,
  type HalCollectionDb,
  type HalCollections,
} from './serve/api.js'
export { type TokenSources, tokenOf } from './serve/authenticate.js'
export type { Dispatch as HalDispatch } from './serve/dispatch.js'
export { halHandler, withHalApi } from './serve/handler.js'
export type { ProblemWriter } from './serve/problem.js'
export type { HalRequest } from './serve/request.js'
export { MswDataAssumptionError } from './store/msw-data.js'
export {
  type HalRecords,
  loadRecords,
  RecordsError,
  type RecordsHolder,
  recordsOf,
} from './store/records-file.js'
export { SEED_TIME } from './store/store.js'
