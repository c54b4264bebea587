import type { RecordingShape } from './emit/shape.js'

/** One difference between a recording and the API now. */
export interface Drift {
  /** Where: `collection orders`, `documents`… */
  readonly where: string
  /** What changed, e.g. `member total: integer added`. */
  readonly change: string
}

const diff = (
  where: string,
  what: string,
  before: readonly string[],
  after: readonly string[],
): Drift[] => [
  ...before
    .filter((x) => !after.includes(x))
    .map((x) => ({ where, change: `${what} removed: ${x}` })),
  ...after
    .filter((x) => !before.includes(x))
    .map((x) => ({ where, change: `${what} added: ${x}` })),
]

/**
 * The drift of an API from its recording: collections, address patterns, rels, embeds, members and
 * their types, paging, and documents added or removed. Values never count (ids of new records,
 * dates), nor what the crawl could not reach.
 *
 * @example
 * compareShapes(recorded, now) // [{ where: 'collection orders', change: 'member total: number added' }]
 */
export function compareShapes(recorded: RecordingShape, now: RecordingShape): Drift[] {
  const out: Drift[] = []
  if (recorded.basePath !== now.basePath) {
    out.push({ where: 'root', change: `base path ${recorded.basePath} is now ${now.basePath}` })
  }
  const names = (s: RecordingShape) => s.collections.map((c) => c.name)
  out.push(...diff('api', 'collection', names(recorded), names(now)))
  for (const before of recorded.collections) {
    const after = now.collections.find((c) => c.name === before.name)
    if (!after) continue
    const where = `collection ${before.name}`
    for (const field of ['pattern', 'rel', 'parent', 'paging'] as const) {
      if (before[field] !== after[field]) {
        out.push({
          where,
          change: `${field} ${before[field] ?? '(none)'} is now ${after[field] ?? '(none)'}`,
        })
      }
    }
    out.push(...diff(where, 'link', before.links, after.links))
    out.push(...diff(where, 'embed', before.embed, after.embed))
    out.push(...diff(where, 'member', before.members, after.members))
  }
  out.push(...diff('documents', 'document', recorded.documents, now.documents))
  return out
}
