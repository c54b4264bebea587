/**
 * `@halyard/mock`: the toolkit that mocks any HAL API from a definition of its collections
 * (`defineHalApi`), as MSW request handlers with no Node built-ins, so the same handlers run in a
 * browser worker, in Node interception and behind the real HTTP server. It names no API of its
 * own: the Blog API v1.2 is `@halyard/mock/blog`, built on this entry alone.
 *
 * @packageDocumentation
 */
export {
  defineHalApi,
  type HalApi,
  type HalCollectionDb,
  type HalCollections,
} from './core/api.js'
export { acceptedTokens, DEV_TOKEN, type TokenSources, tokenOf } from './core/authenticate.js'
export type { ClientTypes, DefinitionTypes, TypedDefinition } from './core/client-types.js'
export type {
  AuthorizeCheck,
  CollectionDefinition,
  Curie,
  GeneratedSeed,
  HalAnswer,
  HalApiDefinition,
  HalPromises,
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
export { halHandler, withHalApi } from './core/handler.js'
export {
  type ApiModel,
  type CollectionModel,
  compileApi,
  type JsonSchema,
  type LinkModel,
  type OperationModel,
  type PageLayout,
  type PagingModel,
  type RootLinkModel,
  type TemplateModel,
  type TemplatesModel,
} from './core/model.js'
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
export { HalDefinitionError, SEED_TIME } from './core/store.js'
export type { FormProperty, FormPropertyType } from './hal/forms.js'
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
