import {
  type CollectionDefinition,
  type HalApiDefinition,
  type HalRecord,
  isRelation,
  type LinkedRecord,
  type PageLink,
  type PlainLink,
  parentLinkRel,
} from '../definition/definition.js'
import { CollectionForms } from '../forms/templates.js'
import { HAL_FORMS_JSON } from '../http/media-types.js'
import { Problem } from '../http/problem.js'
import {
  recentItems as items,
  recentPages as pages,
  type Representation,
  type RepresentationMemo,
  type RepresentationVariant,
  represent,
} from '../http/respond.js'
import type { ApiModel, CollectionModel } from '../model/compile.js'
import { type Paging, pageLink, pageLinks } from '../model/paging.js'
import { recordId } from '../store/record-id.js'
import {
  type Change,
  type CollectionStore,
  type HalStore,
  parentRel,
  type Relation,
  SEED_TIME,
} from '../store/store.js'

/** A HAL link object as the core writes it. */
export interface HalLinkObject {
  href: string
  templated?: true
  title?: string
  name?: string
}

type HalLinks = Record<string, HalLinkObject | HalLinkObject[] | readonly PageLink[]>

/** A link from a target record back to the records pointing at it, by the reverse rel. */
interface BackLink {
  readonly rel: string
  /** The segment of its list under the target record. */
  readonly path: string
  readonly from: string
  readonly relation: string
}

/**
 * A collection's compiled model as the representations walk it: linked to its parent's and its
 * nested collections' addresses, with its forms (templates, urlencoded bodies, patchable members).
 */
export interface Address {
  readonly model: CollectionModel
  readonly name: string
  readonly definition: CollectionDefinition
  /** The URL segment of the list. */
  readonly segment: string
  /** The path variable of an item. */
  readonly param: string
  /** The parent, for a nested collection: its address, the member and the index key. */
  readonly parent:
    | { readonly address: Address; readonly member: string; readonly key: string }
    | undefined
  /** The rel of the link from a parent item to this nested list. */
  readonly rel: string
  /** Route paths under the base, e.g. `/blogs/{blogId}/articles` and `…/{articleId}`. */
  readonly listPattern: string
  readonly itemPattern: string
  /** The collections nested under this one's items. */
  readonly children: Address[]
  readonly paging: Paging
  readonly forms: CollectionForms
  readonly writable: boolean
  /** What a record is called in problem details. */
  readonly label: string
}

/**
 * Which records of a collection the caller may read (its `authorize`), or `undefined` when every
 * caller reads them all; pages list, and items embed, only those.
 */
export type Reader = (collection: string) => ((record: HalRecord) => boolean) | undefined

/** The reader of an API without per-record reads, or of a caller who reads everything. */
const EVERYONE: Reader = () => undefined

