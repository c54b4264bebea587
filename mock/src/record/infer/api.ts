import { halAdapter, Links } from '@halyard/sdk'
import { resolve } from '../../represent/links.js'
import { type Crawl, type Exchange, listOf, templateVariables } from '../crawl.js'
import {
  type ApiModel,
  byKey,
  type CollectionModel,
  type DocumentModel,
  type Item,
  isObject,
  type LinkModel,
  neutral,
  PAGE_RELS,
  type PageMember,
  type PagingModel,
  type PartialModel,
  RECORDED_ORIGIN,
  relative,
  singular,
  untemplated,
} from '../model.js'
import { collectionName, isSafeId } from '../safe-name.js'
import { inferPaging, isDefaultPaging, linkedItemsOf } from './conventions.js'
import { fitHints } from './fit-hints.js'
import { inferLinks } from './links.js'
import { listsAsRecorded } from './recorded-lists.js'
import { objectShape } from './schema.js'
import { inferTemplates, inferWrites, withFormHints } from './writes.js'
import { hrefsWritten, singleCurieWritten } from './written.js'

/** A back link's placeholder: the collection whose records make the list, and its segment. */
const BACK = /^@back:([^/]+)(?:\/(.+))?$/

// The recorded API as a whole: its collections by address pattern, their records, pages,
// links, conventions and writes, and the documents of no collection.

const adapter = halAdapter()

/**
 * Infers an API's definition from a crawl: collections (records deduplicated by `self`) and their
 * address patterns, nested ones too; relations between records (with titles), other links,
 * embeds, CURIEs; each collection's page convention and the writes its HAL-FORMS templates or
 * ALPS profile offer; and the documents that belong to no collection, served as recorded.
 *
 * @example
 * const model = inferApi(await crawlApi('http://127.0.0.1:4010/api'))
 * model.collections.map((c) => c.name)
 */
