/**
 * `@halyard/mock/kit`: the plumbing under `@halyard/mock`, for routes of your own, custom shells
 * and tools that read an API without serving it. What a route reads (bodies, negotiation, the
 * request's view), the constants the core answers by, the MSW handler of an API, and the compiled
 * model of a definition (`compileApi`). The Blog API (`@halyard/mock/blog`) is built on this entry
 * and the root alone.
 *
 * The model types (`ApiModel`, `CollectionModel` and what they hold) are read-only: `compileApi`
 * makes them once per definition, and the routes, the representations, the OpenAPI document and
 * `halyard-mock verify` all read the same objects. Read them; never change them.
 *
 * @packageDocumentation
 */

export type { HalPromises, NotFoundWhere } from './definition/api.js'
export type { FormProperty, FormPropertyType } from './forms/properties.js'
export type { CollectionForms, TemplateModel, TemplatesModel } from './forms/templates.js'
export type { Answer } from './http/answer.js'
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
export type { AnswerOptions, Dispatch as HalDispatch } from './serve/dispatch.js'
export { halHandler } from './serve/handler.js'
export type { ProblemWriter } from './serve/problem.js'
export { SEED_TIME } from './store/store.js'
