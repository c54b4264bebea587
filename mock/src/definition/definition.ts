import type { InferInput, InferOutput, StandardSchema } from './standard-schema.js'

/** A record as the core stores it: the schema's fields and the `id` the core assigns. */
export type HalRecord<S extends StandardSchema = StandardSchema> = {
  readonly id: number
} & InferOutput<S>

/** A seed value: the schema's input, with an `id` of its own when links must point at it. */
export type SeedValue<S extends StandardSchema> = InferInput<S> & { readonly id?: number }

/** A record another record links to, as a computed link attribute reads it. */
export type LinkedRecord = { readonly id: number } & Readonly<Record<string, unknown>>

/** A link from a record to records of a collection (a relation), by their ids. */
export interface RelationLink<R> {
  /** The collection linked to. */
  readonly to: string
  /** The linked record's id, or their ids (a link each); none when `undefined` or `null`. */
  id(record: R): number | readonly number[] | null | undefined
  /**
   * The rel of the link back, on each linked record, to the paged list of the records pointing at
   * it: with `reverse: 'orders'` on an order's `customer`, a customer links `orders`.
   */
  readonly reverse?: string
  /**
   * The path segment of that list under the linked record, when not `reverse` itself: a recorded
   * API's `td:tasks` at `/projects/{id}/tasks` has `reversePath: 'tasks'`.
   */
  readonly reversePath?: string
  /**
   * The link's `title`: a string, or computed from the linked record (say `(blog) => blog.title`;
   * a value that is no string is written as one, none when `undefined` or `null`), which a change
   * of that record shows at once (its version keys the memoised representations).
   */
  readonly title?: string | ((linked: LinkedRecord) => unknown)
  /**
   * What a DELETE of a linked record (or of the record it is nested under) does to this record,
   * as SQL's `ON DELETE`: `refuse`, a 409 naming this record; `cascade`, this record is deleted
   * too (with what is nested under it, by the same rules); `unlink`, this record is kept without
   * the link (its member left out, or the id taken out of its array), which its schema must
   * allow, else a 409. Default `refuse`.
   */
  readonly onDelete?: 'refuse' | 'cascade' | 'unlink'
}

/** Any other link: a URI or URI template relative to the API's base (or absolute). */
export interface PlainLink<R> {
  /** The link's target for a record, relative to `basePath` or absolute. */
  href(record: R): string
  /** Whether `href` is an RFC 6570 template. */
  readonly templated?: boolean
  readonly title?: string
  /**
   * `false` when nothing is served at the link's target, and `verify` reports a 404 (or 410) there
   * as a warning, not a failure: a dead link the API itself writes, or a resource a recording did
   * not read (a book's cover image). Default true.
   *
   * @example
   * defineCollection({ schema, links: { cover: { href: (b) => `/books/${b.id}/cover`, served: false } } })
   */
  readonly served?: boolean
}

/**
 * Where a nested collection lives: under one record of `collection`, named by the record's
 * `member`. Its list is `{parent item}/{path}`, its items `{parent item}/{path}/{param}`.
 *
 * @example
 * // Books at /authors/{authorId}/books/{bookId}; an author links them as `books`.
 * // A book links its author as `up`; an author's HAL-FORMS template `createBooks` adds a book.
 * const books = defineCollection({
 *   schema: z.object({ authorId: z.number(), title: z.string() }),
 *   parent: { collection: 'authors', member: 'authorId', rel: 'books' },
 *   param: 'bookId',
 * })
 */
export interface ParentDefinition {
  /** The parent collection. */
  readonly collection: string
  /**
   * The member of a record that holds its parent's id, which its URL gives: set by the server,
   * never a form field nor required in a body; a body (or a patch) that names another parent is
   * a 422 pointing at it.
   */
  readonly member: string
  /** The rel of the parent's link to the nested list. Default: the nested collection's name. */
  readonly rel?: string
  /**
   * The rel of a nested record's link to its parent. Default `up` (the IANA link relation for a
   * parent in a hierarchy), unless one of the collection's own relation links leads to the parent
   * collection (the Blog's `doc:blog`): then that link is the way up. `false` for none.
   */
  readonly link?: string | false
}

/**
 * One page of a collection as a {@link PagingConvention.render} hook receives it.
 *
 * @example
 * const render = (page: PageView) => ({ total: page.total, _links: page.links, items: page.items })
 */
