/**
 * The types a HAL client needs, read from a definition: the root, each collection's items and
 * pages, their rels (with template variables), embedded resources, write bodies and HAL-FORMS
 * actions, as the core represents them. Types only: nothing here exists at run time, and nothing
 * here depends on a client library; the shapes (`data`, `rels`, `embedded`, `input`, `creates`,
 * `actions`) are the ones `@halyard/sdk` reads.
 */
import type { InferInput, InferOutput } from './standard-schema.js'

/**
 * Where {@link defineHalApi} keeps a definition's literal type for {@link ClientTypes}: a key
 * declared for types only, never set.
 */
export declare const definitionType: unique symbol

/**
 * What `ClientTypes` reads of a definition: its collections, the API-wide paging convention, the
 * root's own links and its tokens, as written. `defineHalApi` records it in the API's type.
 *
 * @example
 * ```ts
 * const collections = { notes: { schema: z.object({ text: z.string() }) } } as const
 * type Notes = ClientTypes<TypedDefinition<DefinitionTypes<typeof collections>>>
 * ```
 */
export interface DefinitionTypes<C = unknown, P = unknown, R = unknown, T = unknown> {
  readonly collections: C
  readonly paging: P
  readonly root: R
  readonly tokens: T
}

/**
 * An API (or anything) that carries its definition's literal type, as `defineHalApi`'s result
 * does: what {@link ClientTypes} takes.
 *
 * @example
 * ```ts
 * declare const api: TypedDefinition<DefinitionTypes<typeof collections>>
 * type Api = ClientTypes<typeof api>
 * ```
 */
export interface TypedDefinition<D extends DefinitionTypes = DefinitionTypes> {
  // A method, for types only: its parameter is bivariant, so an API whose definition's types are
  // unknown (a shell's `HalApi<C>`) still stands for a typed one.
  [definitionType]?(types: D): void
}

/**
 * A rel of a resource: the resource it leads to and the variables of its template (the shape of
 * `@halyard/sdk`'s `Rel`).
 */
export interface RelType<Target, Vars extends object = Record<never, never>> {
  readonly target: Target
  readonly variables: Vars
}

/**
 * What an action resolves to: `state`, the new state of the resource (a replace, a patch);
 * `resource`, the resource a `201 Created` made.
 */
export interface ActionReturns<Kind extends 'state' | 'resource', Of> {
  readonly returns: Kind
  readonly of: Of
}

/** A HAL-FORMS action: the values it takes and what it resolves to (`@halyard/sdk`'s `Form`). */
export interface FormType<Values extends object, Result> {
  readonly values: Values
  readonly result: Result
}

/** The variables of a link whose template the definition cannot see (a plain templated link). */
export type AnyVariables = {
  readonly [name: string]:
    | string
    | number
    | boolean
    | null
    | undefined
    | readonly (string | number | boolean)[]
    | { readonly [key: string]: string | number | boolean }
}

/** A JSON Merge Patch (RFC 7396) of `I`: members to replace, `null` to remove an optional one. */
export type MergePatchOf<I> = { [K in keyof I]?: undefined extends I[K] ? I[K] | null : I[K] }

type Simplify<T> = { [K in keyof T]: T[K] } & {}
type Empty = Record<never, never>
type Collections<D extends DefinitionTypes> = D['collections']
type Names<D extends DefinitionTypes> = Extract<keyof Collections<D>, string>
type Collection<D extends DefinitionTypes, N> = N extends keyof Collections<D>
  ? Collections<D>[N]
  : never
type Member<T, K extends string, Fallback = undefined> = T extends { readonly [P in K]?: infer V }
  ? unknown extends V
    ? Fallback
    : Exclude<V, undefined>
  : Fallback
type SchemaOf<D extends DefinitionTypes, N> = Member<Collection<D, N>, 'schema', never>
type LinksOf<D extends DefinitionTypes, N> = Member<Collection<D, N>, 'links', Record<never, never>>
type ParentOf<D extends DefinitionTypes, N> = Member<Collection<D, N>, 'parent', never>

/**
 * One member of a collection's paging convention: its own, else the API's (member by member, as
 * `pagingOf` merges them), else `Fallback`.
 */
type PagingMember<D extends DefinitionTypes, N, K extends string, Fallback> = Member<
  Member<Collection<D, N>, 'paging'>,
  K,
  Member<D['paging'], K, Fallback>
>

type ParamName<D extends DefinitionTypes, N, K extends 'page' | 'size'> =
  PagingMember<D, N, K, K> extends infer V extends string ? V : K

/** The query variables of a collection's page template (`page` and `size` unless renamed). */
export type PageVariablesOf<D extends DefinitionTypes, N> = Simplify<{
  readonly [K in ParamName<D, N, 'page'> | ParamName<D, N, 'size'>]?: number
}>

