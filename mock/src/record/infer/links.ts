import { halAdapter, Links } from '@halyard/sdk'
import type { Exchange } from '../crawl.js'
import {
  type CollectionModel,
  type Item,
  isObject,
  type LinkModel,
  relative,
  untemplated,
} from '../model.js'

const adapter = halAdapter()

// The links of a collection's records: relations to other collections (by the member holding the
// linked id), back links, nested lists, and plain links by their pattern of the record's id.

/** What link inference needs of the whole recording. */
export interface LinkContext {
  readonly origin: string
  readonly basePath: string
  readonly collectionOf: (url: string) => { name: string; id: number } | undefined
  readonly pages: readonly { exchange: Exchange; collection: string; list: string }[]
  readonly byName: ReadonlyMap<string, CollectionModel>
  readonly under: (url: string) => string | undefined
  /** Why the crawl read no document at a URL (`404 Not Found`, `not JSON (image/png)`), if it did not. */
  readonly unreached: (url: string) => string | undefined
}

/**
 * The links of one collection's records as the emitted module writes them, and those it cannot
 * reproduce (with why). Back links and nested lists come as `@back:` / `@nested:` placeholders the
 * emitter resolves across collections.
 *
 * @example
 * inferLinks(orders, recordedOrders, context).links // [{ rel: 'customer', kind: 'relation', … }]
 */
export function inferLinks(
  collection: CollectionModel,
  own: readonly Item[],
  context: LinkContext,
): { links: LinkModel[]; dropped: string[] } {
  const { origin, basePath } = context
  const rels: string[] = []
  const records = new Map(collection.records.map((r) => [r.id as number, r]))
  const read = own.map((item) => {
    const links = new Links(item.url, adapter.read(item.body).links)
    for (const rel of links.rels()) if (!rels.includes(rel)) rels.push(rel)
    return { item, links, data: records.get(item.id) ?? {} }
  })
  const links: LinkModel[] = []
  const dropped: string[] = []
  for (const rel of rels) {
    if (rel === 'self' || rel === 'curies') continue
    const uses = read.filter((r) => r.links.has(rel))
    const all = uses.flatMap((r) => r.links.getAll(rel))
    const many = uses.some((r) =>
      Array.isArray((r.item.body._links as Record<string, unknown>)?.[rel]),
    )
    // The record itself under another rel (Spring Data REST's `person` beside `self`).
    if (
      !many &&
      uses.length === read.length &&
      uses.every((r) => r.links.get(rel)?.href === r.item.url)
    ) {
      const self = relative(uses[0]?.item.url ?? '', origin, basePath)
      links.push({ rel, kind: 'plain', href: self.replace(/\/\d+$/, '/{id}'), templated: false })
      continue
    }
    // A relation: every href an item of one collection.
    const targets = all.map((l) => (l.templated ? undefined : context.collectionOf(l.href)))
    const to = targets[0]?.name
    if (to && targets.every((t) => t?.name === to)) {
      const idsOf = (r: (typeof read)[number]) =>
        r.links.getAll(rel).map((l) => context.collectionOf(l.href)?.id as number)
      const found = relationMember(
        read.map((r) => ({ data: r.data, ids: idsOf(r) })),
        many,
      )
      if (found) {
        const title = relationTitle(all, targets, context.byName.get(to))
        links.push({
          rel,
          kind: 'relation',
          to,
          many,
          ...found,
          ...(title ? { title } : {}),
        })
        continue
      }
      if (!many) {
        // Kept by record as recorded: the link, absent where the API wrote none.
        const ids = Object.fromEntries(
          uses.map((r) => [String(r.item.id), idsOf(r)[0] as number] as const),
        )
        links.push({ rel, kind: 'recorded', to, ids })
        continue
      }
      dropped.push(`${rel}: no member of the record holds the linked ids`)
      continue
    }
    // A link to a list under each record: another collection's records, or a nested collection.
    const list = listLink(collection, rel, uses, all, context)
    if (list) {
      links.push(list)
      continue
    }
    // Any other link: one href pattern once the record's id is put in its place.
    const patterns = new Set(
      uses.flatMap((r) =>
        r.links.getAll(rel).map((l) => {
          const href = relative(l.href, origin, basePath)
          return href.split(`/${r.item.id}`).join('/{id}')
        }),
      ),
    )
    const templated = all.every((l) => l.templated === true)
    if (patterns.size === 1 && !many && uses.length === read.length) {
      const unserved = templated ? undefined : unservedTargets(all, context)
      links.push({
        rel,
        kind: 'plain',
        href: [...patterns][0] as string,
        templated,
        ...(unserved ? { unserved } : {}),
      })
    } else {
      dropped.push(`${rel}: its hrefs follow no one pattern of the record's id`)
    }
  }
  // Back links: on the relation they reverse, in the collection that points here.
  return { links, dropped }
}