export interface PageView {
  /** The collection's name. */
  readonly collection: string
  /** The collection's rel (its `rel`, else its name): the default document's `_embedded` key. */
  readonly rel: string
  /**
   * The items' representations, each as a GET of the item answers it (`_links` with `curies`);
   * the default document drops each item's `curies`, which the page carries once.
   */
  readonly items: readonly Record<string, unknown>[]
  /** The page's index, as the convention counts (from 0 or from 1). */
  readonly index: number
  readonly size: number
  readonly total: number
  readonly totalPages: number
  /**
   * The standard (IANA) navigation links, absolute: `self`, `first` and `last` always, `prev` and
   * `next` when there is such a page (`prev` of a page past the end is the last page).
   */
  readonly links: PageLinks
  /** The API's CURIE links, to put in `_links.curies` (none when the API has no curies). */
  readonly curies: readonly PageLink[]
  /** The parent record, for a page of a nested collection. */
  readonly parent?: HalRecord
  /** The link to any page of this list, in the convention's parameters: `page(index - 1)`. */
  page(index: number): PageLink
}

/** A link of a page document. */
export interface PageLink {
  readonly href: string
  readonly name?: string
  readonly templated?: true
}

/** The IANA navigation links of a page. */
export interface PageLinks {
  readonly self: PageLink
  readonly first: PageLink
  readonly prev?: PageLink
  readonly next?: PageLink
  readonly last: PageLink
}

/**
 * How an API's collections page: the query parameters, the first index, the sizes, what a page
 * past the end answers and the page document.
 *
 * @example
 * const paging: PagingConvention = {
 *   page: 'pageIndex',
 *   size: 'pageSize',
 *   firstIndex: 1,
 *   render: (page) => ({ pageIndex: page.index, _links: page.links, _embedded: page.items }),
 * }
 */
export interface PagingConvention {
  /** The query parameter of the page's index. Default `page`. */
  readonly page?: string
  /** The query parameter of the page's size. Default `size`. */
  readonly size?: string
  /** The index of the first page. Default 0. */
  readonly firstIndex?: 0 | 1
  /** The size of a page the request names none for. Default 20. */
  readonly defaultSize?: number
  /** The largest size a request may name (a larger one is a 400). Default 100. */
  readonly maxSize?: number
  /** A page past the last: a 200 with no items, or a 404. Default `empty`. */
  readonly pastEnd?: 'empty' | 'not-found'
  /**
   * Whether links to the list (a parent record's link to its nested list, a back link) name its
   * paging variables, templated (`/projects/1/tasks{?page,size}`), or are plain URLs
   * (`/projects/1/tasks`), as some APIs write them. Default true.
   */
  readonly linkTemplated?: boolean
  /**
   * A page's `self`: the page's own URL with its index and size (`page`, the default), or the URL
   * the page was asked at, with only the paging parameters the client wrote (`asked`: a page asked
   * as `/tasks` links itself as `/tasks`, as halacious does).
   */
  readonly self?: 'page' | 'asked'
  /**
   * The page document. Default: `_links` (the navigation links and curies), `_embedded` by the
   * collection's rel, and Spring Data REST's `page` (`size`, `totalElements`, `totalPages`,
   * `number`).
   */
  render?(page: PageView): Record<string, unknown>
}

/**
 * What an {@link CollectionDefinition.authorize} hook decides about.
 *
 * @example
 * const authorize = ({ grant, record, parent }: AuthorizeCheck<Book>) =>
 *   grant === 'root' || (record?.authorId ?? parent?.id) === 1 || 403
 */
export interface AuthorizeCheck<R = HalRecord> {
  /** `read` is a GET of the record, whose `grant` is `undefined` unless the API protects reads. */
  readonly action: 'read' | 'create' | 'replace' | 'update' | 'delete'
  /** What `authenticate` returned for the request. */
  readonly grant: unknown
  /**
   * The record read or written (read, replace, update, delete); a write is asked again of the
   * record as it would be stored (create too), and a page of each record it would list (read).
   */
  readonly record?: R
  /** The parent record, for a create in a nested collection. */
  readonly parent?: HalRecord
}

/**
 * The titles and names of a collection's HAL-FORMS templates.
 *
 * @example
 * const templates: TemplateNames = { create: 'createArticle', createTitle: 'Write an article' }
 * // A nested list whose own page offers the create as `default`, and its parent's items none:
 * const tasks: TemplateNames = { create: 'default', createOnParent: false }
 */