export function inferApi(crawl: Crawl): ApiModel {
  const rootUrl = new URL(crawl.root)
  const origin = rootUrl.origin
  const basePath = rootUrl.pathname.replace(/\/$/, '')
  const under = (url: string): string | undefined => {
    const u = new URL(url, origin)
    if (u.origin !== origin || !(u.pathname === basePath || u.pathname.startsWith(`${basePath}/`)))
      return undefined
    return u.pathname.slice(basePath.length)
  }
  const patternOf = (path: string) => path.replace(/\/\d+(?=\/|$)/g, '/{}')
  const hal = [...crawl.exchanges.values()]
    .filter((e) => e.accept === 'hal')
    .sort(byKey((e) => e.url))

  // Items: every document with a `self` whose address ends in a number, the top-level read first.
  const items = new Map<string, Item>()
  // Records whose ids the mock cannot keep (past 2^53): reported, not recorded.
  const skipped = new Map<string, string>()
  const collect = (body: unknown, context: string, top: boolean, inherited: Links['curies']) => {
    const { links: raw, embedded } = adapter.read(body)
    const links = new Links(context, raw, inherited)
    const self = links.get('self')
    if (self && !self.templated && isObject(body)) {
      const path = under(self.href)
      const id = path?.match(/\/(\d+)$/)?.[1]
      if (id !== undefined && !isSafeId(id)) {
        skipped.set(self.href, `an id past 2^53 (${id.length} digits): no record, only a document`)
      } else if (path !== undefined && id !== undefined) {
        const known = items.get(self.href)
        if (!known || (top && !known.top)) {
          items.set(self.href, {
            url: self.href,
            id: Number(id),
            pattern: patternOf(path),
            body,
            top,
          })
        }
      }
    }
    for (const list of Object.values(embedded))
      for (const item of list) collect(item, context, false, links.curies)
  }
  for (const exchange of hal) {
    const self = new Links(exchange.url, adapter.read(exchange.body).links).get('self')
    collect(exchange.body, exchange.url, self?.href === exchange.url || !self, [])
  }
  // A collection's ids are unique: of records numbered per parent (`/a/1/b/1`, `/a/2/b/1`), the
  // first by address is kept, the others reported.
  const firstWithId = new Map<string, string>()
  for (const url of [...items.keys()].sort()) {
    const item = items.get(url) as Item
    const first = firstWithId.get(`${item.pattern} ${item.id}`)
    if (first === undefined) firstWithId.set(`${item.pattern} ${item.id}`, url)
    else {
      items.delete(url)
      skipped.set(url, `the id of ${first} again: no record, only a document`)
    }
  }

  // Collections by item pattern, named after the segment before the id.
  const itemPatterns = new Set([...items.values()].map((i) => i.pattern))
  const patterns = [...itemPatterns, ...emptyNestedLists(hal, itemPatterns, under)].sort()
  const names = new Map<string, string>()
  for (const pattern of patterns) {
    const segment = pattern.split('/').at(-2) ?? 'items'
    names.set(pattern, collectionName(segment, new Set(names.values())))
  }
  const collectionOf = (url: string): { name: string; id: number } | undefined => {
    const item = items.get(url)
    const name = item && names.get(item.pattern)
    return item && name ? { name, id: item.id } : undefined
  }

  // Pages: documents embedding an array of one collection's items.
  interface Page {
    readonly exchange: Exchange
    readonly collection: string
    readonly key: string | undefined
    readonly list: string
  }
  const pages: Page[] = []
  for (const exchange of hal) {
    const body = exchange.body
    if (!isObject(body)) continue
    for (const [key, value] of pageArrays(body)) {
      if (!Array.isArray(value)) continue
      const { links } = adapter.read(body)
      const selves = value.map(
        (v) => new Links(exchange.url, adapter.read(v).links).get('self')?.href,
      )
      const owners = new Set(selves.map((s) => (s ? collectionOf(s)?.name : undefined)))
      const self = new Links(exchange.url, links).get('self')
      const list = listOf(self && !self.templated ? self.href : exchange.url)
      if (owners.size === 1 && !owners.has(undefined)) {
        pages.push({ exchange, collection: [...owners][0] as string, key, list })
      } else if (value.length === 0) {
        // An empty page: its collection by the rel it embeds under, or by its address.
        const at = under(list)
        const named =
          [...names.values()].find((n) => n === key) ??
          (at === undefined ? undefined : names.get(`${patternOf(at)}/{}`))
        if (named) pages.push({ exchange, collection: named, key, list })
      }
    }
  }

  const rootExchange = crawl.exchanges.get(crawl.root)
  const rootLinks = rootExchange
    ? new Links(crawl.root, adapter.read(rootExchange.body).links)
    : undefined
  // As the root wrote them: an href relative to the origin (`/docs/rels/{rel}`) stays one.
  const written = new Map<string, string>()
  const rawCuries = isObject(rootExchange?.body) ? rootExchange.body._links : undefined
  const rawList = isObject(rawCuries) ? rawCuries.curies : undefined
  for (const c of Array.isArray(rawList) ? rawList : isObject(rawList) ? [rawList] : [])
    if (isObject(c) && typeof c.name === 'string' && typeof c.href === 'string')
      written.set(c.name, c.href)
  const curies = (rootLinks?.curies ?? [])
    .filter((c) => c.name)
    .map((c) => {
      const raw = written.get(c.name as string)
      return raw !== undefined && !/^[a-z][a-z\d+.-]*:/i.test(raw)
        ? { name: c.name as string, href: raw, asIs: true }
        : { name: c.name as string, href: curieHref(c.href, origin, basePath) }
    })
  const curiesIn = curies.length > 0 ? curiesPlacement(hal, crawl.root) : undefined

  const collections: CollectionModel[] = []
  for (const pattern of patterns) {
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
    const parentPattern = listPattern.includes('{}')
      ? listPattern.replace(/\/[^/]*$/, '')
      : undefined
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
      members: inferred.members.map((m) =>
        hidden.includes(m.name) ? { ...m, optional: true } : m,
      ),
    }
    collections.push({
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
    })
  }

  const unreached = new Map(crawl.unreached.map((u) => [u.url, u.reason]))
  // Links, embeds, paging and writes, now that every collection is known.
  const byName = new Map(collections.map((c) => [c.name, c]))
  const result = collections.map((collection): CollectionModel => {
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
  })

  // A back list whose records hold no member naming this record (an API that shows a relation
  // by its link only) reverses no relation: its link stays as the API wrote it, and its pages
  // are served as recorded below.
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

  // Links to a collection's lists (nested, or back lists of its relations) all plain: so are the
  // replay's (`linkTemplated: false`); the root's are written as recorded anyway.
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

  // Lists the mock cannot page as the API did: served as recorded.
  const asRecorded = listsAsRecorded(result, pages, skipped, (url) => patternOf(under(url) ?? ''))
  result.splice(0, result.length, ...asRecorded.collections)
  // The documents of no collection: served as recorded.
  const claimed = new Set<string>([crawl.root])
  for (const item of items.values()) if (item.top) claimed.add(item.url)
  // The lists the mock serves: each collection's own, and the back links' lists.
  const served = new Set<string>()
  for (const c of result) {
    served.add(c.pattern.replace(/\/\{\}$/, ''))
    for (const link of c.links) {
      if (link.kind === 'plain' && link.href.startsWith('@back:'))
        served.add(`${c.pattern}/${link.href.split('/')[1] ?? link.rel}`)
    }
  }
  for (const page of pages) {
    if (served.has(patternOf(under(page.list) ?? '')) && !asRecorded.lists.has(page.list))
      claimed.add(page.exchange.url)
  }
  const documents: DocumentModel[] = []
  const paths = new Set<string>()
  for (const exchange of hal) {
    if (claimed.has(exchange.url)) continue
    const path = under(exchange.url)
    // A list the mock serves (an empty one too, which no item names): the mock's own answer.
    if (
      path !== undefined &&
      served.has(patternOf(path)) &&
      !asRecorded.lists.has(listOf(exchange.url))
    )
      continue
    const query = new URL(exchange.url).search
    // `''` and `/` both answer the root (one trailing slash is tolerated).
    if (path === undefined || path === '' || path === '/' || paths.has(`${path}${query}`)) continue
    // Any JSON object the API answered a HAL `Accept` with (a document without links, a Spring
    // Data REST profile) but its OpenAPI document: the mock's own describes the mock, and the
    // API's, full of examples shaped like credentials, would be written redacted.
    if (!isObject(exchange.body) || path === '/openapi.json') continue
    paths.add(`${path}${query}`)
    const hal = /^application\/hal\+json$/i.test(exchange.contentType)
    documents.push({
      path,
      query,
      ...(hal ? {} : { type: exchange.contentType }),
      body: neutral(exchange.body, origin),
    })
  }
  // In the root's order (the core links them in the definition's), then the rest by address.
  const rootOrder = (c: CollectionModel) => {
    const i = rootLinks?.rels().indexOf(c.rel) ?? -1
    return i < 0 ? Number.MAX_SAFE_INTEGER : i
  }
  result.sort((a, b) => rootOrder(a) - rootOrder(b))
  const model: ApiModel = {
    basePath,
    curies,
    ...(curiesIn === undefined ? {} : { curiesIn }),
    ...writtenAs(hal, rootExchange?.body),
    collections: result,
    documents,
    // A root without one is served without one, and its client types offer none.
    ...(rootLinks && !rootLinks.rels().includes('service-desc') && { serviceDesc: false as const }),
    ...(skipped.size > 0
      ? { skipped: [...skipped].sort().map(([url, reason]) => ({ url, reason })) }
      : {}),
  }
  const recordedRoot = rootExchange ? neutral(rootExchange.body, origin) : undefined
  const coreRoot = expectedRoot(model)
  return JSON.stringify(recordedRoot) === JSON.stringify(coreRoot)
    ? model
    : { ...model, root: recordedRoot }
}