/** One record's links, as read: its item, its links, its record's members. */
interface ReadLinks {
  readonly item: Item
  readonly links: Links
  readonly data: Record<string, unknown>
}

/** A link as the SDK reads it. */
type ReadLink = ReturnType<Links['getAll']>[number]

/**
 * A relation's title, when every link has one: the member of the linked record that holds it, or
 * the one text all of them show.
 */
function relationTitle(
  all: readonly ReadLink[],
  targets: readonly ({ name: string; id: number } | undefined)[],
  target: CollectionModel | undefined,
): { member: string } | { text: string } | undefined {
  const titles = all.map((l) => l.title)
  if (!titles.every((t) => t !== undefined)) return undefined
  const texts = [...new Set(titles)]
  const recordsById = new Map(target?.records.map((r) => [r.id as number, r]))
  const member = Object.keys(target?.records[0] ?? {}).find((m) =>
    all.every((l, i) => recordsById.get(targets[i]?.id as number)?.[m] === l.title),
  )
  return member ? { member } : texts.length === 1 ? { text: texts[0] as string } : undefined
}

/** The placeholder of a link to a list under each record (`@back:`, `@nested:`), if it is one. */
function listLink(
  collection: CollectionModel,
  rel: string,
  uses: readonly ReadLinks[],
  all: readonly ReadLink[],
  context: LinkContext,
): LinkModel | undefined {
  // A back link: a list one segment under each record (the core's `{self}/{rel}{?page,size}`,
  // halacious's `{self}/tasks`) of another collection's records, which link to this one.
  const segment =
    untemplated(all[0] ?? { href: '', context: '' })
      .split('/')
      .at(-1) ?? ''
  const back =
    segment !== '' &&
    uses.every((r) =>
      r.links.getAll(rel).every((l) => untemplated(l) === `${r.item.url}/${segment}`),
    )
  if (back) {
    const list = context.pages.find((p) => p.list === `${uses[0]?.item.url}/${segment}`)
    const from = list && context.byName.get(list.collection)
    if (from && from.name !== collection.name && from.parent?.collection !== collection.name) {
      const path = segment === rel ? '' : `/${segment}`
      // Templated as the API wrote it, for when no relation of `from` turns out to reverse it.
      const templated = all.every((l) => l.templated === true)
      return { rel, kind: 'plain', href: `@back:${from.name}${path}`, templated }
    }
  }
  // A nested list under this record (the parent's link to a nested collection).
  const nested = [...context.byName.values()].find(
    (c) =>
      c.parent?.collection === collection.name &&
      uses.every((r) =>
        r.links
          .getAll(rel)
          .every((l) => untemplated(l) === `${r.item.url}/${c.pattern.split('/').at(-2)}`),
      ),
  )
  if (nested) return { rel, kind: 'plain', href: `@nested:${nested.name}`, templated: true }
  return undefined
}

/**
 * Why no target of a link is a document, when the API answered every one 404 or 410 (a dead link
 * of its own) or with no JSON (an image): the first answer, as the crawl noted it.
 */
function unservedTargets(
  all: readonly { href: string }[],
  context: LinkContext,
): string | undefined {
  const reasons = all.map((l) => context.unreached(l.href))
  const none = (reason: string | undefined) =>
    reason !== undefined && /^(404|410)\b|^not JSON/.test(reason)
  return reasons.length > 0 && reasons.every(none) ? reasons[0] : undefined
}

/** Where a relation's ids are: one member, or a member of each object of an array. */
function relationMember(
  rows: readonly { data: Record<string, unknown>; ids: readonly number[] }[],
  many: boolean,
): { member: string; inArray?: string } | undefined {
  const first = rows.find((r) => r.ids.length > 0)?.data
  if (!first) return undefined
  for (const name of Object.keys(first)) {
    if (name === 'id') continue
    const ok = rows.every(({ data, ids }) => {
      const value = data[name]
      if (!many) return ids.length === 0 ? value === null || value === undefined : value === ids[0]
      return (
        Array.isArray(value) && value.length === ids.length && value.every((v, i) => v === ids[i])
      )
    })
    if (ok) return { member: name }
    if (many && Array.isArray(first[name]) && isObject(first[name][0])) {
      for (const inner of Object.keys(first[name][0])) {
        const fits = rows.every(({ data, ids }) => {
          const value = data[name]
          return (
            Array.isArray(value) &&
            value.length === ids.length &&
            value.every((v, i) => isObject(v) && v[inner] === ids[i])
          )
        })
        if (fits) return { member: name, inArray: inner }
      }
    }
  }
  return undefined
}