export interface TemplateNames {
  /**
   * The key of the create template: on pages (default `default`) and, for a nested collection, on
   * its parent's items (default `create` and the collection's name, `createBooks`, beside the
   * parent's own `default`, `patch` and `delete`).
   */
  readonly create?: string
  /**
   * A nested collection's create template on its parent's items: its key (default `create`, else
   * `createBooks`), or `false` for none (an API that offers the create on the list's pages only).
   */
  readonly createOnParent?: string | false
  readonly createTitle?: string
  readonly replaceTitle?: string
  readonly updateTitle?: string
  readonly deleteTitle?: string
}

/** One collection of an API: its records' schema, seed, links, embeds, paging and writers. */
export interface CollectionDefinition<S extends StandardSchema = StandardSchema> {
  /** The writable fields of a record (no `id`: the core assigns it), as a Standard Schema. */
  readonly schema: S
  /** The records the API starts from, and returns to on `reset()`. */
  readonly seed?: readonly SeedValue<S>[] | (() => readonly SeedValue<S>[])
  /** The record's links by rel: relations to other collections, or plain (templated) links. */
  readonly links?: Readonly<Record<string, RelationLink<HalRecord<S>> | PlainLink<HalRecord<S>>>>
  /** Rels of relation links whose targets go into `_embedded` too. */
  readonly embed?: readonly string[]
  /** Items per page: `default` when the request names none, at most `max`. Default 20 and 100. */
  readonly pageSize?: { readonly default?: number; readonly max?: number }
  /** This collection's paging convention, over the API's {@link HalApiDefinition.paging}. */
  readonly paging?: PagingConvention
  /**
   * How a page lists its records: embedded (`_embedded`, where its paging convention's document
   * puts them; the default), or `linked` as `_links.item` (RFC 6573), each record's `self`, with
   * none embedded, as many HAL servers list theirs.
   *
   * @example
   * defineCollection({ schema: taskSchema, pageItems: 'linked' })
   * // GET /tasks → { _links: { self, first, last, item: [{ href: '…/tasks/1' }, …] }, page: {…} }
   */
  readonly pageItems?: 'embedded' | 'linked'
  /**
   * A nested collection: its records live under a record of another collection
   * (`/blogs/{blogId}/articles/{articleId}`); one under another parent is a 404.
   */
  readonly parent?: ParentDefinition
  /** The collection's URL segment. Default: its name. */
  readonly path?: string
  /** The path variable of an item (`{articleId}`), unique along a nested URL. Default `id`. */
  readonly param?: string
  /** Whether the collection's list (`GET /{path}`) is served. Default true. */
  readonly list?: boolean
  /** No POST, PUT, PATCH or DELETE: 405 with `Allow: GET, HEAD, OPTIONS`. Default false. */
  readonly readOnly?: boolean
  /**
   * What clients send to POST, PUT and PATCH when it is not the whole record (fields the server
   * sets, such as a time): validated by this schema, then made a record by `prepare`. Default: `schema`.
   */
  readonly input?: StandardSchema
  /**
   * Turns a valid `input` into the record's fields (without `id`; a nested record's parent member
   * is set after): for a create `current` is absent. Default: the input as it is.
   */
  prepare?(
    input: Record<string, unknown>,
    write: { readonly current?: HalRecord<S> },
  ): Record<string, unknown>
  /**
   * Per-record authorization of reads of an item and of writes, after the token check: `true`
   * allows; `false` or 403 answers 403, 401 answers 401; a thrown `Problem` is answered as it is.
   * A write is asked of the record before and after the change; a page lists only the records it
   * allows to `read` (and counts only those).
   */
  authorize?(check: AuthorizeCheck<HalRecord<S>>): boolean | 401 | 403
  /**
   * Every record may be read by whoever may read the collection: `authorize` guards writes only,
   * and pages list every record without asking it of each (so they stay memoised and never scan
   * the collection). Default false.
   *
   * @example
   * defineCollection({ schema, authorize: ownerWrites, publicReads: true })
   */
  readonly publicReads?: boolean
  /**
   * The body of a DELETE under `Prefer: return=representation`, from the record and its
   * representation as it was; `undefined` for a 204. Default: that representation.
   */
  deleted?(
    record: HalRecord<S>,
    representation: Record<string, unknown>,
  ): Record<string, unknown> | undefined
  /** The titles and keys of the collection's HAL-FORMS templates. */
  readonly templates?: TemplateNames
  /**
   * Whether POST, PUT and PATCH take `application/x-www-form-urlencoded` fields too (with the
   * token in a header). Default true; `false` for JSON only (415 for anything else).
   */
  readonly urlencoded?: boolean
  /** Tokens that may write this collection. Default: every token of the API. */
  readonly writers?: readonly string[]
  /**
   * Shapes a record's properties in its representation (default: the record as it is). A function
   * of the record alone: representations are memoised on the record's version.
   */
  represent?(record: HalRecord<S>): Record<string, unknown>
  /**
   * A record's time of last change in epoch milliseconds, read from its own fields (say
   * `(post) => post.updatedAt`): its `Last-Modified`, and its pages'. Default: the time the store
   * saw the record change (the seed's time, 2026-01-01, for seed records).
   */
  lastModified?(record: HalRecord<S>): number
  /**
   * What one record is called in messages, form titles and OpenAPI type names (`person` for
   * `people`). Default: the collection's name made singular by English rules (`books` → `book`).
   */
  readonly singular?: string
  /** Rel of the collection's link from the API root. Default: the collection's name. */
  readonly rel?: string
  /**
   * Whether the core serves the collection's routes (its pages, items and writes) and links it
   * from the root. `false`: its records are stored and indexed, and your own `routes` answer for
   * them; their `openapi` may name its schemas (`NoteResource`). Default true.
   */
  readonly serve?: boolean
}