type IsReadOnly<D extends DefinitionTypes, N> =
  Member<Collection<D, N>, 'readOnly', false> extends true ? true : false
/**
 * Whether the documents of `N` offer HAL-FORMS templates, as the model's `offersForms` says: it is
 * writable and some token may write it (not its `writers: []`, nor the API's `tokens: []` unless a
 * collection's `writers` name tokens, which the API accepts too).
 */
type OffersForms<D extends DefinitionTypes, N> =
  IsReadOnly<D, N> extends true
    ? false
    : Member<Collection<D, N>, 'writers', undefined> extends readonly []
      ? false
      : D['tokens'] extends readonly []
        ? NamesWriters<D>
        : true
/** Whether some collection's `writers` name a token (see `acceptedTokens`). */
type NamesWriters<D extends DefinitionTypes> = true extends {
  [N in Names<D>]: Member<Collection<D, N>, 'writers', undefined> extends undefined | readonly []
    ? false
    : true
}[Names<D>]
  ? true
  : false
type IsServed<D extends DefinitionTypes, N> =
  Member<Collection<D, N>, 'serve', true> extends false ? false : true

/** A record's properties: `represent`'s result when it has one, else its fields and `id`. */
type ItemData<D extends DefinitionTypes, N> =
  ReturnOf<Member<Collection<D, N>, 'represent', never>> extends infer R
    ? [R] extends [never]
      ? Simplify<{ readonly id: number } & InferOutput<SchemaOf<D, N>>>
      : Simplify<R>
    : never

/** What a hook returns; `never` when there is no hook. */
type ReturnOf<F> = [F] extends [never] ? never : F extends (...args: never[]) => infer R ? R : never

/**
 * What POST and PUT take: the collection's `input` schema's input when it has one, else its
 * schema's, without the parent's id a nested URL gives.
 */
export type InputOf<D extends DefinitionTypes, N> = Simplify<
  [Member<Collection<D, N>, 'input', never>] extends [never]
    ? [ParentOf<D, N>] extends [never]
      ? InferInput<SchemaOf<D, N>>
      : Omit<InferInput<SchemaOf<D, N>>, Member<ParentOf<D, N>, 'member', never>>
    : InferInput<Member<Collection<D, N>, 'input', never>>
>

/** The name of a collection's create template (`templates.create`). Default `default`. */
type CreateName<D extends DefinitionTypes, N> = Member<
  Member<Collection<D, N>, 'templates', Empty>,
  'create',
  'default'
> &
  string

/** The rels of a record's `links`: a relation leads to the linked record, any other link anywhere. */
type LinkRels<D extends DefinitionTypes, N> = {
  [R in Extract<keyof LinksOf<D, N>, string>]: LinksOf<D, N>[R] extends {
    readonly to: infer T extends string
  }
    ? RelType<ItemType<D, T>>
    : LinksOf<D, N>[R] extends { readonly templated: true }
      ? RelType<unknown, AnyVariables>
      : RelType<unknown>
}

/** `[rel, collection]` of each relation of another collection that links back to `N` by `reverse`. */
type BackEntries<D extends DefinitionTypes, N> = {
  [X in Names<D>]: {
    [R in keyof LinksOf<D, X>]: LinksOf<D, X>[R] extends {
      readonly to: N
      readonly reverse: infer B extends string
    }
      ? [B, X]
      : never
  }[keyof LinksOf<D, X>]
}[Names<D>]

/** The paged lists of the records pointing at a record (the `reverse` of their relation). */
type BackRels<D extends DefinitionTypes, N> = {
  [E in BackEntries<D, N> as E[0]]: RelType<BackPageType<D, E[1]>, PageVariablesOf<D, E[1]>>
}

/** Whether collection `X` is nested under `N`. */
type IsChildOf<D extends DefinitionTypes, X, N> = [ParentOf<D, X>] extends [never]
  ? false
  : ParentOf<D, X> extends { readonly collection: N }
    ? true
    : false

/** Whether one of `N`'s own relation links leads to collection `P`. */
type LinksTo<D extends DefinitionTypes, N, P> = true extends {
  [R in keyof LinksOf<D, N>]: LinksOf<D, N>[R] extends { readonly to: P } ? true : false
}[keyof LinksOf<D, N>]
  ? true
  : false

/**
 * A nested record's link to its parent: `parent.link`, else `up` unless a relation link of its own
 * leads to the parent collection (`parentLinkRel`).
 */
type UpRels<D extends DefinitionTypes, N> = [ParentOf<D, N>] extends [never]
  ? Empty
  : Member<
        ParentOf<D, N>,
        'link',
        LinksTo<D, N, Member<ParentOf<D, N>, 'collection', never>> extends true ? false : 'up'
      > extends infer L extends string
    ? { [K in L]: RelType<ItemType<D, Member<ParentOf<D, N>, 'collection', never>>> }
    : Empty

