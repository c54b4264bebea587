import { Links } from '@halyard/sdk'
import { templateVariables } from '../../crawl.js'
import {
  type CollectionModel,
  type Item,
  type LinkModel,
  neutral,
  PAGE_RELS,
  singular,
  untemplated,
} from '../../model.js'
import { inferPaging, isDefaultPaging, linkedItemsOf } from '../conventions.js'
import { fitHints } from '../fit-hints.js'
import { inferLinks } from '../links.js'
import { objectShape } from '../schema.js'
import { inferTemplates, inferWrites, withFormHints } from '../writes.js'
import { pagesForPaging, partialOf } from './pages.js'
import { adapter, type Page, type Scope } from './scope.js'

/** A back link's placeholder: the collection whose records make the list, and its segment. */
const BACK = /^@back:([^/]+)(?:\/(.+))?$/

/** What a collection's model is read from besides the scope. */
export interface Found {
  readonly items: ReadonlyMap<string, Item>
  readonly names: ReadonlyMap<string, string>
  readonly pages: readonly Page[]
  readonly rootLinks: Links | undefined
}

/** A collection's records, shape and parent, as its items show them (links and the rest come next). */
export function recordedCollection(scope: Scope, found: Found, pattern: string): CollectionModel {
  const { origin, basePath, under, patternOf } = scope
  const { items, names, pages, rootLinks } = found
  const name = names.get(pattern) as string
  const own = [...items.values()].filter((i) => i.pattern === pattern).sort((a, b) => a.id - b.id)
  const listPattern = pattern.replace(/\/\{\}$/, '')
  const ownPages = pages.filter(
    (p) => p.collection === name && patternOf(under(p.list) ?? '') === listPattern,
  )
  const key = ownPages.find((p) => p.key !== undefined)?.key
  const rootRel = rootLinks
    ?.rels()
    .find((rel) =>
      rootLinks.getAll(rel).some((l) => untemplated(l) === `${origin}${basePath}${listPattern}`),
    )
  const parentPattern = listPattern.includes('{}') ? listPattern.replace(/\/[^/]*$/, '') : undefined
  const data = own.map((item) => adapter.read(item.body).data as Record<string, unknown>)
  const idInBody = own.every((item, i) => data[i]?.id === item.id)
  let parent: CollectionModel['parent']
  const hidden: string[] = []
  const parentIds = own.map((item) => Number(under(item.url)?.split('/').at(-3)))
  if (parentPattern) {
    const parentName = names.get(parentPattern)
    // The parent's id: a member that holds it, or one the mock keeps without showing it.
    let member = sameEverywhere(data, parentIds)
    if (parentName && !member) {
      member = `${singular(parentName)}Id`
      hidden.push(member)
    }
    if (parentName && member) parent = { collection: parentName, member }
  }
  const records = own.map((item, i) => {
    const { id: _id, ...members } = data[i] ?? {}
    const record: Record<string, unknown> = { id: item.id, ...members }
    for (const member of hidden) record[member] = parentIds[i]
    return record
  })
  const skip = new Set(['id'])
  const inferred = objectShape(
    records.map(({ id: _id, ...members }) => members),
    skip,
  )
  // A parent's id is the URL's, set by the mock on a write: clients need not send it.
  const shape = {
    ...inferred,
    members: inferred.members.map((m) => (hidden.includes(m.name) ? { ...m, optional: true } : m)),
  }
  return {
    name,
    rel: key ?? rootRel ?? name,
    pattern,
    ...(parent ? { parent } : {}),
    hidden,
    idInBody,
    records: neutral(records, origin),
    shape,
    links: [],
    embed: [],
    writes: { source: 'none', methods: [] },
    dropped: [],
  }
}

