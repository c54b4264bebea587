/**
 * The two limits checked before execution. `friends` is cyclic, so without them one small query
 * could ask for an astronomically large answer.
 *
 * - Depth: a validation rule; `person` is depth 1 and each nested object field (`friends`) adds 1.
 * - Nodes: a walk of the operation over the actual data that counts the Person nodes execution
 *   would touch, and gives up as soon as the limit is passed.
 *
 * @packageDocumentation
 */
import {
  type DocumentNode,
  type FieldNode,
  GraphQLError,
  type GraphQLSchema,
  getArgumentValues,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationRule,
  type VariableValues,
} from 'graphql'
import { DEFAULT_MAX_DEPTH, DEFAULT_MAX_NODES } from './checked-limits.js'
import { createFieldCollector } from './collect.js'
import { friendsOf, type PersonDirectory, type PersonRecord } from './persons.js'

export { DEFAULT_MAX_DEPTH, DEFAULT_MAX_NODES } from './checked-limits.js'

/**
 * A validation rule that reports a GraphQLError when an operation nests object fields deeper
 * than `maxDepth`. Leaf fields (`id`, `name`) add no depth; fragments, named and inline, are
 * followed. Fragment cycles are not followed twice: `NoFragmentCycles` reports them, this rule
 * only has to terminate.
 *
 * @example
 * ```ts
 * import { parse, specifiedRules, validate } from 'graphql'
 *
 * const errors = validate(schema, parse('{ person(id: "1") { friends { id } } }'), [
 *   ...specifiedRules,
 *   createDepthLimitRule(1),
 * ])
 * errors[0]?.message // 'The operation nests fields deeper than the maximum depth of 1.'
 * ```
 */
export function createDepthLimitRule(maxDepth: number = DEFAULT_MAX_DEPTH): ValidationRule {
  // Depths are computed only up to this cap: anything deeper is refused whatever its real depth.
  const cap = maxDepth + 1
  return (context) => {
    // Memoised per fragment so that fragments spread many times are measured once.
    const fragmentDepths = new Map<string, number>()
    const measuring = new Set<string>()

    const fragmentDepth = (name: string): number => {
      const known = fragmentDepths.get(name)
      if (known !== undefined) return known
      const fragment = context.getFragment(name)
      // A cycle or an unknown fragment: other rules report it, count it as adding no depth.
      if (fragment === undefined || fragment === null || measuring.has(name)) return 0
      measuring.add(name)
      const depth = selectionSetDepth(fragment.selectionSet, cap)
      measuring.delete(name)
      fragmentDepths.set(name, depth)
      return depth
    }

    // The depth of `selectionSet`, capped at `budget`: once the cap is reached, stop looking.
    const selectionSetDepth = (selectionSet: SelectionSetNode, budget: number): number => {
      let depth = 0
      for (const selection of selectionSet.selections) {
        if (depth >= budget) break
        if (selection.kind === Kind.FIELD) {
          if (selection.selectionSet !== undefined) {
            const below = budget > 1 ? selectionSetDepth(selection.selectionSet, budget - 1) : 0
            depth = Math.max(depth, 1 + below)
          }
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          depth = Math.max(depth, selectionSetDepth(selection.selectionSet, budget))
        } else {
          depth = Math.max(depth, fragmentDepth(selection.name.value))
        }
      }
      return Math.min(depth, budget)
    }

    return {
      OperationDefinition(operation) {
        if (selectionSetDepth(operation.selectionSet, cap) <= maxDepth) return
        context.reportError(
          new GraphQLError(
            `The operation nests fields deeper than the maximum depth of ${maxDepth}.`,
            { nodes: operation, extensions: { code: 'DEPTH_LIMIT_EXCEEDED', maxDepth } },
          ),
        )
      },
    }
  }
}

