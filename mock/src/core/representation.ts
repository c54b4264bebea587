import { HAL_FORMS_JSON } from '../hal/forms.js'
import {
  recentItems as items,
  recentPages as pages,
  type Representation,
  type RepresentationMemo,
  type RepresentationVariant,
  represent,
} from '../http/respond.js'
import { type HalRecord, isRelation, type PlainLink } from './definition.js'
import { CollectionForms } from './forms.js'
import { type Change, type CollectionStore, type HalStore, SEED_TIME } from './store.js'
import { recordNoun } from './words.js'

/** A HAL link object as the core writes it. */
export interface HalLinkObject {
  href: string
  templated?: true
  title?: string
  name?: string
}

type HalLinks = Record<string, HalLinkObject | HalLinkObject[]>

/** The paging query of a collection URL (Spring Data REST's names, `page` counted from 0). */
export const PAGE_QUERY = '{?page,size}'

/** A link from a target record back to the records pointing at it, by the reverse rel. */
interface BackLink {
  readonly rel: string
  readonly from: string
  readonly relation: string
}

/**
 * Builds the representations of one API: the root, items and pages in standard HAL, or with their
 * HAL-FORMS `_templates` too (the `forms` variant), and keeps the recent ones in the process's
 * memos keyed by URL and the store's version stamps (the record's, its embedded records', the
 * collection's), so a read of something unchanged skips serializing and hashing.
 */
export class Representations {
  readonly #store: () => HalStore
  readonly #base: string
  readonly #curies: readonly { name: string; href: string }[]
  readonly #backLinks: ReadonlyMap<string, readonly BackLink[]>
  readonly #forms: ReadonlyMap<string, CollectionForms>

