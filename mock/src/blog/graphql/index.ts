/**
 * The query-language endpoint of the Blog API mock (docs/api.md, GraphQL), `/api/v1.2/graphql`.
 *
 * @example
 * ```ts
 * import { createGraphqlEndpoint, createPersonDirectory } from './graphql/index.js'
 *
 * const graphql = createGraphqlEndpoint(createPersonDirectory(seedPersons))
 * ```
 *
 * @packageDocumentation
 */

export {
  checkFieldLimit,
  countAnswerFields,
  DEFAULT_MAX_FIELDS,
  type FieldCountRequest,
} from './cost.js'
export { createGraphqlEndpoint, type GraphqlLimits } from './endpoint.js'
export {
  checkNodeLimit,
  countPersonNodes,
  createDepthLimitRule,
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_NODES,
  type NodeCountRequest,
} from './limits.js'
export {
  checkOverlapLimit,
  countOverlapComparisons,
  MAX_OVERLAP_COMPARISONS,
  MAX_OVERLAP_SELECTIONS,
  type OverlapCount,
} from './overlap.js'
export {
  createPersonDirectory,
  friendsOf,
  type PersonDirectory,
  type PersonRecord,
} from './persons.js'
export { createPersonSchema, personSchemaText } from './schema.js'
