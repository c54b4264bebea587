/**
 * The third limit checked before execution, after depth and nodes: the size of the answer in
 * fields. Within the depth and node limits one small query can still ask for a huge answer, by
 * selecting thousands of aliased fields (through a fragment, say) on every node; this walk counts
 * every field the answer will contain, aliases, fragments and repetitions multiplied out.
 *
 * @packageDocumentation
 */
import {
  type DocumentNode,
  defaultFieldResolver,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  getArgumentValues,
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  type VariableValues,
} from 'graphql'
import { DEFAULT_MAX_FIELDS } from './checked-limits.js'
import { createFieldCollector } from './collect.js'

export { DEFAULT_MAX_FIELDS } from './checked-limits.js'

/**
 * How many selections the walk may look at per field it may count: merging a thousand repeated
 * `name` fields costs a thousand steps for one field of the answer, so the work is bounded too.
 */
const VISITS_PER_FIELD = 10

/**
 * What the field walk needs: a validated operation and its coerced variables.
 *
 * @example
 * ```ts
 * const request: FieldCountRequest = { schema, document, operation, variableValues }
 * countAnswerFields(request, 100_000)
 * ```
 */
export interface FieldCountRequest {
  readonly schema: GraphQLSchema
  readonly document: DocumentNode
  readonly operation: OperationDefinitionNode
  /** Coerced variables, as `getVariableValues` returns them. */
  readonly variableValues: VariableValues
}

/** An object of the answer still to expand: its value, its type and the fields selected on it. */
interface PendingObject {
  readonly source: unknown
  readonly type: GraphQLObjectType
  readonly fieldNodes: readonly FieldNode[]
}

/**
 * How the walk treats one field of an object: a leaf only counts, other fields are resolved.
 */
type FieldPlan =
  | { readonly resolve?: undefined }
  | {
      readonly resolve: (source: unknown) => unknown
      readonly fieldNodes: readonly FieldNode[]
      /** The object type of the field's values, or `undefined` for a list of scalars. */
      readonly objectType: GraphQLObjectType | undefined
      readonly isList: boolean
    }

/**
 * Counts the fields the answer to `request.operation` will contain (each response key of each
 * object, and each item of a list of scalars), by walking the selection over the actual data: the
 * schema's own resolvers answer each object field, so the walk sees the lists execution will see,
 * introspection included. It stops as soon as the count passes `stopAfter` (answering
 * `stopAfter + 1`), or when it has looked at more than ten selections per field allowed, so
 * its cost is bounded by the limit, not by the size of the answer.
 *
 * @example
 * ```ts
 * countAnswerFields(request, 100_000) // 4 for `{ person(id: "1") { id friends { name } } }` with two friends
 * ```
 */
