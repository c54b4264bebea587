/**
 * Execution's CollectFields, for the walks that measure an operation before it runs (the node
 * and field limits): they must merge fields exactly as execution will, or they would count a
 * different answer from the one sent.
 *
 * @packageDocumentation
 */
import {
  type DirectiveNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  getDirectiveValues,
  Kind,
  type NamedTypeNode,
  type SelectionNode,
  type SelectionSetNode,
  type VariableValues,
} from 'graphql'

/**
 * Groups the fields of `selectionSets` by response key, for an object of type `typeName`.
 * `onVisit` is called once per selection looked at, so that a caller can bound the work.
 *
 * @example
 * ```ts
 * const collect = createFieldCollector(document, variableValues)
 * collect([operation.selectionSet], 'Query') // Map { 'person' => [FieldNode] }
 * ```
 */
export type FieldCollector = (
  selectionSets: readonly SelectionSetNode[],
  typeName: string,
) => Map<string, FieldNode[]>

/**
 * Creates a {@link FieldCollector} over a document's fragments and an operation's coerced
 * variables (for `@skip` and `@include`). Every type of the schema is an object type, so a type
 * condition applies iff it names the parent type.
 *
 * @example
 * ```ts
 * let visits = 0
 * const collect = createFieldCollector(document, variableValues, () => visits++)
 * ```
 */
export function createFieldCollector(
  document: DocumentNode,
  variableValues: VariableValues,
  onVisit: () => void = () => undefined,
): FieldCollector {
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION)
      fragments.set(definition.name.value, definition)
  }

  // Most selections carry no directive: those skip the two lookups, the walks' commonest step.
  const isIncluded = (node: { readonly directives?: readonly DirectiveNode[] | undefined }) =>
    node.directives === undefined ||
    node.directives.length === 0 ||
    (getDirectiveValues(GraphQLSkipDirective, node, variableValues)?.if !== true &&
      getDirectiveValues(GraphQLIncludeDirective, node, variableValues)?.if !== false)

  const applies = (condition: NamedTypeNode | undefined, typeName: string) =>
    condition === undefined || condition.name.value === typeName

  return (selectionSets, typeName) => {
    const fields = new Map<string, FieldNode[]>()
    const spread = new Set<string>()
    // An explicit stack, not recursion: nested inline fragments cannot exhaust the call stack.
    // Popped in reverse, so each set is pushed reversed to keep the document's order of keys.
    const pending: SelectionNode[] = []
    for (let i = selectionSets.length - 1; i >= 0; i--) pushReversed(pending, selectionSets[i])
    for (let selection = pending.pop(); selection !== undefined; selection = pending.pop()) {
      onVisit()
      if (!isIncluded(selection)) continue
      if (selection.kind === Kind.FIELD) {
        const key = selection.alias?.value ?? selection.name.value
        const group = fields.get(key)
        if (group === undefined) fields.set(key, [selection])
        else group.push(selection)
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (applies(selection.typeCondition, typeName)) {
          pushReversed(pending, selection.selectionSet)
        }
      } else if (!spread.has(selection.name.value)) {
        spread.add(selection.name.value)
        const fragment = fragments.get(selection.name.value)
        if (fragment !== undefined && applies(fragment.typeCondition, typeName)) {
          pushReversed(pending, fragment.selectionSet)
        }
      }
    }
    return fields
  }
}

function pushReversed(stack: SelectionNode[], set: SelectionSetNode | undefined): void {
  const selections = set?.selections ?? []
  for (let i = selections.length - 1; i >= 0; i--) {
    const selection = selections[i]
    if (selection !== undefined) stack.push(selection)
  }
}
