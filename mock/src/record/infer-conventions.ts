import { expandTemplate, halAdapter, Links } from '@halyard/sdk'
import { type Crawl, type Exchange, listOf, templateVariables } from './crawl.js'
import { objectShape, type Shape } from './infer-schema.js'

/** The origin every recorded href is written with: a replay puts its own in its place. */
export const RECORDED_ORIGIN = 'http://recorded.invalid'

const adapter = halAdapter()
const PAGE_RELS = ['self', 'first', 'prev', 'next', 'last'] as const
type PageRel = (typeof PAGE_RELS)[number]

/** A link of a collection's records, as the emitted module writes it. */
export type LinkModel =
  | {
      readonly rel: string
      readonly kind: 'relation'
      readonly to: string
      /** Where the linked id is in the record: `customerId`, or `lines[].productId` for many. */
      readonly member: string
      readonly inArray?: string
      readonly many: boolean
      readonly reverse?: string
      /** A title: the linked record's member, or the same text on every link. */
      readonly title?: { readonly member: string } | { readonly text: string }
    }
  | {
      readonly rel: string
      readonly kind: 'plain'
      /** Relative to the base, `{id}` where the record's id goes. */
      readonly href: string
      readonly templated: boolean
    }

/** The page convention of a collection, when it is not the core's default. */
export interface PagingModel {
  readonly page: string
  readonly size: string
  readonly firstIndex: 0 | 1
  readonly defaultSize: number
  /** The page document as a template: members, links and embedded items, by role. */
  readonly document: readonly PageMember[]
}

/** One member of a page document: a number of the page, a link map, the items, or a constant. */
export type PageMember =
  | { readonly name: string; readonly role: 'index' | 'size' | 'total' | 'totalPages' }
  | { readonly name: string; readonly role: 'links'; readonly links: readonly PageLink[] }
  | {
      readonly name: string
      readonly role: 'items'
      readonly key?: string
      /** Whether the page's items carry the API's CURIEs (the Blog's do; HAL puts them on the page). */
      readonly curies: boolean
    }
  | { readonly name: string; readonly role: 'object'; readonly members: readonly PageMember[] }
  | { readonly name: string; readonly role: 'constant'; readonly value: unknown }

/** A link of a page document: one of the page's own (`self`, `next`…), or a constant href. */
export type PageLink =
  | { readonly rel: string; readonly page: PageRel }
  | { readonly rel: string; readonly href: string; readonly templated?: boolean }

/** What a collection lets clients write, and what said so. */
export interface WritesModel {
  readonly source: 'hal-forms' | 'alps' | 'none'
  readonly methods: readonly string[]
}

/** One collection found in the recording. */
export interface CollectionModel {
  readonly name: string
  /** Its rel in the root and its pages' `_embedded`. */
  readonly rel: string
  /** Its item address under the base, numeric segments as `{}`: `/orders/{}`. */
  readonly pattern: string
  readonly parent?: { readonly collection: string; readonly member: string; readonly rel?: string }
  /** Members the mock keeps that the documents do not show (a nested record's parent id). */
  readonly hidden: readonly string[]
  /** Whether its documents show the `id` member. */
  readonly idInBody: boolean
  /** The records, `id` first, sorted by id. */
  readonly records: readonly Record<string, unknown>[]
  readonly shape: Shape & { kind: 'object' }
  readonly links: readonly LinkModel[]
  readonly embed: readonly string[]
  readonly paging?: PagingModel
  readonly pageSize?: number
  readonly writes: WritesModel
  /** Links seen on records that the module does not reproduce, by rel, and why. */
  readonly dropped: readonly string[]
}

/** A document served as it was recorded (one that belongs to no collection). */
export interface DocumentModel {
  /** Path under the base. */
  readonly path: string
  readonly body: unknown
}

/** Everything inferred from a crawl: what the emitted module defines. */
export interface ApiModel {
  readonly basePath: string
  readonly curies: readonly { readonly name: string; readonly href: string }[]
  readonly collections: readonly CollectionModel[]
  /** The root, when the core's own root would differ from the recorded one. */
  readonly root?: unknown
  readonly documents: readonly DocumentModel[]
}