/** A computed link attribute as JSON writes it: a string, or none. */
const textOf = (value: unknown): string | undefined =>
  value === undefined || value === null ? undefined : String(value)

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * Builds the representations of one API: the root, items and pages in standard HAL (or in the
 * API's page convention), or with their HAL-FORMS `_templates` too (the `forms` variant), and
 * keeps the recent ones in the process's memos keyed by URL and the store's version stamps (the
 * record's, its embedded and linked records', its nested lists', the collection's), so a read of
 * something unchanged skips serializing and hashing.
 */
export class Representations {
  readonly #store: () => HalStore
  readonly #base: string
  readonly #definition: HalApiDefinition
  readonly #curies: readonly { name: string; href: string }[]
  readonly #backLinks: ReadonlyMap<string, readonly BackLink[]>
  readonly #addresses: ReadonlyMap<string, Address>
  readonly #reads = new Map<string, readonly Relation[]>()

  constructor(store: () => HalStore, model: ApiModel) {
    const { definition } = model
    this.#store = store
    this.#base = model.basePath
    this.#definition = definition
    this.#curies = definition.curies ?? []
    const back = new Map<string, BackLink[]>()
    for (const collection of store().collections.values()) {
      for (const relation of collection.relations) {
        if (!relation.reverse) continue
        const list = back.get(relation.to) ?? []
        list.push({
          rel: relation.reverse,
          path: relation.reversePath ?? relation.reverse,
          from: collection.name,
          relation: relation.rel,
        })
        back.set(relation.to, list)
      }
    }
    this.#backLinks = back
    this.#addresses = addressesOf(model)
  }

  /** Every collection's address, parents before their nested collections. */
  get addresses(): Iterable<Address> {
    return this.#addresses.values()
  }

  address(name: string): Address {
    const address = this.#addresses.get(name)
    if (!address) throw new Error(`no collection ${name}`)
    return address
  }

  /** What a collection's schema offers HAL-FORMS clients and JSON Patch. */
  forms(collection: string): CollectionForms {
    return this.address(collection).forms
  }

  /** The links back to a collection's records, by target collection. */
  backLinks(collection: string): readonly BackLink[] {
    return this.#backLinks.get(collection) ?? []
  }

  /** The API's base URL on an origin, e.g. `http://localhost/api`. */
  base(origin: string): string {
    return `${origin}${this.#base}`
  }

  /** A record's path under the base: `/orders/7`, `/blogs/1/articles/7` (its parents looked up). */
  itemPath(address: Address, record: HalRecord): string {
    const { parent } = address
    if (!parent) return `/${address.segment}/${record.id}`
    const parentId = (record as Record<string, unknown>)[parent.member] as number
    return `${this.#itemPathOf(parent.address, parentId)}/${address.segment}/${record.id}`
  }

  #itemPathOf(address: Address, id: number): string {
    const record = this.#store().get(address.name).get(id)
    return record ? this.itemPath(address, record) : `/${address.segment}/${id}`
  }

  /** A list's path under the base: `/orders`, or `/blogs/1/articles` under its parent record. */
  listPath(address: Address, parent: HalRecord | undefined): string {
    const up = address.parent
    return up && parent
      ? `${this.itemPath(up.address, parent)}/${address.segment}`
      : `/${address.segment}`
  }

  /**
   * The record a request's path variables name, each parent checked: a 404 when any is missing, or
   * when the record lives under another parent.
   */
  resolve(address: Address, params: Readonly<Record<string, string>>, path = ''): HalRecord {
    const up = address.parent
    const parent = up && this.resolve(up.address, params, path)
    const raw = params[address.param]
    const id = recordId(raw)
    if (id === undefined) {
      throw new Problem(
        404,
        `There is no resource at ${path}: ${address.param} must be a positive integer.`,
      )
    }
    const record = this.#store().get(address.name).get(id)
    if (!record || (up && parent && (record as Record<string, unknown>)[up.member] !== parent.id)) {
      throw new Problem(
        404,
        up && parent
          ? `${capitalized(up.address.label)} ${parent.id} has no ${address.label} with id ${id}.`
          : `There is no ${address.label} with id ${id}.`,
      )
    }
    return record
  }

  /** The root: a link to every top-level collection, the API's own links, the OpenAPI document. */
  root(origin: string): Representation {
    const base = this.base(origin)
    return this.#memoized(items, base, [this.#store().seeded.version], 'plain', () => {
      const links: HalLinks = {}
      this.#addCuries(links, base)
      links.self = { href: base }
      for (const address of this.#addresses.values()) {
        const { definition } = address
        if (definition.serve === false || address.parent) continue
        links[definition.rel ?? address.name] =
          definition.list === false
            ? { href: `${base}${address.itemPattern}`, templated: true }
            : { href: `${base}${address.listPattern}${address.paging.template}`, templated: true }
      }
      const { root } = this.#definition
      for (const [rel, link] of Object.entries(root?.links ?? {})) {
        links[rel] = this.#plainLink(base, { ...link, href: () => link.href }, undefined)
      }
      if (root?.serviceDesc !== false) links['service-desc'] = { href: `${base}/openapi.json` }
      return { body: { _links: links }, at: SEED_TIME }
    })
  }

  /**
   * An item: its properties, links (relations, plain, back links, nested lists, curies) and
   * embedded records (those `reader` lets the caller read); in the `forms` variant, its templates too.
   */
  item(
    origin: string,
    collection: CollectionStore,
    record: HalRecord,
    variant: RepresentationVariant = 'plain',
    reader: Reader = EVERYONE,
  ): Representation {
    const address = this.address(collection.name)
    const { stamp, at } = this.#itemState(address, collection, record)
    const base = this.base(origin)
    const self = `${base}${this.itemPath(address, record)}`
    // An item that reads records per caller is theirs alone: built for the request, never memoised.
    const memo = this.#readsPerCaller(collection, reader) ? undefined : items
    return this.#memoized(memo, self, stamp, variant, () => ({
      body: this.#itemBody(base, address, collection, record, true, reader, true),
      at,
      templates: () => this.#itemTemplates(self, address),
    }))
  }

  /**
   * Whether a representation of the collection's records depends on who asks: its records, or
   * those its items embed or title their links from, are read per caller (`reader`).
   */
  dependsOnCaller(collection: string, reader: Reader): boolean {
    return (
      reader(collection) !== undefined ||
      this.#readsPerCaller(this.#store().get(collection), reader)
    )
  }

  /** Whether an item of the collection reads other records per caller (embeds, computed titles). */
  #readsPerCaller(collection: CollectionStore, reader: Reader): boolean {
    return this.#readRelations(collection).some((r) => reader(r.to) !== undefined)
  }

  /**
   * A page of a collection (of one parent's records for a nested one, or of the records pointing
   * at one target: `back`), in the collection's page convention, listing and embedding only what
   * `reader` lets the caller read; in the `forms` variant, the template that creates a record in
   * the list.
   */
  page(
    origin: string,
    collection: CollectionStore,
    path: string,
    index: number,
    size: number,
    {
      back,
      parent,
      reader = EVERYONE,
      variant = 'plain',
    }: {
      readonly back?: { readonly relation: string; readonly target: number }
      readonly parent?: HalRecord
      /** Which records the caller may read (`authorize`); the others are left out. */
      readonly reader?: Reader
      readonly variant?: RepresentationVariant
    } = {},
  ): Representation {
    const address = this.address(collection.name)
    const { paging } = address
    const up = address.parent
    const all = back
      ? collection.referrers(back.relation, back.target)
      : up && parent
        ? collection.referrers(up.key, parent.id)
        : { count: collection.count, slice: (o: number, l: number) => collection.slice(o, l) }
    const readable = reader(collection.name)
    const source = readable ? onlyReadable(all, readable) : all
    const change = back
      ? collection.referrersChange(back.relation, back.target)
      : up && parent
        ? collection.referrersChange(up.key, parent.id)
        : collection.change
    const totalPages = Math.ceil(source.count / size)
    const offset = (index - paging.firstIndex) * size
    if (paging.pastEnd === 'not-found' && offset > 0 && offset >= source.count) {
      throw new Problem(
        404,
        `There is no page ${index}: the last is ${paging.firstIndex + Math.max(totalPages - 1, 0)}.`,
      )
    }
    const read = this.#readCollections(collection)
    const stamp = [change.version, ...read.map((c) => c.change.version)]
    let at = Math.max(change.at, ...read.map((c) => c.change.at))
    if (up && parent) {
      const own = this.#store().get(up.address.name).changeOf(parent.id)
      stamp.push(own.version)
      at = Math.max(at, own.at)
    }
    const key = `${origin}${path}?${paging.page}=${index}&${paging.size}=${size}`
    // A page filtered for one caller is theirs alone: built for the request, never memoised.
    const memo = this.dependsOnCaller(collection.name, reader) ? undefined : pages
    return this.#memoized(memo, key, stamp, variant, () => {
      const base = this.base(origin)
      const href = `${origin}${path}`
      const curies: HalLinks = {}
      this.#addCuries(curies, base)
      const list = source
        .slice(offset, size)
        .map((record) =>
          this.#itemBody(base, address, collection, record, true, reader, !paging.standard),
        )
      const body = paging.render({
        collection: address.name,
        rel: address.definition.rel ?? address.name,
        items: list,
        index,
        size,
        total: source.count,
        totalPages,
        links: pageLinks(href, paging, index, size, totalPages),
        page: (n) => pageLink(href, paging, n, size),
        curies: (curies.curies as readonly PageLink[] | undefined) ?? [],
        ...(parent ? { parent } : {}),
      })
      return {
        body,
        at,
        // A page of back links creates in the collection itself, unless nested (no one URL).
        ...(address.model.offersForms && !(back && address.parent)
          ? {
              templates: () =>
                address.forms.collection(back ? `${base}${address.listPattern}` : href),
            }
          : {}),
      }
    })
  }

  /** A representation kept per variant: a HAL-FORMS client never gets the plain one, nor back. */
  #memoized(
    memo: RepresentationMemo | undefined,
    key: string,
    stamp: readonly number[],
    variant: RepresentationVariant,
    build: () => { body: object; at: number; templates?: () => object },
  ): Representation {
    const written = () => {
      const { body, at, templates } = build()
      return variant === 'forms' && templates
        ? represent({ ...body, _templates: templates() }, at, HAL_FORMS_JSON)
        : represent(body, at)
    }
    return memo ? memo.get(key, stamp, written, variant) : written()
  }

  /** An item's templates: replace, patch, delete it (unless read-only), create in its nested lists. */
  #itemTemplates(self: string, address: Address): object {
    const templates: Record<string, unknown> = address.model.offersForms
      ? { ...address.forms.item() }
      : {}
    for (const child of address.children) {
      if (child.model.offersForms) {
        Object.assign(templates, child.forms.collection(`${self}/${child.segment}`, true))
      }
    }
    return templates
  }

  #itemBody(
    base: string,
    address: Address,
    collection: CollectionStore,
    record: HalRecord,
    embed: boolean,
    reader: Reader,
    top = false,
  ): Record<string, unknown> {
    const { definition } = collection
    const properties = definition.represent ? definition.represent(record) : { ...record }
    const self = `${base}${this.itemPath(address, record)}`
    // No prototype: a link whose rel is `__proto__` is then a member like any other.
    const links = Object.create(null) as HalLinks
    // CURIEs once, at the top of a document: embedded resources share them (HAL §8.2).
    if (top) this.#addCuries(links, base)
    links.self = { href: self }
    const up = address.parent
    const upRel = parentLinkRel(definition)
    if (up && upRel !== false) {
      const parentId = (record as Record<string, unknown>)[up.member] as number
      links[upRel] = { href: `${base}${this.#itemPathOf(up.address, parentId)}` }
    }
    const relations = new Map(collection.relations.map((r) => [r.rel, r]))
    for (const [rel, link] of Object.entries(definition.links ?? {})) {
      const relation = relations.get(rel)
      if (relation && isRelation(link)) {
        const target = this.address(relation.to)
        const records = this.#store().get(relation.to)
        const readable = reader(relation.to)
        const hrefs = relation.ids(record).map((id) => {
          const linked = records.get(id)
          const object: HalLinkObject = {
            href: `${base}${linked ? this.itemPath(target, linked) : `/${target.segment}/${id}`}`,
          }
          // A title read from a record the caller may not read would show a part of it.
          const title =
            typeof relation.title === 'function'
              ? linked && (!readable || readable(linked))
                ? textOf(relation.title(linked as LinkedRecord))
                : undefined
              : relation.title
          if (title !== undefined) object.title = title
          return object
        })
        if (relation.one(record)) {
          if (hrefs[0]) links[rel] = hrefs[0]
        } else links[rel] = hrefs
      } else {
        links[rel] = this.#plainLink(base, link as PlainLink<HalRecord>, record)
      }
    }
    for (const back of this.backLinks(collection.name)) {
      links[back.rel] = {
        href: `${self}/${back.path}${this.address(back.from).paging.template}`,
        templated: true,
      }
    }
    for (const child of address.children) {
      links[child.rel] = {
        href: `${self}/${child.segment}${child.paging.template}`,
        templated: true,
      }
    }
    const body: Record<string, unknown> = { ...properties, _links: links }
    if (embed && definition.embed && definition.embed.length > 0) {
      const embedded: Record<string, object | object[]> = {}
      for (const rel of definition.embed) {
        const relation = relations.get(rel)
        const target = relation && this.#store().collections.get(relation.to)
        if (!relation || !target) continue
        const targetAddress = this.address(target.name)
        // Only the copies the caller may read of the target collection (its `authorize`).
        const readable = reader(target.name)
        const found: object[] = []
        for (const id of relation.ids(record)) {
          const linked = target.get(id)
          if (linked && (!readable || readable(linked))) {
            found.push(this.#itemBody(base, targetAddress, target, linked, false, reader))
          }
        }
        if (relation.one(record)) {
          if (found[0]) embedded[rel] = found[0]
        } else embedded[rel] = found
      }
      body._embedded = embedded
    }
    return body
  }

  #plainLink<R>(base: string, link: PlainLink<R>, record: R): HalLinkObject {
    const object: HalLinkObject = { href: resolve(base, link.href(record)) }
    if (link.templated) object.templated = true
    if (link.title !== undefined) object.title = link.title
    return object
  }

  #addCuries(links: HalLinks, base: string): void {
    if (this.#curies.length === 0) return
    links.curies = this.#curies.map(({ name, href }) => ({
      name,
      href: resolve(base, href),
      templated: true,
    }))
  }

  /**
   * The versions an item's representation depends on, and its time: the record's, its embedded
   * records' and the records its computed link attributes read; its nested lists' (a change in
   * them is a change of the parent, as its Last-Modified says).
   */
  #itemState(
    address: Address,
    collection: CollectionStore,
    record: HalRecord,
  ): { stamp: number[]; at: number } {
    const own = collection.changeOf(record.id)
    const stamp = [own.version]
    let at = own.at
    for (const [target, id] of this.#readTargets(collection, record)) {
      const change = target.changeOf(id)
      stamp.push(change.version)
      at = Math.max(at, change.at)
    }
    for (const child of address.children) {
      const store = this.#store().get(child.name)
      const key = child.parent?.key as string
      const change = store.lastReferrerChange(key, record.id)
      stamp.push(change?.version ?? 0)
      if (change) at = Math.max(at, change.at)
    }
    return { stamp, at }
  }

  /** The records an item reads beside its own: those it embeds, those its link titles read. */
  #readTargets(collection: CollectionStore, record: HalRecord): [CollectionStore, number][] {
    const out: [CollectionStore, number][] = []
    for (const relation of this.#readRelations(collection)) {
      const target = this.#store().collections.get(relation.to)
      if (target) for (const id of relation.ids(record)) out.push([target, id])
    }
    return out
  }

  /** The relations whose targets an item reads (embeds, computed titles), once per collection. */
  #readRelations(collection: CollectionStore): readonly Relation[] {
    let relations = this.#reads.get(collection.name)
    if (!relations) {
      const embeds = collection.definition.embed ?? []
      relations = collection.relations.filter(
        (r) => embeds.includes(r.rel) || typeof r.title === 'function',
      )
      this.#reads.set(collection.name, relations)
    }
    return relations
  }

  /** The collections whose records a page of `collection` reads (their changes change it). */
  #readCollections(collection: CollectionStore): { readonly change: Change }[] {
    const out: CollectionStore[] = []
    for (const relation of this.#readRelations(collection)) {
      const target = this.#store().collections.get(relation.to)
      if (target && !out.includes(target)) out.push(target)
    }
    return out
  }
}