/** How the API writes its hrefs and a lone CURIE, where the core writes them otherwise. */
function writtenAs(
  hal: readonly Exchange[],
  root: unknown,
): Pick<ApiModel, 'hrefs' | 'singleCurie'> {
  const hrefs = hrefsWritten(hal)
  const singleCurie = singleCurieWritten(root)
  return { ...(hrefs ? { hrefs } : {}), ...(singleCurie ? { singleCurie } : {}) }
}

/**
 * Item patterns of nested lists that were empty wherever the crawl read them (`/people/{}/labels`
 * under records with no labels yet): a collection with no records, so the link to it and its
 * writes stay. A top-level empty list is replayed as the document it was.
 */
function emptyNestedLists(
  hal: readonly Exchange[],
  known: ReadonlySet<string>,
  under: (url: string) => string | undefined,
): string[] {
  const empty = new Set<string>()
  // Lists at the same address that hold records elsewhere (a flat collection's, `/tasks/7`,
  // listed under `/projects/1/tasks`) make no new collection where they are empty.
  const held = new Set<string>()
  for (const exchange of hal) {
    const arrays = isObject(exchange.body) ? pageArrays(exchange.body) : []
    const list = under(listOf(exchange.url))?.replace(/\/\d+(?=\/|$)/g, '/{}')
    if (list === undefined || arrays.length !== 1 || !/\{\}\/[^/{}]+$/.test(list)) continue
    const items = arrays[0]?.[1]
    if (Array.isArray(items) && items.length > 0) held.add(list)
    else if (Array.isArray(items)) empty.add(list)
  }
  const found: string[] = []
  for (const list of empty) {
    const pattern = `${list}/{}`
    // A list named as a known collection is its records filtered by the parent (a back link).
    const segment = list.split('/').at(-1)
    const named = [...known].some((k) => k.split('/').at(-2) === segment)
    if (!held.has(list) && !named && !known.has(pattern) && known.has(list.replace(/\/[^/]+$/, '')))
      found.push(pattern)
  }
  return found
}

/**
 * Where an API writes its CURIEs, when not at the top of every document (the core's default): on
 * the root only, or on embedded resources too. Undefined when the documents show neither.
 */