interface Item {
  readonly url: string
  readonly id: number
  readonly pattern: string
  readonly body: Record<string, unknown>
  /** Read at its own URL (not only embedded). */
  readonly top: boolean
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

const byKey =
  <T>(key: (t: T) => string) =>
  (a: T, b: T) => {
    const x = key(a)
    const y = key(b)
    return x < y ? -1 : x > y ? 1 : 0
  }

/** Every string in a document with the recorded origin replaced by {@link RECORDED_ORIGIN}. */
export function neutral<T>(value: T, origin: string): T {
  return JSON.parse(JSON.stringify(value).split(origin).join(RECORDED_ORIGIN)) as T
}

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
  const collect = (body: unknown, context: string, top: boolean, inherited: Links['curies']) => {
    const { links: raw, embedded } = adapter.read(body)
    const links = new Links(context, raw, inherited)
    const self = links.get('self')
    if (self && !self.templated && isObject(body)) {
      const path = under(self.href)
      const id = path?.match(/\/(\d+)$/)?.[1]
      if (path !== undefined && id !== undefined) {
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

  // Collections by item pattern, named after the segment before the id.
  const patterns = [...new Set([...items.values()].map((i) => i.pattern))].sort()
  const names = new Map<string, string>()
  for (const pattern of patterns) {
    const segment = pattern.split('/').at(-2) ?? 'items'
    let name = segment.replace(/[^\w$-]/g, '_') || 'items'
    for (let n = 2; [...names.values()].includes(name); n++) name = `${segment}${n}`
    names.set(pattern, name)
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
    const raw = body._embedded
    const entries: [string | undefined, unknown][] = Array.isArray(raw)
      ? [[undefined, raw]]
      : isObject(raw)
        ? Object.entries(raw)
        : []
    for (const [key, value] of entries) {
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
  const curies = (rootLinks?.curies ?? [])
    .filter((c) => c.name)
    .map((c) => ({
      name: c.name as string,
      href: neutral(relative(c.href, origin, basePath), origin),
    }))

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
    })
    const relations = new Set(links.filter((l) => l.kind === 'relation').map((l) => l.rel))
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
    const shape = withFormHints(collection, crawl, under)
    const paging = inferPaging(
      ownPages.map((p) => p.exchange),
      collection.records.length,
      variables,
    )
    const rootRel = rootLinks
      ?.rels()
      .find((rel) => rootLinks.getAll(rel).some((l) => untemplated(l) === list))
    // With a page document of its own, the rel names the root's link only.
    const rel = paging && !isDefaultPaging(paging) ? (rootRel ?? collection.rel) : collection.rel
    return {
      ...collection,
      shape,
      rel,
      links,
      embed,
      ...(paging && isDefaultPaging(paging) ? { pageSize: paging.defaultSize } : {}),
      ...(paging && !isDefaultPaging(paging) ? { paging } : {}),
      writes: inferWrites(collection, crawl, under),
      dropped,
    }
  })

  // The documents of no collection: served as recorded.
  const claimed = new Set<string>([crawl.root])
  for (const item of items.values()) if (item.top) claimed.add(item.url)
  for (const page of pages) if (byName.has(page.collection)) claimed.add(page.exchange.url)
  const documents: DocumentModel[] = []
  const paths = new Set<string>()
  for (const exchange of hal) {
    if (claimed.has(exchange.url)) continue
    const path = under(exchange.url)
    if (path === undefined || path === '' || paths.has(path)) continue
    // Not HAL (an OpenAPI document, say): the mock makes its own, or it is no part of the API.
    if (!isObject(exchange.body) || !isObject(exchange.body._links)) continue
    paths.add(path)
    documents.push({ path, body: neutral(exchange.body, origin) })
  }
  // In the root's order (the core links them in the definition's), then the rest by address.
  const rootOrder = (c: CollectionModel) => {
    const i = rootLinks?.rels().indexOf(c.rel) ?? -1
    return i < 0 ? Number.MAX_SAFE_INTEGER : i
  }
  result.sort((a, b) => rootOrder(a) - rootOrder(b))
  const model: ApiModel = { basePath, curies, collections: result, documents }
  const recordedRoot = rootExchange ? neutral(rootExchange.body, origin) : undefined
  const coreRoot = expectedRoot(model)
  return JSON.stringify(recordedRoot) === JSON.stringify(coreRoot)
    ? model
    : { ...model, root: recordedRoot }
}

/** A link's target without its template's variables, absolute: `/api/orders{?page}` → `http://…/api/orders`. */
const untemplated = (link: { href: string; context: string }): string => {
  try {
    return new URL(link.href.replace(/\{.*$/, ''), link.context).href
  } catch {
    return link.href
  }
}

/** A collection's name made singular, for the member that holds a parent's id: `blogs` → `blog`. */
export const singular = (name: string): string =>
  name
    .replace(/ies$/, 'y')
    .replace(/(ss|x|ch|sh)es$/, '$1')
    .replace(/([^s])s$/, '$1')

/** An href relative to the base when it is under it, or as it is. */
function relative(href: string, origin: string, basePath: string): string {
  const prefix = `${origin}${basePath}`
  return href.startsWith(prefix) ? href.slice(prefix.length) || '/' : href
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

interface LinkContext {
  readonly origin: string
  readonly basePath: string
  readonly collectionOf: (url: string) => { name: string; id: number } | undefined
  readonly pages: readonly { exchange: Exchange; collection: string; list: string }[]
  readonly byName: ReadonlyMap<string, CollectionModel>
  readonly under: (url: string) => string | undefined
}

function inferLinks(
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
        const titles = all.map((l) => l.title)
        const target = context.byName.get(to)
        let title: { member: string } | { text: string } | undefined
        if (titles.every((t) => t !== undefined)) {
          const texts = [...new Set(titles)]
          const recordsById = new Map(target?.records.map((r) => [r.id as number, r]))
          const member = Object.keys(target?.records[0] ?? {}).find((m) =>
            all.every((l, i) => recordsById.get(targets[i]?.id as number)?.[m] === l.title),
          )
          title = member
            ? { member }
            : texts.length === 1
              ? { text: texts[0] as string }
              : undefined
        }
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
      dropped.push(`${rel}: no member of the record holds the linked id`)
      continue
    }
    // A back link: the core's `{self}/{rel}{?page,size}` to the records pointing at this one.
    const back = uses.every((r) =>
      r.links
        .getAll(rel)
        .every((l) => l.templated && l.href === `${r.item.url}/${rel}{?page,size}`),
    )
    if (back) {
      const list = context.pages.find((p) => p.list === `${uses[0]?.item.url}/${rel}`)
      const from = list && context.byName.get(list.collection)
      if (from) {
        links.push({ rel, kind: 'plain', href: `@back:${from.name}`, templated: true })
        continue
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
    if (nested) {
      links.push({ rel, kind: 'plain', href: `@nested:${nested.name}`, templated: true })
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
      links.push({ rel, kind: 'plain', href: [...patterns][0] as string, templated })
    } else {
      dropped.push(`${rel}: its hrefs follow no one pattern of the record's id`)
    }
  }
  // Back links: on the relation they reverse, in the collection that points here.
  return { links, dropped }
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

const numberParams = (url: string): Map<string, number> => {
  const out = new Map<string, number>()
  // A templated page link (`?page=1&size=5{&sort}`) counts by its expansion without variables.
  for (const [name, value] of new URL(expandTemplate(url, {})).searchParams) {
    if (/^\d+$/.test(value)) out.set(name, Number(value))
  }
  return out
}

/** The page convention seen in a collection's pages (parameter names, first index, document). */
export function inferPaging(
  pages: readonly Exchange[],
  total: number,
  variables: readonly string[] = [],
): PagingModel | undefined {
  const docs = pages
    .map((p) => ({ url: p.url, body: p.body, links: new Links(p.url, adapter.read(p.body).links) }))
    .filter((d) => isObject(d.body))
  const withNext = docs.find((d) => d.links.get('next') && d.links.get('self'))
  const first = docs.find((d) => !new URL(d.url).search) ?? docs[0]
  if (!first) return undefined
  // The template of the document: the page with the most links (a middle one has prev and next).
  const linkCount = (d: (typeof docs)[number]) =>
    Object.values(d.body as Record<string, unknown>)
      .filter(isObject)
      .reduce((n, v) => n + Object.keys(v).length, 0)
  const model = docs.reduce((best, d) => (linkCount(d) > linkCount(best) ? d : best), first)
  let page = 'page'
  let size = 'size'
  if (withNext) {
    const a = numberParams((withNext.links.get('self') as { href: string }).href)
    const b = numberParams((withNext.links.get('next') as { href: string }).href)
    for (const [name, value] of b) {
      if (a.get(name) === value - 1 || (!a.has(name) && /page|index|number/i.test(name)))
        page = name
    }
    // The size: the other number of `next` (a `self` may not repeat it).
    size =
      [...b.keys()].find((name) => name !== page) ??
      variables.find((n) => n !== page && /size|limit|per/i.test(n)) ??
      size
  } else {
    const params = [
      ...numberParams(first.links.get('self')?.href ?? first.url).keys(),
      ...variables,
    ]
    page = params.find((n) => /page|offset|index/i.test(n)) ?? page
    size = params.find((n) => /size|limit|per/i.test(n)) ?? size
  }
  // Counted from the index of the `first` page, wherever one is linked.
  const firstLink = docs.map((d) => d.links.get('first')?.href).find((href) => href !== undefined)
  const firstIndex = numberParams(firstLink ?? first.url).get(page) === 1 ? 1 : 0
  const items = (body: unknown) => {
    const raw = (body as Record<string, unknown>)._embedded
    return Array.isArray(raw)
      ? raw.length
      : isObject(raw)
        ? (Object.values(raw).find(Array.isArray)?.length ?? 0)
        : 0
  }
  // The default size: what a page asked without a size holds when more follow, or says it holds.
  const unsized = docs.filter((d) => !new URL(d.url).searchParams.has(size))
  const full = unsized.find((d) => d.links.get('next'))
  const stated = numberParams(first.links.get('self')?.href ?? first.url).get(size)
  const defaultSize = full ? items(full.body) : (stated ?? Math.max(20, items(first.body)))
  const index = numberParams(model.links.get('self')?.href ?? model.url).get(page) ?? firstIndex
  const numbers = { index, size: defaultSize, total, totalPages: Math.ceil(total / defaultSize) }
  return {
    page,
    size,
    firstIndex,
    defaultSize,
    document: pageDocument(
      model.body as Record<string, unknown>,
      model.links,
      numbers,
      model.url,
      docs.map((d) => d.body),
    ),
  }
}

function pageDocument(
  body: Record<string, unknown>,
  links: Links,
  numbers: { index: number; size: number; total: number; totalPages: number },
  url: string,
  others: readonly unknown[] = [],
): PageMember[] {
  const origin = new URL(url).origin
  const standard = new Map<string, PageRel>()
  for (const rel of PAGE_RELS) {
    const href = links.get(rel)?.href
    if (href) standard.set(href, rel)
  }
  const role = (
    name: string,
    value: number,
  ): PageMember['name'] extends string
    ? 'index' | 'size' | 'total' | 'totalPages' | undefined
    : never => {
    if (/total.*pages?$|pages?count|^pages$/i.test(name)) return 'totalPages'
    if (/total|count|elements/i.test(name)) return 'total'
    if (/size|limit|per/i.test(name)) return 'size'
    if (/index|number|^page$|current/i.test(name)) return 'index'
    const found = (Object.entries(numbers) as [keyof typeof numbers, number][]).find(
      ([, v]) => v === value,
    )
    return found?.[0]
  }
  const members = (object: Record<string, unknown>): PageMember[] =>
    Object.entries(object).map(([name, value]): PageMember => {
      if (name === '_embedded') {
        const list = Array.isArray(value) ? value : Object.values(value as object)[0]
        const first = Array.isArray(list) ? list[0] : undefined
        const links = isObject(first) ? first._links : undefined
        const curies = isObject(links) && 'curies' in links
        return Array.isArray(value)
          ? { name, role: 'items', curies }
          : { name, role: 'items', key: Object.keys(value as object)[0] as string, curies }
      }
      if (
        isObject(value) &&
        Object.values(value).every((l) => isObject(l) && typeof l.href === 'string')
      ) {
        return {
          name,
          role: 'links',
          links: mergedLinks(name, value, others).map(([rel, link]): PageLink => {
            const href = new URL((link as { href: string }).href, url).href
            const page =
              standard.get(href) ?? (PAGE_RELS as readonly string[]).find((r) => r === rel)
            const byName = /prev/i.test(rel)
              ? 'prev'
              : /next/i.test(rel)
                ? 'next'
                : /first/i.test(rel)
                  ? 'first'
                  : /last/i.test(rel)
                    ? 'last'
                    : rel === 'self'
                      ? 'self'
                      : undefined
            const known = (byName ?? page) as PageRel | undefined
            if (known) return { rel, page: known }
            const raw = (link as { href: string; templated?: boolean }).href
            return {
              rel,
              href: raw.startsWith(origin) ? raw.slice(origin.length) : raw,
              ...((link as { templated?: boolean }).templated ? { templated: true } : {}),
            }
          }),
        }
      }
      if (isObject(value)) return { name, role: 'object', members: members(value) }
      if (typeof value === 'number') {
        const r = role(name, value)
        if (r) return { name, role: r }
      }
      return { name, role: 'constant', value }
    })
  return members(body)
}

/**
 * The links of a page document's member in the order the pages write them, with the rels of other
 * pages put in (a first page has no `prev`; the template must): each after the rel it follows.
 */
function mergedLinks(
  member: string,
  own: Record<string, unknown>,
  others: readonly unknown[],
): [string, unknown][] {
  const merged: [string, unknown][] = Object.entries(own)
  for (const other of others) {
    const links = isObject(other) ? other[member] : undefined
    if (!isObject(links)) continue
    let after = -1
    for (const [rel, link] of Object.entries(links)) {
      const at = merged.findIndex(([r]) => r === rel)
      if (at >= 0) {
        after = at
        continue
      }
      merged.splice(after + 1, 0, [rel, link])
      after++
    }
  }
  return merged
}

/** Whether a convention is the core's own: `page`/`size` from 0, Spring Data REST's document. */
function isDefaultPaging(paging: PagingModel): boolean {
  const names = paging.document.map((m) => m.name).join()
  const links = paging.document.find((m) => m.role === 'links')
  const page = paging.document.find((m) => m.name === 'page')
  return (
    paging.page === 'page' &&
    paging.size === 'size' &&
    paging.firstIndex === 0 &&
    names === '_links,_embedded,page' &&
    links?.role === 'links' &&
    links.links.every((l) => 'page' in l && l.rel === l.page) &&
    page?.role === 'object' &&
    page.members.map((m) => `${m.name}:${m.role}`).join() ===
      'size:size,totalElements:total,totalPages:totalPages,number:index'
  )
}

/**
 * A collection's shape with what its HAL-FORMS templates say of each member (prompt, bounds,
 * pattern, options): the template that replaces an item, else the one that creates one.
 */
function withFormHints(
  collection: CollectionModel,
  crawl: Crawl,
  under: (url: string) => string | undefined,
): CollectionModel['shape'] {
  const list = collection.pattern.replace(/\/\{\}$/, '')
  const shape = (url: string) => under(listOf(url))?.replace(/\/\d+(?=\/|$)/g, '/{}')
  const candidates: Record<string, unknown>[] = []
  for (const exchange of crawl.exchanges.values()) {
    if (exchange.accept !== 'forms') continue
    const templates = (exchange.body as Record<string, unknown>)?._templates
    if (!isObject(templates)) continue
    for (const template of Object.values(templates)) {
      if (!isObject(template) || !Array.isArray(template.properties)) continue
      const target =
        typeof template.target === 'string'
          ? new URL(template.target, exchange.url).href
          : exchange.url
      const at = shape(target)
      const method = String(template.method).toUpperCase()
      if ((at === collection.pattern && method === 'PUT') || (at === list && method === 'POST')) {
        candidates.push(template)
      }
    }
  }
  const chosen = candidates.find((t) => String(t.method).toUpperCase() === 'PUT') ?? candidates[0]
  if (!chosen) return collection.shape
  const properties = new Map(
    (chosen.properties as unknown[]).filter(isObject).map((p) => [String(p.name), p] as const),
  )
  const number = (v: unknown) => (typeof v === 'number' ? v : undefined)
  return {
    ...collection.shape,
    members: collection.shape.members.map((m) => {
      const p = properties.get(m.name)
      if (!p) return m
      const options =
        isObject(p.options) && Array.isArray(p.options.inline) ? p.options.inline : undefined
      const hints = {
        ...(typeof p.prompt === 'string' ? { prompt: p.prompt } : {}),
        ...(number(p.min) === undefined ? {} : { min: number(p.min) as number }),
        ...(number(p.max) === undefined ? {} : { max: number(p.max) as number }),
        ...(number(p.minLength) === undefined ? {} : { minLength: number(p.minLength) as number }),
        ...(number(p.maxLength) === undefined ? {} : { maxLength: number(p.maxLength) as number }),
        ...(typeof p.regex === 'string' ? { regex: p.regex } : {}),
        ...(options
          ? { options: options.filter((o) => typeof o === 'string' || typeof o === 'number') }
          : {}),
      }
      return { ...m, hints }
    }),
  }
}

/** Which writes a collection offers: its HAL-FORMS templates, or its ALPS profile's descriptors. */
function inferWrites(
  collection: CollectionModel,
  crawl: Crawl,
  under: (url: string) => string | undefined,
): WritesModel {
  const forms = [...crawl.exchanges.values()].filter((e) => e.accept === 'forms')
  const methods = new Set<string>()
  let offered = false
  const list = collection.pattern.replace(/\/\{\}$/, '')
  const shape = (url: string) => under(listOf(url))?.replace(/\/\d+(?=\/|$)/g, '/{}')
  for (const exchange of forms) {
    const templates = (exchange.body as Record<string, unknown>)?._templates
    if (!isObject(templates)) continue
    const here = shape(exchange.url)
    if (here === collection.pattern || here === list) offered = true
    for (const template of Object.values(templates)) {
      if (!isObject(template) || typeof template.method !== 'string') continue
      // A template acts on its target (another collection's list, say), or on its document.
      const target =
        typeof template.target === 'string'
          ? new URL(template.target, exchange.url).href
          : exchange.url
      const at = shape(target)
      if (at !== collection.pattern && at !== list) continue
      offered = true
      methods.add(template.method.toUpperCase())
    }
  }
  if (offered) return { source: 'hal-forms', methods: [...methods].sort() }
  const segment = collection.pattern.split('/').at(-2)
  const alps = [...crawl.exchanges.values()].find(
    (e) => e.accept === 'alps' && listOf(e.url).endsWith(`/profile/${segment}`),
  )
  const descriptors = alps?.body as { alps?: { descriptor?: unknown }; descriptors?: unknown }
  const list2 = (descriptors?.descriptors ?? descriptors?.alps?.descriptor) as unknown
  if (Array.isArray(list2)) {
    const verbs: Record<string, string> = {
      create: 'POST',
      update: 'PUT',
      patch: 'PATCH',
      delete: 'DELETE',
    }
    for (const d of list2) {
      const id = isObject(d) && typeof d.id === 'string' ? d.id : ''
      const verb = verbs[id.split('-')[0] ?? '']
      if (verb) methods.add(verb)
    }
    return { source: 'alps', methods: [...methods].sort() }
  }
  return { source: 'none', methods: [] }
}

/** The root the core would serve for a model (to know whether the recorded one must be kept). */
function expectedRoot(model: ApiModel): unknown {
  const base = `${RECORDED_ORIGIN}${model.basePath}`
  const links: Record<string, unknown> = { self: { href: base } }
  for (const c of model.collections) {
    if (c.parent) continue
    links[c.rel] = { href: `${base}/${c.name}{?page,size}`, templated: true }
  }
  links['service-desc'] = { href: `${base}/openapi.json` }
  if (model.curies.length > 0) {
    links.curies = model.curies.map((c) => ({
      name: c.name,
      href: /^[a-z][a-z\d+.-]*:/i.test(c.href)
        ? c.href
        : `${base}${c.href.startsWith('/') ? '' : '/'}${c.href}`,
      templated: true,
    }))
  }
  return { _links: links }
}