/** The collections nested under `N` (their `parent`), by the rel their lists are linked with. */
type ChildRels<D extends DefinitionTypes, N> = {
  [X in Names<D> as IsChildOf<D, X, N> extends true
    ? Member<ParentOf<D, X>, 'rel', X> & string
    : never]: RelType<PageType<D, X>, PageVariablesOf<D, X>>
}

type ItemEmbedded<D extends DefinitionTypes, N> = {
  [R in Extract<Member<Collection<D, N>, 'embed', readonly []>[number], string>]: LinksOf<D, N>[R &
    keyof LinksOf<D, N>] extends { readonly to: infer T extends string }
    ? ItemType<D, T>
    : never
}

/** The HAL-FORMS templates of a record: replace (`default`), `patch` and `delete`. */
type OwnActions<D extends DefinitionTypes, N> =
  OffersForms<D, N> extends false
    ? Empty
    : {
        default: FormType<InputOf<D, N>, ActionReturns<'state', ItemType<D, N>>>
        patch: FormType<MergePatchOf<InputOf<D, N>>, ActionReturns<'state', ItemType<D, N>>>
        delete: FormType<Empty, undefined>
      }

/** The key of a nested collection's create template on its parent's items: `createBooks`. */
type NestedCreateName<D extends DefinitionTypes, X> = Member<
  Member<Collection<D, X>, 'templates', Empty>,
  'create',
  `create${Capitalize<X & string>}`
> &
  string

/** The create templates of the writable collections nested under `N`, by their names. */
type ChildCreates<D extends DefinitionTypes, N> = {
  [X in Names<D> as IsChildOf<D, X, N> extends true
    ? OffersForms<D, X> extends false
      ? never
      : NestedCreateName<D, X>
    : never]: FormType<InputOf<D, X>, ActionReturns<'resource', ItemType<D, X>>>
}

/**
 * A record's templates, and the create templates of its nested collections (never one key: the
 * definition check refuses a clash; the `Omit` keeps the printed order of the Blog's types).
 */
type ItemActions<D extends DefinitionTypes, N> = Simplify<
  Omit<OwnActions<D, N>, keyof ChildCreates<D, N>> & ChildCreates<D, N>
>

/**
 * A record of collection `N` as the API represents it: its properties, its links (self,
 * relations, links back, nested lists), its embedded records, and its writes.
 */
export interface ItemType<D extends DefinitionTypes, N> {
  data: ItemData<D, N>
  rels: Simplify<
    { self: RelType<ItemType<D, N>> } & UpRels<D, N> &
      LinkRels<D, N> &
      BackRels<D, N> &
      ChildRels<D, N>
  >
  embedded: ItemEmbedded<D, N>
  /** What `put()` takes; `never` for a read-only collection. */
  input: IsReadOnly<D, N> extends true ? never : InputOf<D, N>
  actions: ItemActions<D, N>
}

/** The document a page's `render` hook returns, when the convention has one. */
type Rendered<D extends DefinitionTypes, N> = ReturnOf<PagingMember<D, N, 'render', never>>

type LinkKeys<R> = {
  [K in '_links' | '_link']: R extends { readonly [P in K]: infer L }
    ? Extract<keyof L, string>
    : never
}['_links' | '_link']

/** The default page document: Spring Data REST's `page` member, the IANA paging links. */
interface DefaultPageData {
  page: { size: number; totalElements: number; totalPages: number; number: number }
}
type DefaultPageRels = 'self' | 'first' | 'prev' | 'next' | 'last'

/**
 * Whether a `render` hook's document is only known as any record (a convention annotated
 * `PagingConvention` rather than written as constants): then any member and rel may be there.
 */
type Unknowable<R> = string extends keyof R ? true : false

type PageData<D extends DefinitionTypes, N> = [Rendered<D, N>] extends [never]
  ? DefaultPageData
  : Unknowable<Rendered<D, N>> extends true
    ? Record<string, unknown>
    : Simplify<Omit<Rendered<D, N>, '_links' | '_link' | '_embedded' | '_templates'>>

type PageRelNames<D extends DefinitionTypes, N> = [Rendered<D, N>] extends [never]
  ? DefaultPageRels
  : Unknowable<Rendered<D, N>> extends true
    ? string
    : LinkKeys<Rendered<D, N>>