type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T

/**
 * A collection as `defineCollection` and `defineHalApi` take it: its seed may be written as
 * constants (read-only arrays), since they keep the definition's literal types.
 */
export type WrittenCollection<S extends StandardSchema> = Omit<CollectionDefinition<S>, 'seed'> & {
  readonly seed?: readonly DeepReadonly<SeedValue<S>>[] | (() => readonly SeedValue<S>[])
}

/**
 * One collection, with its records' type inferred from `schema` for the callbacks: an identity
 * function, for types only.
 *
 * @example
 * const customers = defineCollection({
 *   schema: z.object({ name: z.string() }),
 *   represent: (customer) => ({ name: customer.name.toUpperCase() }),
 * })
 */
export function defineCollection<S extends StandardSchema, const D>(
  // `D`: the collection as written (its links' targets, its embeds…), for `ClientTypes`.
  definition: D & WrittenCollection<S>,
): NoInfer<Omit<D, 'seed'> & Pick<CollectionDefinition<S>, 'seed'>>
/**
 * {@link defineCollection} for a seed the first form cannot take as its own type (one of
 * `...list.map(…)` beside records written out): the seed is not read into `D`.
 *
 * @example
 * const books = defineCollection({
 *   schema: z.object({ title: z.string() }),
 *   seed: [...titles.map((title) => ({ title })), { title: 'Notes' }],
 * })
 */
export function defineCollection<S extends StandardSchema, const D>(
  definition: { [K in keyof D]: K extends 'seed' ? unknown : D[K] } & WrittenCollection<S>,
): NoInfer<Omit<D, 'seed'> & Pick<CollectionDefinition<S>, 'seed'>>
export function defineCollection<S extends StandardSchema, const D>(
  definition: D & WrittenCollection<S>,
): NoInfer<Omit<D, 'seed'> & Pick<CollectionDefinition<S>, 'seed'>> {
  // A seed written as constants is read, never changed.
  return definition as Omit<D, 'seed'> & Pick<CollectionDefinition<S>, 'seed'>
}

/**
 * The rel of a nested record's link to its parent (see {@link ParentDefinition.link}), or `false`.
 *
 * @example
 * parentLinkRel({ schema, parent: { collection: 'authors', member: 'authorId' } }) // 'up'
 */
export function parentLinkRel(collection: CollectionDefinition): string | false {
  const { parent } = collection
  if (!parent) return false
  if (parent.link !== undefined) return parent.link
  const own = Object.values(collection.links ?? {}).some(
    (link) => isRelation(link) && link.to === parent.collection,
  )
  return own ? false : 'up'
}

/** Whether a link is a relation to another collection. */
export const isRelation = <R>(link: RelationLink<R> | PlainLink<R>): link is RelationLink<R> =>
  'to' in link
