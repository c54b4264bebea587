/**
 * `@halyard/query`: TanStack Query on the Halyard HAL SDK. Query keys come from canonical URIs,
 * infinite queries page by `next` links, embedded resources seed the cache under their own `self`,
 * and writes invalidate by HTTP's rules and the links between documents, with no key written by
 * hand. Built on `@tanstack/query-core`: it works with every TanStack adapter.
 *
 * @packageDocumentation
 */

export { halDehydrateOptions, halHydrateOptions } from './hydration.js'
export { applyWrite, type Write } from './invalidate.js'
export { type HalKeyVariant, type HalQueryKey, halQueryKey } from './keys.js'
export {
  type HalAction,
  type HalMethod,
  type HalMutationContext,
  type HalMutationExtras,
  type HalMutationOptions,
  type HalResult,
  type HalVariables,
  halMutationOptions,
} from './mutation-options.js'
export {
  type HalInfiniteQueryExtras,
  type HalInfiniteQueryOptions,
  type HalQueryExtras,
  type HalQueryOptions,
  type HalTarget,
  halInfiniteQueryOptions,
  halQueryOptions,
} from './query-options.js'
export { seedEmbedded } from './seed.js'
export { type HalStateJson, sameState, stateFromJson, stateToJson, withData } from './state-json.js'
