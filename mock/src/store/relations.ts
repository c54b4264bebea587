import {
  type CollectionDefinition,
  type HalRecord,
  isRelation,
  type ParentDefinition,
  type RelationLink,
} from '../definition/definition.js'

/** A relation of a collection, normalized: its rel, target and the ids a record links to. */
export interface Relation {
  readonly rel: string
  readonly to: string
  readonly reverse: string | undefined
  /** The segment of the back list's path: `reversePath`, else the reverse rel. */
  readonly reversePath?: string
  readonly title: RelationLink<HalRecord>['title']
  /** Whether the link is one target (a link) rather than several (an array of links). */
  readonly one: (record: HalRecord) => boolean
  readonly ids: (record: HalRecord) => readonly number[]
  /** What {@link Relation.ids} lists, a lone id as itself: the seed's index reads it without an array per record. */
  readonly targets: (record: HalRecord) => number | readonly number[]
  /**
   * For a link to the parent collection: whether a record links its own parent, which the parent
   * index holds already (such links are not indexed twice).
   */
  readonly linksParent?: (record: HalRecord) => boolean
  /** What a DELETE of a target does to a record linking it (the parent's: `cascade`). */
  readonly onDelete: 'refuse' | 'cascade' | 'unlink'
}

/**
 * The key of a nested collection's relation to its parent in the store's index (no link rel has
 * a colon and a member's name after `parent`).
 */
export const parentRel = (parent: Pick<ParentDefinition, 'member'>): string =>
  `parent ${parent.member}`

const NO_IDS: readonly number[] = []

/** A collection's relations (its parent's first), with every rel it names checked. */
export function relationsOf(definition: CollectionDefinition): Relation[] {
  const relations: Relation[] = []
  const { parent } = definition
  if (parent) {
    const { member } = parent
    relations.push({
      rel: parentRel(parent),
      to: parent.collection,
      reverse: undefined,
      title: undefined,
      onDelete: 'cascade',
      one: () => true,
      ids: (record) => {
        const id = (record as Record<string, unknown>)[member]
        return typeof id === 'number' ? [id] : []
      },
      targets: (record) => {
        const id = (record as Record<string, unknown>)[member]
        return typeof id === 'number' ? id : NO_IDS
      },
    })
  }
  for (const [rel, link] of Object.entries(definition.links ?? {})) {
    if (!isRelation(link)) continue
    const relation = link as RelationLink<HalRecord>
    const targets = (record: HalRecord): number | readonly number[] => relation.id(record) ?? NO_IDS
    const ids = (record: HalRecord): readonly number[] => {
      const id = targets(record)
      return typeof id === 'number' ? [id] : id
    }
    // A link to the parent, as most nested records have: the parent index answers for it.
    const member = parent && relation.to === parent.collection && !relation.reverse && parent.member
    relations.push({
      rel,
      to: relation.to,
      reverse: relation.reverse,
      ...(relation.reversePath === undefined ? {} : { reversePath: relation.reversePath }),
      title: relation.title,
      onDelete: relation.onDelete ?? 'refuse',
      one: (record) => typeof relation.id(record) !== 'object',
      ids,
      targets,
      ...(member
        ? {
            linksParent: (record: HalRecord) =>
              relation.id(record) === (record as Record<string, unknown>)[member],
          }
        : {}),
    })
  }
  return relations
}
