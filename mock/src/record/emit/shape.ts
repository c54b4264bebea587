import { shapeType } from '../infer/schema.js'
import type { ApiModel } from '../model.js'
import { RECORDED_ORIGIN } from '../model.js'

/** The shape of a recording, without values: what `record --check` compares. */
export interface RecordingShape {
  readonly basePath: string
  readonly collections: readonly {
    readonly name: string
    readonly pattern: string
    readonly rel: string
    readonly parent?: string
    readonly paging: string
    /** The bound that cut its list, when one did. */
    readonly partial?: string
    readonly links: readonly string[]
    readonly embed: readonly string[]
    readonly members: readonly string[]
  }[]
  readonly documents: readonly string[]
  readonly unreached: readonly { readonly url: string; readonly reason: string }[]
}

/** A model's shape: rels, members and their types, address patterns, paging, documents. */
export function recordingShape(
  model: ApiModel,
  notes: { readonly unreached: RecordingShape['unreached'] },
): RecordingShape {
  return {
    basePath: model.basePath,
    collections: model.collections.map((c) => ({
      name: c.name,
      pattern: c.pattern,
      rel: c.rel,
      ...(c.parent ? { parent: c.parent.collection } : {}),
      paging: c.paging
        ? `${c.paging.page},${c.paging.size} from ${c.paging.firstIndex}`
        : 'page,size from 0',
      ...(c.partial ? { partial: c.partial.reason } : {}),
      links: c.links.map((l) => (l.kind === 'plain' ? `${l.rel} (link)` : `${l.rel} -> ${l.to}`)),
      embed: [...c.embed],
      members: c.shape.members.map(
        (m) =>
          `${m.name}: ${shapeType(m.shape)}${m.optional ? '?' : ''}${m.nullable ? ' | null' : ''}`,
      ),
    })),
    documents: [...new Set(model.documents.map((d) => d.path))],
    unreached: notes.unreached.map(({ url, reason }) => ({
      url: url.replace(/^[a-z]+:\/\/[^/]+/i, RECORDED_ORIGIN),
      reason,
    })),
  }
}