  constructor(
    store: () => HalStore,
    basePath: string,
    curies: readonly { name: string; href: string }[],
  ) {
    this.#store = store
    this.#base = basePath
    this.#curies = curies
    const back = new Map<string, BackLink[]>()
    for (const collection of store().collections.values()) {
      for (const relation of collection.relations) {
        if (!relation.reverse) continue
        const list = back.get(relation.to) ?? []
        list.push({ rel: relation.reverse, from: collection.name, relation: relation.rel })
        back.set(relation.to, list)
      }
    }
    this.#backLinks = back
    // Read once: a schema does not change while the API runs.
    this.#forms = new Map(
      [...store().collections.values()].map((c) => [
        c.name,
        new CollectionForms(c.name, c.definition.schema, recordNoun(c.name, c.definition)),
      ]),
    )
  }

  /** What a collection's schema offers HAL-FORMS clients and JSON Patch. */
  forms(collection: string): CollectionForms {
    const forms = this.#forms.get(collection)
    if (!forms) throw new Error(`no collection ${collection}`)
    return forms
  }

  /** The links back to a collection's records, by target collection. */
  backLinks(collection: string): readonly BackLink[] {
    return this.#backLinks.get(collection) ?? []
  }

  /** The API's base URL on an origin, e.g. `http://localhost/api`. */
  base(origin: string): string {
    return `${origin}${this.#base}`
  }

  /** The root: a templated link to every collection, and the OpenAPI document. */
  root(origin: string): Representation {
    const base = this.base(origin)
    return this.#memoized(items, base, [this.#store().seeded.version], 'plain', () => {
      const links: HalLinks = { self: { href: base } }
      for (const collection of this.#store().collections.values()) {
        if (collection.definition.serve === false) continue
        links[collection.definition.rel ?? collection.name] = {
          href: `${base}/${collection.name}${PAGE_QUERY}`,
          templated: true,
        }
      }
      links['service-desc'] = { href: `${base}/openapi.json` }
      this.#addCuries(links, base)
      return { body: { _links: links }, at: SEED_TIME }
    })
  }

  /**
   * An item: its properties, links (relations, plain, back links, curies) and embedded records;
   * in the `forms` variant, its templates too.
   */
  item(
    origin: string,
    collection: CollectionStore,
    record: HalRecord,
    variant: RepresentationVariant = 'plain',
  ): Representation {
    const stamp = this.#itemStamp(collection, record)
    const key = `${this.base(origin)}/${collection.name}/${record.id}`
    return this.#memoized(items, key, stamp, variant, () => ({
      body: this.#itemBody(this.base(origin), collection, record, true, true),
      at: this.#itemChange(collection, record),
      templates: () => this.forms(collection.name).item(),
    }))
  }

  /**
   * A page of a collection, or of the records pointing at one target (`back`), in standard HAL:
   * `_links` self / first / prev / next / last, `_embedded` keyed by the collection's rel, and
   * Spring Data REST's `page` (`size`, `totalElements`, `totalPages`, `number`); in the `forms`
   * variant, the template that creates a record in the collection.
   */
  page(
    origin: string,
    collection: CollectionStore,
    path: string,
    number: number,
    size: number,
    {
      back,
      variant = 'plain',
    }: {
      readonly back?: { readonly relation: string; readonly target: number }
      readonly variant?: RepresentationVariant
    } = {},
  ): Representation {
    const source = back
      ? collection.referrers(back.relation, back.target)
      : { count: collection.count, slice: (o: number, l: number) => collection.slice(o, l) }
    const change = back ? collection.referrersChange(back.relation, back.target) : collection.change
    const embedded = this.#embeddedCollections(collection)
    const stamp = [change.version, ...embedded.map((c) => c.change.version)]
    const key = `${origin}${path}?page=${number}&size=${size}`
    return this.#memoized(pages, key, stamp, variant, () => {
      const base = this.base(origin)
      const href = `${origin}${path}`
      const totalPages = Math.ceil(source.count / size)
      const at = (n: number) => ({ href: `${href}?page=${n}&size=${size}` })
      const links: HalLinks = { self: at(number), first: at(0) }
      if (number > 0) links.prev = at(Math.min(number - 1, Math.max(totalPages - 1, 0)))
      if (number + 1 < totalPages) links.next = at(number + 1)
      links.last = at(Math.max(totalPages - 1, 0))
      this.#addCuries(links, base)
      const items = source
        .slice(number * size, size)
        .map((record) => this.#itemBody(base, collection, record, true))
      const times = [change.at, ...embedded.map((c) => c.change.at)]
      return {
        body: {
          _links: links,
          _embedded: { [collection.definition.rel ?? collection.name]: items },
          page: { size, totalElements: source.count, totalPages, number },
        },
        at: Math.max(...times),
        templates: () => this.forms(collection.name).collection(`${base}/${collection.name}`),
      }
    })
  }

  /** A representation kept per variant: a HAL-FORMS client never gets the plain one, nor back. */
  #memoized(
    memo: RepresentationMemo,
    key: string,
    stamp: readonly number[],
    variant: RepresentationVariant,
    build: () => { body: object; at: number; templates?: () => object },
  ): Representation {
    return memo.get(
      key,
      stamp,
      () => {
        const { body, at, templates } = build()
        return variant === 'forms' && templates
          ? represent({ ...body, _templates: templates() }, at, HAL_FORMS_JSON)
          : represent(body, at)
      },
      variant,
    )
  }

  #itemBody(
    base: string,
    collection: CollectionStore,
    record: HalRecord,
    embed: boolean,
    top = false,
  ): object {
    const { definition } = collection
    const properties = definition.represent ? definition.represent(record) : { ...record }
    const self = `${base}/${collection.name}/${record.id}`
    const links: HalLinks = { self: { href: self } }
    const relations = new Map(collection.relations.map((r) => [r.rel, r]))
    for (const [rel, link] of Object.entries(definition.links ?? {})) {
      const relation = relations.get(rel)
      if (relation && isRelation(link)) {
        const hrefs = relation.ids(record).map((id) => {
          const object: HalLinkObject = { href: `${base}/${relation.to}/${id}` }
          if (relation.title !== undefined) object.title = relation.title
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
      links[back.rel] = { href: `${self}/${back.rel}${PAGE_QUERY}`, templated: true }
    }
    // CURIEs once, at the top of a document: embedded resources share them (HAL §8.2).
    if (top) this.#addCuries(links, base)
    const body: Record<string, unknown> = { ...properties, _links: links }
    if (embed && definition.embed && definition.embed.length > 0) {
      const embedded: Record<string, object | object[]> = {}
      for (const rel of definition.embed) {
        const relation = relations.get(rel)
        const target = relation && this.#store().collections.get(relation.to)
        if (!relation || !target) continue
        const items: object[] = []
        for (const id of relation.ids(record)) {
          const linked = target.get(id)
          if (linked) items.push(this.#itemBody(base, target, linked, false))
        }
        if (relation.one(record)) {
          if (items[0]) embedded[rel] = items[0]
        } else embedded[rel] = items
      }
      body._embedded = embedded
    }
    return body
  }

  #plainLink(base: string, link: PlainLink<HalRecord>, record: HalRecord): HalLinkObject {
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

  /** The versions an item's representation depends on: the record's and its embedded records'. */
  #itemStamp(collection: CollectionStore, record: HalRecord): number[] {
    const stamp = [collection.changeOf(record.id).version]
    for (const [target, id] of this.#embeddedTargets(collection, record)) {
      stamp.push(target.changeOf(id).version)
    }
    return stamp
  }

  #itemChange(collection: CollectionStore, record: HalRecord): number {
    let at = collection.changeOf(record.id).at
    for (const [target, id] of this.#embeddedTargets(collection, record)) {
      at = Math.max(at, target.changeOf(id).at)
    }
    return at
  }

  #embeddedTargets(collection: CollectionStore, record: HalRecord): [CollectionStore, number][] {
    const out: [CollectionStore, number][] = []
    for (const rel of collection.definition.embed ?? []) {
      const relation = collection.relations.find((r) => r.rel === rel)
      const target = relation && this.#store().collections.get(relation.to)
      if (relation && target) for (const id of relation.ids(record)) out.push([target, id])
    }
    return out
  }

  /** The collections whose records a page of `collection` embeds (their changes change it). */
  #embeddedCollections(collection: CollectionStore): { readonly change: Change }[] {
    const out: CollectionStore[] = []
    for (const rel of collection.definition.embed ?? []) {
      const relation = collection.relations.find((r) => r.rel === rel)
      const target = relation && this.#store().collections.get(relation.to)
      if (target && !out.includes(target)) out.push(target)
    }
    return out
  }
}

/**
 * An href relative to the API's base, or absolute.
 *
 * @example
 * resolve('http://localhost/api', '/docs/{rel}') // 'http://localhost/api/docs/{rel}'
 */
export function resolve(base: string, href: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(href)) return href
  return `${base}${href.startsWith('/') ? '' : '/'}${href}`
}