/** Items of a page: under the collection's rel, or `item` when `render` gives an array. */
type PageEmbedded<D extends DefinitionTypes, N> = [Rendered<D, N>] extends [never]
  ? { [K in Member<Collection<D, N>, 'rel', N> & string]: ItemType<D, N> }
  : Unknowable<Rendered<D, N>> extends true
    ? Record<string, ItemType<D, N>>
    : Rendered<D, N> extends { readonly _embedded: readonly unknown[] }
      ? { item: ItemType<D, N> }
      : Rendered<D, N> extends { readonly _embedded: infer E }
        ? { [K in Extract<keyof E, string>]: ItemType<D, N> }
        : Empty

type CreateAction<D extends DefinitionTypes, N> =
  OffersForms<D, N> extends false
    ? Empty
    : {
        [K in CreateName<D, N>]: FormType<InputOf<D, N>, ActionReturns<'resource', ItemType<D, N>>>
      }

/** A page of collection `N`: its paging data and links, its items, and POST to create one. */
export interface PageType<D extends DefinitionTypes, N> {
  data: PageData<D, N>
  rels: { [R in PageRelNames<D, N>]: RelType<PageType<D, N>> }
  embedded: PageEmbedded<D, N>
  /** What `post()` takes and makes; `never` for a read-only collection. */
  creates: IsReadOnly<D, N> extends true
    ? { input: never; target: never }
    : { input: InputOf<D, N>; target: ItemType<D, N> }
  actions: CreateAction<D, N>
}

/**
 * A page of the records of `N` that point at one record: read-only (create them in `N`), with
 * `N`'s create action unless `N` is nested (its list has no one URL to aim at).
 */
export interface BackPageType<D extends DefinitionTypes, N> {
  data: PageData<D, N>
  rels: { [R in PageRelNames<D, N>]: RelType<BackPageType<D, N>> }
  embedded: PageEmbedded<D, N>
  creates: { input: never; target: never }
  actions: [ParentOf<D, N>] extends [never] ? CreateAction<D, N> : Empty
}

/** The served top-level collections, linked from the root by their rel. */
type RootCollections<D extends DefinitionTypes> = {
  [X in Names<D> as IsServed<D, X> extends false
    ? never
    : [ParentOf<D, X>] extends [never]
      ? Member<Collection<D, X>, 'rel', X> & string
      : never]: Member<Collection<D, X>, 'list', true> extends false
    ? // No list: the root links the item template, by the item's path variable.
      RelType<
        ItemType<D, X>,
        { [P in Member<Collection<D, X>, 'param', 'id'> & string]: number | string }
      >
    : RelType<PageType<D, X>, PageVariablesOf<D, X>>
}

type RootLinks<R> = {
  [K in Extract<keyof Member<R, 'links', Empty>, string>]: Member<R, 'links', Empty>[K] extends {
    readonly templated: true
  }
    ? RelType<unknown, AnyVariables>
    : RelType<unknown>
}

/**
 * The API root: a templated link to each served top-level collection's pages (or, for one
 * without a list, to its items), its own links, and the OpenAPI document as `service-desc` unless
 * `root.serviceDesc` is false (as a recording of a root without one writes): exactly what it serves.
 */
export interface RootType<D extends DefinitionTypes> {
  data: Empty
  rels: Simplify<
    { self: RelType<RootType<D>> } & (Member<D['root'], 'serviceDesc', true> extends false
      ? Empty
      : { 'service-desc': RelType<unknown> }) &
      RootCollections<D> &
      RootLinks<D['root']>
  >
  embedded: Empty
  actions: Empty
}

type DefinitionOf<A> = A extends {
  [definitionType]?(types: infer D extends DefinitionTypes): void
}
  ? D
  : never

/**
 * Every resource type of an API, read from its definition, for a typed client: `root` is what
 * `client.go<…>()` takes to start from the API root; `items` and `pages` give each collection's
 * record and page by name, and `inputs` what POST and PUT take.
 *
 * @example
 * ```ts
 * import { type ClientTypes, defineHalApi } from '@halyard/mock'
 * import { createClient } from '@halyard/sdk'
 *
 * const api = defineHalApi({ basePath: '/api', collections: { customers: { schema } } })
 * type Api = ClientTypes<typeof api>
 *
 * const client = createClient({ baseUrl: 'http://localhost/api' })
 * const page = await client.go<Api['root']>().follow('customers', { size: 5 }).get()
 * for (const customer of page.embedded('customers')) console.log(customer.data.name)
 * ```
 */
export interface ClientTypes<A extends TypedDefinition> {
  root: RootType<DefinitionOf<A>>
  items: { [N in Names<DefinitionOf<A>>]: ItemType<DefinitionOf<A>, N> }
  pages: { [N in Names<DefinitionOf<A>>]: PageType<DefinitionOf<A>, N> }
  inputs: { [N in Names<DefinitionOf<A>>]: InputOf<DefinitionOf<A>, N> }
}