function curiesPlacement(
  hal: readonly Exchange[],
  root: string,
): 'root' | 'everywhere' | undefined {
  const has = (body: unknown) => {
    const links = isObject(body) ? body._links : undefined
    return isObject(links) && links.curies !== undefined
  }
  const embedded = (body: unknown): unknown[] => {
    const raw = isObject(body) ? body._embedded : undefined
    if (!isObject(raw)) return []
    return Object.values(raw).flatMap((v) => (Array.isArray(v) ? v : [v]))
  }
  const others = hal.filter((e) => e.url !== root && isObject(e.body) && isObject(e.body._links))
  if (others.length === 0) return undefined
  const inner = others.flatMap((e) => embedded(e.body)).filter(isObject)
  if (inner.length > 0 && inner.every(has) && others.every((e) => has(e.body))) return 'everywhere'
  if (others.every((e) => !has(e.body))) return 'root'
  return undefined
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

/** The root the core would serve for a model (to know whether the recorded one must be kept). */
function expectedRoot(model: ApiModel): unknown {
  const base = `${RECORDED_ORIGIN}${model.basePath}`
  const links: Record<string, unknown> = { self: { href: base } }
  for (const c of model.collections) {
    if (c.parent) continue
    links[c.rel] = { href: `${base}/${c.name}{?page,size}`, templated: true }
  }
  if (model.serviceDesc !== false) links['service-desc'] = { href: `${base}/openapi.json` }
  if (model.curies.length > 0) {
    links.curies = model.curies.map((c) => ({
      name: c.name,
      href: c.asIs ? c.href : resolve(base, c.href),
      templated: true,
    }))
  }
  return { _links: links }
}

/**
 * A CURIE's href as the core resolves it: under the base relative to it, beside it with `../`
 * (halacious's `/rels/…` beside `/api`), another origin's as recorded.
 */
function curieHref(href: string, origin: string, basePath: string): string {
  const under = relative(href, origin, basePath)
  if (under !== href || !href.startsWith(`${origin}/`)) return neutral(under, origin)
  const depth = basePath.split('/').length - 1
  return `${'../'.repeat(depth)}${href.slice(origin.length + 1)}`
}

/**
 * Whether a bound cut a collection's list (its pages past `--pages`, its records past
 * `--records`, or the whole crawl stopped), and the total its pages stated when it has one list.
 */
function partialOf(
  collection: CollectionModel,
  crawl: Crawl,
  under: (url: string) => string | undefined,
  patternOf: (path: string) => string,
  pages: readonly { exchange: Exchange; list: string }[],
  paging: PagingModel | undefined,
): PartialModel | undefined {
  const listPattern = collection.pattern.replace(/\/\{\}$/, '')
  const at = (url: string) => patternOf(under(listOf(url)) ?? '')
  const cut = crawl.unreached.find(
    (u) =>
      (u.reason.startsWith('past --pages ') && at(u.url) === listPattern) ||
      (u.reason.startsWith('past --records ') && at(u.url) === collection.pattern) ||
      /^past --max-(time|requests|bytes) /.test(u.reason),
  )
  if (!cut) return undefined
  const reason = cut.reason.replace(/^past /, 'by ').replace(/ of .*$/, '')
  const lists = new Set(pages.map((p) => p.list))
  const first = pages[0]?.exchange.body
  const total = lists.size === 1 && paging ? statedTotal(paging.document, first) : undefined
  return { reason, ...(total === undefined ? {} : { total }) }
}

/** The number a page document holds in the member whose role is the total. */
function statedTotal(members: readonly PageMember[], body: unknown): number | undefined {
  for (const m of members) {
    const value = isObject(body) ? body[m.name] : undefined
    if (m.role === 'total' && typeof value === 'number') return value
    if (m.role === 'object') {
      const inner = statedTotal(m.members, value)
      if (inner !== undefined) return inner
    }
  }
  return undefined
}

/**
 * The arrays a document may list records in, by the key it embeds them under: its `_embedded`
 * ones, or its `_links.item` when it embeds nothing (each link read as a record with that `self`).
 */
function pageArrays(body: Record<string, unknown>): [string | undefined, unknown][] {
  const raw = body._embedded
  if (Array.isArray(raw)) return [[undefined, raw]]
  if (isObject(raw)) return Object.entries(raw)
  const item = isObject(body._links) ? body._links.item : undefined
  return Array.isArray(item) ? [[undefined, item.map((self) => ({ _links: { self } }))]] : []
}

/**
 * The pages a collection's paging is read from: its own list's, or, when it has none read (its
 * records flat, its lists nested under another's records), those of its lists under them.
 */
function pagesForPaging(
  own: readonly { exchange: Exchange }[],
  all: readonly { exchange: Exchange; collection: string }[],
  name: string,
): Exchange[] {
  const pages = own.length > 0 ? own : all.filter((p) => p.collection === name)
  return pages.map((p) => p.exchange)
}