export function countAnswerFields(request: FieldCountRequest, stopAfter: number): number {
  const { schema, document, operation, variableValues } = request
  const queryType = schema.getQueryType()
  if (operation.operation !== 'query' || queryType === null || queryType === undefined) return 0

  let visits = 0
  const maxVisits = VISITS_PER_FIELD * (stopAfter + 1)
  const collect = createFieldCollector(document, variableValues, () => {
    visits += 1
  })
  const fragments: Record<string, FragmentDefinitionNode> = {}
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition
  }

  // What to do for each field selected below a merged field, by type: planned once per merged
  // field and type, then reused for every object that field answers, so each object costs only
  // its resolvers.
  const planned = new Map<readonly FieldNode[], Map<string, readonly FieldPlan[]>>()
  const plansOf = (fieldNodes: readonly FieldNode[], type: GraphQLObjectType) => {
    let byType = planned.get(fieldNodes)
    if (byType === undefined) {
      byType = new Map()
      planned.set(fieldNodes, byType)
    }
    let plans = byType.get(type.name)
    if (plans === undefined) {
      const fields = collect(
        fieldNodes.flatMap((node) => node.selectionSet ?? []),
        type.name,
      )
      plans = [...fields.values()].map((group) => planField(group, type))
      byType.set(type.name, plans)
    }
    return plans
  }
  const planField = (fieldNodes: FieldNode[], parentType: GraphQLObjectType): FieldPlan => {
    const first = fieldNodes[0]
    const field = first && fieldDefinition(schema, parentType, first.name.value)
    if (first === undefined || field === undefined) return {}
    const nullable = getNullableType(field.type)
    const named = getNamedType(field.type)
    // A single scalar costs one field and needs no resolving.
    if (!isObjectType(named) && !isListType(nullable)) return {}
    const info = {
      fieldName: field.name,
      fieldNodes,
      returnType: field.type,
      parentType,
      schema,
      fragments,
      rootValue: undefined,
      operation,
      variableValues,
    } as unknown as GraphQLResolveInfo
    // Arguments depend on the document and the variables only, never on the object.
    const args = getArgumentValues(field, first, variableValues)
    return {
      resolve: (source) => resolveQuietly(field, source, args, info),
      fieldNodes,
      objectType: isObjectType(named) ? named : undefined,
      isList: isListType(nullable),
    }
  }

  let count = 0
  const root: PendingObject = {
    source: undefined,
    type: queryType,
    fieldNodes: [
      {
        kind: Kind.FIELD,
        name: { kind: Kind.NAME, value: '' },
        selectionSet: operation.selectionSet,
      },
    ],
  }
  const pending: PendingObject[] = [root]
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    for (const plan of plansOf(item.fieldNodes, item.type)) {
      count += 1
      if (count > stopAfter || visits > maxVisits) return stopAfter + 1
      if (plan.resolve === undefined) continue
      const value = plan.resolve(item.source)
      const values: unknown[] = Array.isArray(value) ? value : [value]
      if (plan.objectType === undefined) {
        // A list of scalars or enums: each item is one more value in the answer.
        count += plan.isList ? values.length : 0
        continue
      }
      for (const source of values) {
        if (source !== null && source !== undefined)
          pending.push({ source, type: plan.objectType, fieldNodes: plan.fieldNodes })
      }
    }
  }
  return count > stopAfter ? stopAfter + 1 : count
}

/** What a resolver answers; a resolver that throws answers `null` in execution too. */
function resolveQuietly(
  field: GraphQLField<unknown, unknown>,
  source: unknown,
  args: Record<string, unknown>,
  info: GraphQLResolveInfo,
): unknown {
  try {
    return (field.resolve ?? defaultFieldResolver)(source, args, undefined, info)
  } catch {
    return null
  }
}

/** The definition of a field of `type`, the introspection meta-fields included. */
function fieldDefinition(
  schema: GraphQLSchema,
  type: GraphQLObjectType,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  if (name === TypeNameMetaFieldDef.name) return TypeNameMetaFieldDef
  if (type === schema.getQueryType()) {
    if (name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef
    if (name === TypeMetaFieldDef.name) return TypeMetaFieldDef
  }
  return type.getFields()[name]
}

/**
 * Refuses an operation whose answer would contain more than `maxFields` fields: answers the error
 * to send instead of executing, or `undefined` when the operation may run.
 *
 * @example
 * ```ts
 * const error = checkFieldLimit(request, 100_000)
 * if (error) return [error] // from graphql-http's onSubscribe: answered without executing
 * ```
 */
export function checkFieldLimit(
  request: FieldCountRequest,
  maxFields: number = DEFAULT_MAX_FIELDS,
): GraphQLError | undefined {
  if (countAnswerFields(request, maxFields) <= maxFields) return undefined
  return new GraphQLError(
    `The answer would contain more than ${maxFields} fields; select fewer fields, aliases or friends.`,
    { nodes: request.operation, extensions: { code: 'FIELD_LIMIT_EXCEEDED', maxFields } },
  )
}
