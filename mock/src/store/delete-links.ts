import type { HalRecord } from '../definition/definition.js'
import { recordNoun } from '../definition/words.js'
import { Problem } from '../http/problem.js'
import type { CollectionStore } from './collection-store.js'
import { linkPointers } from './link-pointers.js'
import type { Relation } from './relations.js'
import type { HalStore } from './store.js'

/** A record that links a record being deleted, by a relation that does not cascade. */
interface Linking {
  readonly from: CollectionStore
  readonly record: HalRecord
  readonly relation: Relation
  /** The record deleted that it links, and what it is called. */
  readonly target: { readonly name: string; readonly id: number }
}

/**
 * Deletes a record by the rule of every link to it, the same whether it is deleted directly or
 * with its parent: the records nested under it go with it, and so do the records whose link to a
 * deleted record says `onDelete: 'cascade'`; a link that says `unlink` is taken out of its record;
 * any other (`refuse`, the default) is a 409 naming the linking record, and nothing is deleted.
 * Runs inside the store's write lock.
 *
 * @example
 * await deleteWithLinks(store, store.get('authors'), author) // 409 while a loan links its book
 */
export async function deleteWithLinks(
  store: HalStore,
  collection: CollectionStore,
  record: HalRecord,
): Promise<void> {
  const doomed = new Map<string, Set<number>>()
  const order: [CollectionStore, HalRecord][] = []
  const kept: Linking[] = []
  const isDoomed = (name: string, id: number) => doomed.get(name)?.has(id) === true
  const doom = (from: CollectionStore, one: HalRecord) => {
    if (isDoomed(from.name, one.id)) return
    const ids = doomed.get(from.name) ?? new Set<number>()
    ids.add(one.id)
    doomed.set(from.name, ids)
    order.push([from, one])
  }
  doom(collection, record)
  // `order` grows while it is read: each record deleted brings those that cascade from it.
  for (let at = 0; at < order.length; at++) {
    const [target, deleted] = order[at] as [CollectionStore, HalRecord]
    for (const from of store.collections.values()) {
      for (const relation of from.relations) {
        if (relation.to !== target.name) continue
        const linking = from.referrers(relation.rel, deleted.id)
        for (const one of linking.slice(0, linking.count)) {
          if (relation.onDelete === 'cascade') doom(from, one)
          else
            kept.push({
              from,
              record: one,
              relation,
              target: { name: target.name, id: deleted.id },
            })
        }
      }
    }
  }
  const unlinked = new Map<string, { from: CollectionStore; record: HalRecord; fields: object }>()
  for (const link of kept) {
    const { from, record: one, relation, target } = link
    if (isDoomed(from.name, one.id)) continue
    if (relation.onDelete === 'refuse') throw refusal(store, collection, record, link)
    const key = `${from.name} ${one.id}`
    const fields = (unlinked.get(key)?.fields ?? withoutId(one)) as Record<string, unknown>
    const pointers = linkPointers(one, relation.ids)
    const cut = relation
      .ids(one)
      .flatMap((id, index) => (isDoomed(target.name, id) ? [pointers[index] ?? ''] : []))
    // From the last: taking out an array's element moves those after it.
    if (cut.includes('') || ![...cut].reverse().every((at) => removeAt(fields, at))) {
      throw refusal(store, collection, record, link, 'cannot tell which member holds that link')
    }
    unlinked.set(key, { from, record: one, fields })
  }
  // Every check before any change: a refused delete changes nothing.
  const writes: [CollectionStore, HalRecord, object][] = []
  for (const [key, { from, record: one, fields }] of unlinked) {
    const result = await from.definition.schema['~standard'].validate(fields)
    if (result.issues) {
      const [name = '', id = ''] = key.split(' ')
      throw new Problem(
        409,
        `${sentence(noun(store, collection.name))} ${record.id} cannot be deleted: ${noun(store, name)} ${id} cannot go without its link (${result.issues[0]?.message ?? 'its schema refuses'}); change or delete it first.`,
      )
    }
    writes.push([from, one, result.value as object])
  }
  for (const [from, one, fields] of writes) await from.replace(one, fields)
  // Deepest first: a record goes before the record it is nested under.
  for (const [from, one] of order.reverse()) {
    const current = from.get(one.id)
    if (current) from.remove(current)
  }
}

function refusal(
  store: HalStore,
  collection: CollectionStore,
  record: HalRecord,
  { from, record: one, relation, target }: Linking,
  why = '',
): Problem {
  const linked = `${noun(store, target.name)} ${target.id}`
  const by = `${noun(store, from.name)} ${one.id} (its ${relation.rel} link${why ? `, which ${why}` : ''})`
  const direct = target.name === collection.name && target.id === record.id
  return new Problem(
    409,
    direct
      ? `${sentence(linked)} is still linked from ${by}; change or delete it first.`
      : `${sentence(noun(store, collection.name))} ${record.id} cannot be deleted: ${linked}, deleted with it, is still linked from ${by}; change or delete it first.`,
  )
}

const noun = (store: HalStore, name: string): string => recordNoun(name, store.get(name).definition)

const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

function withoutId(record: HalRecord): Record<string, unknown> {
  const { id: _id, ...fields } = structuredClone(record) as Record<string, unknown>
  return fields
}

/** Takes out the member a JSON Pointer names (an array's element, an object's member). */
function removeAt(document: Record<string, unknown>, at: string): boolean {
  const keys = at
    .split('/')
    .slice(1)
    .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'))
  const last = keys.pop()
  let holder: unknown = document
  for (const key of keys) holder = (holder as Record<string, unknown> | undefined)?.[key]
  if (last === undefined || typeof holder !== 'object' || holder === null) return false
  if (Array.isArray(holder)) holder.splice(Number(last), 1)
  else delete (holder as Record<string, unknown>)[last]
  return true
}
