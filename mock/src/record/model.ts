import type { TemplateNames } from '../definition/definition.js'
import { beforeTemplate } from './crawl.js'
import type { Shape } from './infer/schema.js'

// The model of a recorded API: what the inference finds and the emitter writes.

/** The origin every recorded href is written with: a replay puts its own in its place. */
export const RECORDED_ORIGIN = 'http://recorded.invalid'

export const PAGE_RELS = ['self', 'first', 'prev', 'next', 'last'] as const
export type PageRel = (typeof PAGE_RELS)[number]

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
      /** The back list's path segment, when not the reverse rel. */
      readonly reversePath?: string
      /** A title: the linked record's member, or the same text on every link. */
      readonly title?: { readonly member: string } | { readonly text: string }
    }
  /**
   * A relation no member holds (the API shows it by the link alone): the linked id of each record
   * as recorded, by the record's id.
   */
  | {
      readonly rel: string
      readonly kind: 'recorded'
      readonly to: string
      readonly ids: Readonly<Record<string, number>>
    }
  | {
      readonly rel: string
      readonly kind: 'plain'
      /** Relative to the base, `{id}` where the record's id goes. */
      readonly href: string
      readonly templated: boolean
      /** Why the mock serves nothing at its targets, when the API answered them no document. */
      readonly unserved?: string
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
  /** The records on this page (`count` beside a `total`). */
  | { readonly name: string; readonly role: 'count' }
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
  /** `suffix`: the template the API appends to the page's URL (`{&sort}`), written templated. */
  | {
      readonly rel: string
      readonly page: PageRel
      readonly suffix?: string
      /** The template follows the list's URL without the page's query. */
      readonly bare?: true
    }
  /** The API's CURIEs, at the place the page writes them. */
  | { readonly rel: string; readonly curies: true }
  | { readonly rel: string; readonly href: string; readonly templated?: boolean }

/** A list a bound cut: the bound, and the total the API's pages stated. */
export interface PartialModel {
  readonly reason: string
  readonly total?: number
}

/** What a cut list's note says, in the module and in the summary. */
export const partialNote = (recorded: number, partial: PartialModel): string =>
  `${recorded} records recorded${partial.total === undefined ? '' : ` of the ${partial.total} the API stated`}, cut ${partial.reason}; the replay's totals count the records recorded`

/** What a collection lets clients write, and what said so. */
export interface WritesModel {
  readonly source: 'hal-forms' | 'alps' | 'allow' | 'traffic' | 'none'
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
  /** `false` when the API links its lists plainly (`/projects/1/tasks`, no `{?page,size}`). */
  readonly listTemplated?: false
  /** A page's `self` is the URL it was asked at (halacious's): `self: 'asked'`. */
  readonly selfAsked?: true
  /** Its pages link their records as `_links.item` and embed none: `pageItems: 'linked'`. */
  readonly pageItems?: 'linked'
  readonly pageSize?: number
  /**
   * `false` when the API serves no list of it: the root links its items by a template
   * (`/shelves/{id}`) and no page of it was read.
   */
  readonly list?: false
  /**
   * Its records are numbered per parent (`/orders/1/lines/1`, `/orders/2/lines/1`): those of an
   * id again are documents, and so are their parents' lists.
   */
  readonly perParentIds?: true
  readonly writes: WritesModel
  /** Set when a bound cut its list: why, and the total the API stated, when it did. */
  readonly partial?: PartialModel
  /** The keys and titles of its HAL-FORMS templates, as the API wrote them. */
  /** The keys and titles of its HAL-FORMS templates, as the definition's `templates` says them. */
  readonly templates?: TemplateNames
  /** The members a write takes, when not every member of the schema (its forms' fields). */
  readonly input?: readonly string[]
  /** Members the server sets on every write (times, versions): never sent, set by the replay. */
  readonly outputOnly?: readonly string[]
  /** Every member of `input` may be left out (no form says which a client must send). */
  readonly inputOptional?: true
  /** Links seen on records that the module does not reproduce, by rel, and why. */
  readonly dropped: readonly string[]
}

/** A document served as it was recorded (one that belongs to no collection). */
export interface DocumentModel {
  /** Path under the base. */
  readonly path: string
  /** The query it was read with (`?page=1`), `''` for none: each query's document is its own. */
  readonly query: string
  /** Its media type when not HAL (an ALPS profile's `application/alps+json`). */
  readonly type?: string
  readonly body: unknown
}

/** Everything inferred from a crawl: what the emitted module defines. */
export interface ApiModel {
  readonly basePath: string
  readonly curies: readonly {
    readonly name: string
    readonly href: string
    readonly asIs?: boolean
  }[]
  /** Where the API writes its CURIEs, when not at the top of every document (the core's default). */
  readonly curiesIn?: 'root' | 'everywhere'
  /** `object` when the API writes its lone CURIE as the link object, not an array of one. */
  readonly singleCurie?: 'object'
  /** `origin-relative` when every href the API wrote is a path on its origin. */
  readonly hrefs?: 'origin-relative'
  readonly collections: readonly CollectionModel[]
  /** How the API reads credentials, as the headers the recording was made with show. */
  readonly securitySchemes?: Readonly<Record<string, Readonly<Record<string, string>>>>
  /** The root, when the core's own root would differ from the recorded one. */
  readonly root?: unknown
  /** `false` when the recorded root links no `service-desc`: the definition says so (`root.serviceDesc`). */
  readonly serviceDesc?: false
  readonly documents: readonly DocumentModel[]
  /** What was read but is no record (an id the mock cannot keep), and why: reported with the unreached. */
  readonly skipped?: readonly { readonly url: string; readonly reason: string }[]
}

export interface Item {
  readonly url: string
  readonly id: number
  readonly pattern: string
  readonly body: Record<string, unknown>
  /** Read at its own URL (not only embedded). */
  readonly top: boolean
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

export const byKey =
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

/** A link's target without its template's variables, absolute: `/api/orders{?page}` → `http://…/api/orders`. */
export const untemplated = (link: { href: string; context: string }): string => {
  try {
    return new URL(beforeTemplate(link.href), link.context).href
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
export function relative(href: string, origin: string, basePath: string): string {
  const prefix = `${origin}${basePath}`
  return href.startsWith(prefix) ? href.slice(prefix.length) || '/' : href
}
