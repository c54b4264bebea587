// The endpoint's limits without graphql-js: the mock checks them when it starts, and loads
// graphql-js only for the first query.

/**
 * The pre-execution limits of the endpoint; each defaults to the value docs/api.md (GraphQL) gives.
 *
 * @example
 * ```ts
 * const limits: GraphqlLimits = { maxDepth: 10, maxNodes: 10_000 }
 * ```
 */
export interface GraphqlLimits {
  /** Deepest allowed nesting of object fields; `person` is 1. Default 10. */
  maxDepth?: number
  /** Most Person nodes one operation may touch. Default 10 000. */
  maxNodes?: number
  /**
   * Most fields one answer may contain, every alias, fragment and list item multiplied out
   * (about 15 bytes of JSON each). Default 30 001: `id`, `name` and `friends` on each of the
   * 10 000 persons the node limit allows, and the root field.
   */
  maxFields?: number
}

/**
 * Default maximum field nesting (docs/api.md, GraphQL).
 *
 * @example
 * ```ts
 * createDepthLimitRule(DEFAULT_MAX_DEPTH)
 * ```
 */
export const DEFAULT_MAX_DEPTH = 10

/**
 * Default maximum number of Person nodes one operation may touch (docs/api.md, GraphQL).
 *
 * @example
 * ```ts
 * checkNodeLimit(request, DEFAULT_MAX_NODES)
 * ```
 */
export const DEFAULT_MAX_NODES = 10_000

/**
 * Default maximum number of fields one answer may contain: `id`, `name` and `friends` on each of
 * the 10 000 persons the node limit allows, and the root field; at most about 450 KB of JSON.
 * It bounds execution's time too (a few tens of ms).
 *
 * @example
 * ```ts
 * checkFieldLimit(request, DEFAULT_MAX_FIELDS)
 * ```
 */
export const DEFAULT_MAX_FIELDS = 30_001

/**
 * `limits` with their defaults, each checked: a bad limit fails when the mock is made, not at its
 * first query.
 *
 * @example
 * ```ts
 * checkedLimits({ maxDepth: 5 }) // { maxDepth: 5, maxNodes: 10_000, maxFields: 30_001 }
 * ```
 * @throws {RangeError} naming a limit that is not a positive integer.
 */
export function checkedLimits(limits: GraphqlLimits = {}): Required<GraphqlLimits> {
  return {
    maxDepth: positiveInteger('maxDepth', limits.maxDepth ?? DEFAULT_MAX_DEPTH),
    maxNodes: positiveInteger('maxNodes', limits.maxNodes ?? DEFAULT_MAX_NODES),
    maxFields: positiveInteger('maxFields', limits.maxFields ?? DEFAULT_MAX_FIELDS),
  }
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`GraphqlLimits.${name} must be a positive integer, got ${value}`)
  }
  return value
}
