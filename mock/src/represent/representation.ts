import type { HalApiDefinition } from '../definition/api.js'
import {
  type HalRecord,
  isRelation,
  type LinkedRecord,
  type PageLink,
  type PlainLink,
  parentLinkRel,
} from '../definition/definition.js'
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
import { listLink, pageLink, pageLinks } from '../model/paging.js'
import type { ApiModel, CollectionModel } from '../model/types.js'
import type { CollectionStore } from '../store/collection-store.js'
import { recordId } from '../store/record-id.js'
import { parentRel } from '../store/relations.js'
import { type HalStore, SEED_TIME } from '../store/store.js'
import { type HalLinkObject, resolve } from './links.js'
import { type Reader, ReadSets } from './read-sets.js'

type HalLinks = Record<string, HalLinkObject | HalLinkObject[] | readonly PageLink[]>

/** A link from a target record back to the records pointing at it, by the reverse rel. */
interface BackLink {
  readonly rel: string
  /** The segment of its list under the target record. */
  readonly path: string
  readonly from: string
  readonly relation: string
}

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
  readonly #curies: readonly { name: string; href: string; asIs?: boolean }[]
  readonly #curiesIn: 'documents' | 'root' | 'everywhere'
  readonly #backLinks: ReadonlyMap<string, readonly BackLink[]>
  readonly #model: ApiModel
  readonly #reads: ReadSets

  constructor(store: () => HalStore, model: ApiModel) {
    const { definition } = model
    this.#store = store
    this.#base = model.basePath
    this.#definition = definition
    this.#curies = definition.curies ?? []
    this.#curiesIn = definition.curiesIn ?? 'documents'
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
    this.#model = model
    this.#reads = new ReadSets(store, model)
  }

  /** The compiled collection of a name. */
  collection(name: string): CollectionModel {
    return this.#model.collection(name)
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
  itemPath(c: CollectionModel, record: HalRecord): string {
    const { parent } = c
    if (!parent) return `/${c.segment}/${record.id}`
    const parentId = (record as Record<string, unknown>)[parent.member] as number
    return `${this.#itemPathOf(this.collection(parent.collection), parentId)}/${c.segment}/${record.id}`
  }

  #itemPathOf(c: CollectionModel, id: number): string {
    const record = this.#store().get(c.name).get(id)
    return record ? this.itemPath(c, record) : `/${c.segment}/${id}`
  }

  /** A list's path under the base: `/orders`, or `/blogs/1/articles` under its parent record. */
  listPath(c: CollectionModel, parent: HalRecord | undefined): string {
    const up = c.parent
    return up && parent
      ? `${this.itemPath(this.collection(up.collection), parent)}/${c.segment}`
      : `/${c.segment}`
  }

  /**
   * The record a request's path variables name, each parent checked: a 404 when any is missing, or
   * when the record lives under another parent.
   */
  resolve(c: CollectionModel, params: Readonly<Record<string, string>>, path = ''): HalRecord {
    const up = c.parent && this.collection(c.parent.collection)
    const parent = up && this.resolve(up, params, path)
    const raw = params[c.param]
    const id = recordId(raw)
    if (id === undefined) {
      throw new Problem(
        404,
        `There is no resource at ${path}: ${c.param} must be a positive integer.`,
      )
    }
    const record = this.#store().get(c.name).get(id)
    const member = c.parent?.member as string
    if (!record || (up && parent && (record as Record<string, unknown>)[member] !== parent.id)) {
      throw new Problem(
        404,
        up && parent
          ? `${capitalized(up.noun)} ${parent.id} has no ${c.noun} with id ${id}.`
          : `There is no ${c.noun} with id ${id}.`,
      )
    }
    return record
  }

  /** The origin the documents' hrefs are written on: none when they are origin-relative. */
  #hrefOrigin(origin: string): string {
    return this.#definition.hrefs === 'origin-relative' ? '' : origin
  }

  /** The root: a link to every top-level collection, the API's own links, the OpenAPI document. */
  root(origin: string): Representation {
    const base = this.base(this.#hrefOrigin(origin))
    return this.#memoized(items, base, [this.#store().seeded.version], 'plain', () => {
      const links: HalLinks = {}
      this.#addCuries(links, base, 'root')
      links.self = { href: base }
      for (const c of this.#model.collections) {
        const { definition } = c
        if (definition.serve === false || c.parent) continue
        links[definition.rel ?? c.name] =
          definition.list === false
            ? { href: `${base}${c.itemPath}`, templated: true }
            : { href: `${base}${c.listPath}${c.paging.template}`, templated: true }
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
    const c = this.collection(collection.name)
    const { stamp, at } = this.#reads.itemState(c, collection, record)
    const base = this.base(this.#hrefOrigin(origin))
    const self = `${base}${this.itemPath(c, record)}`
    // An item that reads records per caller is theirs alone: built for the request, never memoised.
    const memo = this.#reads.perCaller(collection, reader) ? undefined : items
    return this.#memoized(memo, self, stamp, variant, () => ({
      body: this.#itemBody(base, c, collection, record, true, reader, true),
      at,
      templates: () => this.#itemTemplates(self, c),
    }))
  }

  /**
   * Whether a representation of the collection's records depends on who asks: its records, or
   * those its items embed or title their links from, are read per caller (`reader`).
   */
  dependsOnCaller(collection: string, reader: Reader): boolean {
    return (
      reader(collection) !== undefined ||
      this.#reads.perCaller(this.#store().get(collection), reader)
    )
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
      asked = '',
    }: {
      /** The paging parameters the request wrote (`askedQuery`), for a `self: 'asked'` convention. */
      readonly asked?: string
      readonly back?: { readonly relation: string; readonly target: number }
      readonly parent?: HalRecord
      /** Which records the caller may read (`authorize`); the others are left out. */
      readonly reader?: Reader
      readonly variant?: RepresentationVariant
    } = {},
  ): Representation {
    const c = this.collection(collection.name)
    const { paging } = c
    const up = c.parent
    const all = back
      ? collection.referrers(back.relation, back.target)
      : up && parent
        ? collection.referrers(parentRel(up), parent.id)
        : { count: collection.count, slice: (o: number, l: number) => collection.slice(o, l) }
    const readable = reader(collection.name)
    const source = readable ? onlyReadable(all, readable) : all
    const change = back
      ? collection.referrersChange(back.relation, back.target)
      : up && parent
        ? collection.referrersChange(parentRel(up), parent.id)
        : collection.change
    const totalPages = Math.ceil(source.count / size)
    const offset = (index - paging.firstIndex) * size
    if (paging.pastEnd === 'not-found' && offset > 0 && offset >= source.count) {
      throw new Problem(
        404,
        `There is no page ${index}: the last is ${paging.firstIndex + Math.max(totalPages - 1, 0)}.`,
      )
    }
    const read = this.#reads.collections(collection)
    const stamp = [change.version, ...read.map((c) => c.change.version)]
    let at = Math.max(change.at, ...read.map((c) => c.change.at))
    if (up && parent) {
      const own = this.#store().get(up.collection).changeOf(parent.id)
      stamp.push(own.version)
      at = Math.max(at, own.at)
    }
    const from = this.#hrefOrigin(origin)
    const key = `${from}${path}?${paging.page}=${index}&${paging.size}=${size}${paging.selfAsked ? `#${asked}` : ''}`
    // A page filtered for one caller is theirs alone: built for the request, never memoised.
    const memo = this.dependsOnCaller(collection.name, reader) ? undefined : pages
    return this.#memoized(memo, key, stamp, variant, () => {
      const base = this.base(from)
      const href = `${from}${path}`
      const list = source
        .slice(offset, size)
        .map((record) =>
          this.#itemBody(base, c, collection, record, true, reader, !paging.standard),
        )
      const body = paging.render({
        collection: c.name,
        rel: c.definition.rel ?? c.name,
        items: list,
        index,
        size,
        total: source.count,
        totalPages,
        links: paging.selfAsked
          ? {
              ...pageLinks(href, paging, index, size, totalPages),
              self: { href: `${href}${asked}` },
            }
          : pageLinks(href, paging, index, size, totalPages),
        page: (n) => pageLink(href, paging, n, size),
        curies: this.#curiesIn === 'root' ? [] : this.#curieLinks(base),
        ...(parent ? { parent } : {}),
      })
      if (this.#definition.singleCurie === 'object') loneCurie(body._links)
      return {
        body,
        at,
        // A page of back links creates in the collection itself, unless nested (no one URL).
        ...(c.offersForms && !(back && c.parent)
          ? { templates: () => c.forms.collection(back ? `${base}${c.listPath}` : href) }
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
  #itemTemplates(self: string, c: CollectionModel): object {
    const templates: Record<string, unknown> = c.offersForms ? { ...c.forms.item() } : {}
    for (const name of c.children) {
      const child = this.collection(name)
      if (child.offersForms) {
        Object.assign(templates, child.forms.collection(`${self}/${child.segment}`, true))
      }
    }
    return templates
  }

  #itemBody(
    base: string,
    c: CollectionModel,
    collection: CollectionStore,
    record: HalRecord,
    embed: boolean,
    reader: Reader,
    top = false,
  ): Record<string, unknown> {
    const { definition } = collection
    const properties = definition.represent ? definition.represent(record) : { ...record }
    const self = `${base}${this.itemPath(c, record)}`
    // No prototype: a link whose rel is `__proto__` is then a member like any other.
    const links = Object.create(null) as HalLinks
    // CURIEs once, at the top of a document: embedded resources share them (HAL §8.2).
    if (top || this.#curiesIn === 'everywhere') this.#addCuries(links, base)
    links.self = { href: self }
    const up = c.parent
    const upRel = parentLinkRel(definition)
    if (up && upRel !== false) {
      const parentId = (record as Record<string, unknown>)[up.member] as number
      links[upRel] = {
        href: `${base}${this.#itemPathOf(this.collection(up.collection), parentId)}`,
      }
    }
    const relations = new Map(collection.relations.map((r) => [r.rel, r]))
    for (const [rel, link] of Object.entries(definition.links ?? {})) {
      const relation = relations.get(rel)
      if (relation && isRelation(link)) {
        const target = this.collection(relation.to)
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
      links[back.rel] = listLink(`${self}/${back.path}`, this.collection(back.from).paging)
    }
    for (const name of c.children) {
      const child = this.collection(name)
      links[child.rel] = listLink(`${self}/${child.segment}`, child.paging)
    }
    const body: Record<string, unknown> = { ...properties, _links: links }
    if (embed && definition.embed && definition.embed.length > 0) {
      const embedded: Record<string, object | object[]> = {}
      for (const rel of definition.embed) {
        const relation = relations.get(rel)
        const target = relation && this.#store().collections.get(relation.to)
        if (!relation || !target) continue
        const targetModel = this.collection(target.name)
        // Only the copies the caller may read of the target collection (its `authorize`).
        const readable = reader(target.name)
        const found: object[] = []
        for (const id of relation.ids(record)) {
          const linked = target.get(id)
          if (linked && (!readable || readable(linked))) {
            found.push(this.#itemBody(base, targetModel, target, linked, false, reader))
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

  /** The API's CURIEs into `links`, where `curiesIn` puts them (`at` the root, or any document). */
  #addCuries(links: HalLinks, base: string, at: 'root' | 'document' = 'document'): void {
    if (this.#curies.length === 0) return
    if (this.#curiesIn === 'root' && at !== 'root') return
    const list = this.#curieLinks(base)
    links.curies =
      this.#definition.singleCurie === 'object' && list.length === 1 ? (list[0] as PageLink) : list
  }

  /** The API's CURIE links, their hrefs resolved against `base` (unless written as they are). */
  #curieLinks(base: string): PageLink[] {
    return this.#curies.map(({ name, href, asIs }) => ({
      name,
      href: asIs ? href : resolve(base, href),
      templated: true,
    }))
  }
}

/** A page's lone CURIE in an array of one, made the link object itself (`singleCurie: 'object'`). */
function loneCurie(links: unknown): void {
  if (typeof links !== 'object' || links === null) return
  const map = links as Record<string, unknown>
  if (Array.isArray(map.curies) && map.curies.length === 1) map.curies = map.curies[0]
}

/** The records of `all` that `readable` keeps, as a page reads them (counted, then sliced). */
function onlyReadable(
  all: { readonly count: number; slice(offset: number, length: number): readonly HalRecord[] },
  readable: (record: HalRecord) => boolean,
): { readonly count: number; slice(offset: number, length: number): readonly HalRecord[] } {
  const kept = all.slice(0, all.count).filter(readable)
  return { count: kept.length, slice: (offset, length) => kept.slice(offset, offset + length) }
}
