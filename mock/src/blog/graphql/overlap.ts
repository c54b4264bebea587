/**
 * The bound checked before validation. graphql-js's `OverlappingFieldsCanBeMerged` rule compares
 * every pair of fields that share a response key, recursively, and every pair of fragments spread
 * in one place: a 15 KB document that repeats `friends { id }` 1 000 times, or doubles `friends`
 * at each of nine levels, keeps it busy for 100 ms and more.
 * This walk estimates those comparisons in time linear in its budget and refuses the document
 * before `validate` runs.
 *
 * @packageDocumentation
 */
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql'

/**
 * Most comparisons of overlapping fields a document may need to be validated: a response key may
 * be selected about a hundred times in one place, or a hundred fragments spread together.
 *
 * @example
 * ```ts
 * checkOverlapLimit(document, MAX_OVERLAP_COMPARISONS)
 * ```
 */
export const MAX_OVERLAP_COMPARISONS = 10_000

/**
 * Most selections the walk may look at, fragments spread in place. A document over it would
 * answer far more fields than the field limit allows, were there data to answer.
 *
 * @example
 * ```ts
 * countOverlapComparisons(document, MAX_OVERLAP_COMPARISONS, MAX_OVERLAP_SELECTIONS)
 * ```
 */
export const MAX_OVERLAP_SELECTIONS = 50_000

/** What the walk found, each count stopped soon after its bound. */
export interface OverlapCount {
  /** The comparisons validation would make, estimated from above. */
  readonly comparisons: number
  /** The selections looked at, each spread of a fragment counted in full. */
  readonly selections: number
}

/**
 * Estimates the comparisons of overlapping fields validating `document` takes. Fields are merged
 * by response key as execution merges them (directives and type conditions ignored, as validation
 * ignores them); each merged group of `n` fields costs `n × (n − 1)` comparisons, and the `s`
 * fragments spread in one merged selection cost `s²` plus `s` per field beside them. A group of
 * the same fields is walked once, as validation compares a pair of fragments once. The walk stops
 * once either count passes its bound.
 *
 * @example
 * ```ts
 * const document = parse(`{ person(id: "1") { ${'friends { id } '.repeat(100)} } }`)
 * countOverlapComparisons(document, 1e9, 1e9).comparisons // 19 800: 100 × 99 for `friends`, as many for `id`
 * ```
 */
export function countOverlapComparisons(
  document: DocumentNode,
  maxComparisons: number,
  maxSelections: number,
): OverlapCount {
  const fragments = new Map<string, FragmentDefinitionNode>()
  const roots: SelectionSetNode[][] = []
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      fragments.set(definition.name.value, definition)
      roots.push([definition.selectionSet])
    } else if (definition.kind === Kind.OPERATION_DEFINITION) {
      roots.push([definition.selectionSet])
    }
  }

  let comparisons = 0
  let selections = 0
  const over = () => comparisons > maxComparisons || selections > maxSelections
  // Each field node gets a number, so that a merged group has a key: its members' numbers.
  const numbers = new Map<FieldNode, number>()
  const numberOf = (field: FieldNode) => {
    let number = numbers.get(field)
    if (number === undefined) {
      number = numbers.size
      numbers.set(field, number)
    }
    return number
  }
  const walked = new Set<string>()

  // Merged selections still to walk, each the selection sets of one group of fields.
  const pending = roots
  for (let sets = pending.pop(); sets !== undefined; sets = pending.pop()) {
    const groups = new Map<string, FieldNode[]>()
    const spread = new Set<string>()
    let fieldsBeside = 0
    let fieldsInFragments = 0
    // An explicit stack, not recursion; selections at or above `besideDepth` came through a
    // named fragment.
    const stack: SelectionNode[] = []
    for (const set of sets) stack.push(...set.selections)
    let besideDepth = stack.length
    for (let selection = stack.pop(); selection !== undefined; selection = stack.pop()) {
      selections += 1
      if (selections > maxSelections) return { comparisons, selections }
      // Popped from below `besideDepth`: beside, and so is what it pushes unless it is a spread.
      const inFragment = stack.length >= besideDepth
      if (!inFragment) besideDepth = stack.length
      if (selection.kind === Kind.FIELD) {
        const key = selection.alias?.value ?? selection.name.value
        const group = groups.get(key)
        if (group === undefined) groups.set(key, [selection])
        else group.push(selection)
        if (inFragment) fieldsInFragments += 1
        else fieldsBeside += 1
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        stack.push(...selection.selectionSet.selections)
        if (!inFragment) besideDepth = stack.length
      } else if (!spread.has(selection.name.value)) {
        spread.add(selection.name.value)
        stack.push(...(fragments.get(selection.name.value)?.selectionSet.selections ?? []))
      }
    }
    // Validation compares the fields beside each fragment with it, and each pair of fragments.
    const s = spread.size
    comparisons += s * s + s * fieldsBeside + Math.max(0, s - 1) * fieldsInFragments
    for (const group of groups.values()) {
      comparisons += group.length * (group.length - 1)
      if (over()) return { comparisons, selections }
      const below = group.flatMap((field) => field.selectionSet ?? [])
      if (below.length === 0) continue
      const key = group.map(numberOf).join(',')
      if (walked.has(key)) continue
      walked.add(key)
      pending.push(below)
    }
  }
  return { comparisons, selections }
}

/**
 * Refuses a document whose validation would compare too many overlapping fields, or whose
 * selections, fragments spread in place, are too many to look at: answers the error to send
 * instead of validating, or `undefined` when the document may be validated.
 *
 * @example
 * ```ts
 * const error = checkOverlapLimit(parse(query))
 * if (error) return [error] // from graphql-http's onSubscribe: answered without validating
 * ```
 */
export function checkOverlapLimit(
  document: DocumentNode,
  maxComparisons: number = MAX_OVERLAP_COMPARISONS,
  maxSelections: number = MAX_OVERLAP_SELECTIONS,
): GraphQLError | undefined {
  const count = countOverlapComparisons(document, maxComparisons, maxSelections)
  if (count.selections > maxSelections) {
    return new GraphQLError(
      `The document spreads more than ${maxSelections} selections; spread fragments in fewer places.`,
      { extensions: { code: 'DOCUMENT_TOO_COMPLEX', maxSelections } },
    )
  }
  if (count.comparisons > maxComparisons) {
    return new GraphQLError(
      `The document would need more than ${maxComparisons} comparisons of overlapping fields to be validated; select each field once in one place, and spread fewer fragments together.`,
      { extensions: { code: 'DOCUMENT_TOO_COMPLEX', maxComparisons } },
    )
  }
  return undefined
}