/**
 * What the node-limit walk needs: a validated operation and its coerced variables.
 *
 * @example
 * ```ts
 * import { getOperationAST, getVariableValues, parse } from 'graphql'
 *
 * const document = parse('query ($id: ID!) { person(id: $id) { friends { id } } }')
 * const operation = getOperationAST(document)
 * const coerced = operation && getVariableValues(schema, operation.variableDefinitions ?? [], { id: '1' })
 * if (operation && coerced?.variableValues) {
 *   const request: NodeCountRequest = { schema, document, operation, variableValues: coerced.variableValues, persons }
 * }
 * ```
 */
export interface NodeCountRequest {
  readonly schema: GraphQLSchema
  readonly document: DocumentNode
  readonly operation: OperationDefinitionNode
  /** Coerced variables, as `getVariableValues` returns them. */
  readonly variableValues: VariableValues
  readonly persons: PersonDirectory
}

/**
 * Counts the Person nodes executing `request.operation` would touch, by walking its selection
 * set over the data: `person(id:)` resolved with the variables, `friends` followed by id. Fields
 * are merged by response key as execution merges them, so aliases count separately and repeated
 * fields once; `@skip`/`@include` are honoured. The walk stops as soon as the count passes
 * `stopAfter` (and then answers `stopAfter + 1`), so its cost is bounded by the limit, not by
 * the size of the answer.
 *
 * @example
 * ```ts
 * countPersonNodes(request, 10_000) // e.g. 3 for `{ person(id: "1") { friends { id } } }` with two friends
 * ```
 */
export function countPersonNodes(request: NodeCountRequest, stopAfter: number): number {
  const { schema, document, operation, variableValues, persons } = request
  const personField = schema.getQueryType()?.getFields().person
  if (operation.operation !== 'query' || personField === undefined) return 0

  const collectFields = createFieldCollector(document, variableValues)

  // The `friends` fields below a merged Person field: collected once, reused for every person
  // that field answers, so the per-person cost is the number of `friends` fields only.
  const friendsBelow = new Map<readonly FieldNode[], readonly FieldNode[][]>()
  const friendsFieldsOf = (fieldNodes: readonly FieldNode[]): readonly FieldNode[][] => {
    let found = friendsBelow.get(fieldNodes)
    if (found === undefined) {
      const selectionSets = fieldNodes.flatMap((node) => node.selectionSet ?? [])
      found = [...collectFields(selectionSets, 'Person').values()].filter(
        (group) => group[0]?.name.value === 'friends',
      )
      friendsBelow.set(fieldNodes, found)
    }
    return found
  }

  let count = 0
  // Persons still to expand, each with the merged field that returned it.
  const pending: { readonly person: PersonRecord; readonly fieldNodes: readonly FieldNode[] }[] = []
  for (const fieldNodes of collectFields([operation.selectionSet], 'Query').values()) {
    const first = fieldNodes[0]
    if (first === undefined || first.name.value !== 'person') continue
    const { id } = getArgumentValues(personField, first, variableValues)
    const person = typeof id === 'string' ? persons.get(id) : undefined
    if (person === undefined) continue
    count += 1
    if (count > stopAfter) return count
    pending.push({ person, fieldNodes })
  }
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    for (const friendsField of friendsFieldsOf(item.fieldNodes)) {
      for (const friend of friendsOf(persons, item.person)) {
        count += 1
        if (count > stopAfter) return count
        pending.push({ person: friend, fieldNodes: friendsField })
      }
    }
  }
  return count
}

/**
 * Refuses an operation that would touch more than `maxNodes` Person nodes: answers the error
 * to send instead of executing, or `undefined` when the operation may run.
 *
 * @example
 * ```ts
 * const error = checkNodeLimit(request, 10_000)
 * if (error) return [error] // from graphql-http's onSubscribe: answered without executing
 * ```
 */
export function checkNodeLimit(
  request: NodeCountRequest,
  maxNodes: number = DEFAULT_MAX_NODES,
): GraphQLError | undefined {
  if (countPersonNodes(request, maxNodes) <= maxNodes) return undefined
  return new GraphQLError(
    `The operation would touch more than ${maxNodes} Person nodes; select fewer friends or nest them less deeply.`,
    { nodes: request.operation, extensions: { code: 'NODE_LIMIT_EXCEEDED', maxNodes } },
  )
}