/** A collection's links, embeds, paging and writes, now that every collection is known. */
export function completeCollection(
  scope: Scope,
  found: Found & {
    readonly byName: ReadonlyMap<string, CollectionModel>
    readonly collectionOf: (url: string) => { name: string; id: number } | undefined
    readonly unreached: ReadonlyMap<string, string>
  },
  collection: CollectionModel,
): CollectionModel {
  const { crawl, origin, basePath, hal, under, patternOf } = scope
  const { items, pages, rootLinks, byName, collectionOf, unreached } = found
  const own = [...items.values()]
    .filter((i) => i.pattern === collection.pattern)
    .sort((a, b) => a.id - b.id)
  const { links, dropped } = inferLinks(collection, own, {
    origin,
    basePath,
    collectionOf,
    pages: pages.filter((p) => p.collection !== collection.name),
    byName,
    under,
    unreached: (url) => unreached.get(url),
  })
  const relations = new Set(links.filter((l) => l.kind !== 'plain').map((l) => l.rel))
  const embed: string[] = []
  for (const item of own.filter((i) => i.top)) {
    for (const rel of Object.keys(adapter.read(item.body).embedded)) {
      if (relations.has(rel) && !embed.includes(rel)) embed.push(rel)
    }
  }
  const ownPages = pages.filter(
    (p) =>
      p.collection === collection.name &&
      patternOf(under(p.list) ?? '') === collection.pattern.replace(/\/\{\}$/, ''),
  )
  // The variables of the links to the list (`{?_page,_limit}`) name its paging parameters.
  const list = `${origin}${basePath}${collection.pattern.replace(/\/\{\}$/, '')}`
  const variables = hal.flatMap((e) =>
    new Links(e.url, adapter.read(e.body).links)
      .rels()
      .flatMap((rel) => new Links(e.url, adapter.read(e.body).links).getAll(rel))
      .filter((l) => l.templated && untemplated(l) === list)
      .flatMap((l) => templateVariables(l.href).names),
  )
  const { shape, refused } = fitHints(withFormHints(collection, crawl, under), collection.records)
  const read = pagesForPaging(ownPages, pages, collection.name)
  const paging = inferPaging(read, collection.records.length, variables)
  const rootRel = rootLinks
    ?.rels()
    .find((rel) => rootLinks.getAll(rel).some((l) => untemplated(l) === list))
  // Each page's self the URL it was asked at, one asked without its size too: `self: 'asked'`.
  const selves = ownPages.map((p) => ({
    url: p.exchange.url,
    self: new Links(p.exchange.url, adapter.read(p.exchange.body).links).get('self'),
  }))
  const selfAsked =
    selves.length > 0 &&
    selves.every((s) => s.self && !s.self.templated && s.self.href === s.url) &&
    selves.some((s) => !new URL(s.url).searchParams.has(paging?.size ?? 'size'))
  const partial = partialOf(collection, crawl, under, patternOf, ownPages, paging)
  // No page of it read, and the root links its items by a template (`/shelves/{id}`): the API
  // serves no list of it.
  const itemRel =
    collection.parent || ownPages.length > 0
      ? undefined
      : rootLinks
          ?.rels()
          .find((r) =>
            rootLinks.getAll(r).some((l) => l.templated && untemplated(l) === `${list}/`),
          )
  // With a page document of its own, the rel names the root's link only.
  const rel =
    itemRel ?? (paging && !isDefaultPaging(paging) ? (rootRel ?? collection.rel) : collection.rel)
  return {
    ...collection,
    shape,
    rel,
    ...(itemRel === undefined ? {} : { list: false as const }),
    ...(selfAsked ? { selfAsked: true as const } : {}),
    ...linkedItemsOf(read),
    links,
    embed,
    ...(paging && isDefaultPaging(paging) ? { pageSize: paging.defaultSize } : {}),
    ...(paging && !isDefaultPaging(paging) ? { paging } : {}),
    writes: inferWrites(collection, crawl, under),
    ...(partial ? { partial } : {}),
    ...inferTemplates({ ...collection, shape }, crawl, under),
    dropped: [...dropped, ...refused.map((r) => `the form's hint on ${r}`)],
  }
}

/**
 * A back list whose records hold no member naming this record (an API that shows a relation
 * by its link only) reverses no relation: its link stays as the API wrote it, and its pages
 * are served as recorded.
 */
export function keepUnreversedBackLinks(result: CollectionModel[]): void {
  for (const [index, c] of result.entries()) {
    const dropped: string[] = []
    const links = c.links.flatMap((link): LinkModel[] => {
      if (link.kind !== 'plain') return [link]
      const [, back, path] = link.href.match(BACK) ?? []
      const from = result.find((f) => f.name === back)
      if (!back || from?.links.some((l) => l.kind === 'relation' && l.to === c.name)) return [link]
      // A plain link knows the record's own id only, not its parents'.
      if (c.parent) {
        dropped.push(`${link.rel}: no member of its ${back} holds the linked id`)
        return []
      }
      return [{ ...link, href: `${c.pattern.replace(/\{\}$/, '{id}')}/${path ?? link.rel}` }]
    })
    result[index] = { ...c, links, dropped: [...c.dropped, ...dropped] }
  }
}

/**
 * Links to a collection's lists (nested, or back lists of its relations) all plain: so are the
 * replay's (`linkTemplated: false`); the root's are written as recorded anyway.
 */
export function markPlainLists(scope: Scope, result: CollectionModel[]): void {
  const { crawl, hal, under, patternOf } = scope
  const listTargets = hal
    // The root (at `/api` or, redirected, `/api/`) is served as recorded.
    .filter((e) => e.url !== crawl.root && under(e.url) !== '' && under(e.url) !== '/')
    .flatMap((e) => {
      const links = new Links(e.url, adapter.read(e.body).links)
      return (
        links
          .rels()
          // A page's own links (`next`, `first`…) and an item list are no links to a list.
          .filter(
            (rel) =>
              !['curies', 'item', ...PAGE_RELS].includes(rel) &&
              !/^(next|prev|previous|first|last)page$/i.test(rel),
          )
          .flatMap((rel) => links.getAll(rel))
      )
    })
    .map((l) => ({ at: patternOf(under(untemplated(l)) ?? ''), templated: l.templated === true }))
  for (const [index, c] of result.entries()) {
    const lists = new Set([c.pattern.replace(/\/\{\}$/, '')])
    for (const link of c.links) {
      if (link.kind !== 'relation' || !link.reverse) continue
      const to = result.find((t) => t.name === link.to)
      if (to) lists.add(`${to.pattern}/${link.reversePath ?? link.reverse}`)
    }
    // A back list of its records under another record (`/projects/{}/tasks` of `/tasks/{}`).
    const own = c.pattern.replace(/\/\{\}$/, '')
    const found = listTargets.filter(
      (t) => lists.has(t.at) || (!c.parent && t.at.endsWith(`/{}${own}`)),
    )
    if (found.length > 0 && found.every((t) => !t.templated))
      result[index] = { ...c, listTemplated: false }
  }
}

/** The member whose value is `values[i]` in every record `i`. */
function sameEverywhere(
  data: readonly Record<string, unknown>[],
  values: readonly (number | undefined)[],
): string | undefined {
  const first = data[0]
  if (!first) return undefined
  return Object.keys(first).find(
    (name) =>
      name !== 'id' && data.every((d, i) => values[i] === undefined || d[name] === values[i]),
  )
}