/** Each collection's address, from its model, linked to its parent's. */
function addressesOf(model: ApiModel): Map<string, Address> {
  const out = new Map<string, Address>()
  const visit = (c: CollectionModel): Address => {
    const known = out.get(c.name)
    if (known) return known
    const up = c.definition.parent
    const parent = up && visit(model.collection(up.collection))
    const address: Address = {
      model: c,
      name: c.name,
      definition: c.definition,
      segment: c.segment,
      param: c.param,
      parent: parent && up ? { address: parent, member: up.member, key: parentRel(up) } : undefined,
      rel: c.rel,
      listPattern: c.listPath,
      itemPattern: c.itemPath,
      children: [],
      paging: c.paging,
      forms: new CollectionForms(c),
      writable: c.writable,
      label: c.noun,
    }
    parent?.children.push(address)
    out.set(c.name, address)
    return address
  }
  for (const c of model.collections) visit(c)
  return out
}

/**
 * An href relative to the API's base (`../` climbing out of its path), or absolute.
 *
 * @example
 * resolve('http://localhost/api', '/docs/{rel}') // 'http://localhost/api/docs/{rel}'
 * resolve('http://localhost/api', '../rels/{rel}') // 'http://localhost/rels/{rel}'
 */
export function resolve(base: string, href: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(href)) return href
  // `../` leaves the base path (a CURIE to documentation beside the API), never the origin.
  if (href.startsWith('../')) {
    const origin = /^[a-z][a-z\d+.-]*:\/\/[^/]*/i.exec(base)?.[0] ?? ''
    let path = base.slice(origin.length)
    let rest = href
    while (rest.startsWith('../')) {
      path = path.replace(/\/[^/]*$/, '')
      rest = rest.slice(3)
    }
    return `${origin}${path}/${rest}`
  }
  return `${base}${href.startsWith('/') ? '' : '/'}${href}`
}

/** The records of `all` that `readable` keeps, as a page reads them (counted, then sliced). */
function onlyReadable(
  all: { readonly count: number; slice(offset: number, length: number): readonly HalRecord[] },
  readable: (record: HalRecord) => boolean,
): { readonly count: number; slice(offset: number, length: number): readonly HalRecord[] } {
  const kept = all.slice(0, all.count).filter(readable)
  return { count: kept.length, slice: (offset, length) => kept.slice(offset, offset + length) }
}
