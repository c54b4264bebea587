/**
 * Type-level descriptions of HAL resources. A typed resource declares its properties, its rels (each
 * with the target it leads to and the template variables it takes) and its embedded resources; the
 * client's `follow`, `links` and `embedded` then check rel names and variables at compile time.
 * Everything here is erased at runtime.
 */
import type { Resource } from './resource.js'
import type { State } from './state.js'

/** A value an RFC 6570 variable can take: a string, a list, or an associative array. */
export type TemplateValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly (string | number | boolean)[]
  | { readonly [key: string]: string | number | boolean }

/** The variables of a URI template expansion. */
export type Variables = { readonly [name: string]: TemplateValue }

/**
 * A rel of a typed resource: the resource it leads to and the variables of its template.
 *
 * @example
 * ```ts
 * type Blog = {
 *   data: { id: number; title: string }
 *   rels: { 'doc:articles': Rel<ArticlePage, { pageIndex?: number; pageSize?: number }> }
 * }
 * ```
 */
export interface Rel<Target = AnyResource, Vars extends object = Variables> {
  /** Phantom: never present at runtime. */
  readonly target: Target
  /** Phantom: never present at runtime. */
  readonly variables: Vars
}

/**
 * An action of a typed resource (a HAL-FORMS template): the values `submit()` takes and what it
 * resolves to (`State<…>`, the `Resource<…>` a 201 created, or `void`).
 *
 * @example
 * ```ts
 * type Article = {
 *   data: { id: number; title: string }
 *   actions: {
 *     default: Form<{ title: string }, State<Article>>
 *     delete: Form<Record<never, never>, void>
 *   }
 * }
 * ```
 */
export interface Form<Values extends object = Record<string, unknown>, Result = unknown> {
  /** Phantom: never present at runtime. */
  readonly values: Values
  /** Phantom: never present at runtime. */
  readonly result: Result
}

/**
 * The description of a resource the SDK knows nothing about: any rel, any property. This is what
 * `client.go(uri)` gives when no type is named.
 */
export interface AnyResource {
  data: Record<string, unknown>
  rels: Record<string, Rel<AnyResource, Variables>>
  embedded: Record<string, AnyResource>
  actions: Record<string, Form<Record<string, unknown>, State | Resource | undefined>>
}

/**
 * The shape a typed resource description takes. `input` is the body `put()` takes (its `data` when
 * absent); `creates` is what `post()` takes and makes.
 *
 * @example
 * ```ts
 * type Article = {
 *   data: { id: number; title: string; content?: string }
 *   rels: { self: Rel<Article>; 'doc:blog': Rel<Blog> }
 *   input: { title: string; content?: string }
 * }
 * ```
 */
export interface ResourceType {
  data: unknown
  rels?: object
  embedded?: object
  actions?: object
  input?: unknown
  creates?: { input: unknown; target: unknown }
}

type ActionsOf<T> = T extends { actions: infer A extends object } ? A : AnyResource['actions']
type FormOf<T, K> = K extends keyof ActionsOf<T> ? ActionsOf<T>[K] : Form

/** The action names a resource declares (any string for an untyped resource). */
export type ActionName<T> = Extract<keyof ActionsOf<T>, string>

/** The values action `K` of `T` takes. */
export type ActionValues<T, K> =
  FormOf<T, K> extends Form<infer V, unknown> ? V : Record<string, unknown>

/**
 * What an action resolves to, described without naming the SDK's classes (as `@halyard/mock`'s
 * `ClientTypes` does): `state`, a `State` of `Of`; `resource`, the `Resource` a 201 created.
 *
 * @example
 * ```ts
 * type Article = {
 *   data: { title: string }
 *   actions: { default: Form<{ title: string }, ActionReturns<'state', Article>> } // submit(): State<Article>
 * }
 * ```
 */
export interface ActionReturns<Kind extends 'state' | 'resource', Of> {
  /** Phantom: never present at runtime. */
  readonly returns: Kind
  /** Phantom: never present at runtime. */
  readonly of: Of
}

type Resolved<R> =
  R extends ActionReturns<'state', infer Of>
    ? State<Of>
    : R extends ActionReturns<'resource', infer Of>
      ? Resource<Of>
      : R

/** What submitting action `K` of `T` resolves to. */
export type ActionResult<T, K> =
  FormOf<T, K> extends Form<object, infer R> ? Resolved<R> : State | Resource | undefined

/** The field names of action `K` of `T`. */
export type FieldName<T, K> = Extract<keyof ActionValues<T, K>, string>

type RelsOf<T> = T extends { rels: infer R extends object } ? R : Record<string, Rel>
type EmbeddedOf<T> = T extends { embedded: infer E extends object }
  ? E
  : Record<string, AnyResource>

/** The rel names a resource declares (any string for an untyped resource). */
export type RelName<T> = Extract<keyof RelsOf<T>, string>

/** The resource a rel of `T` leads to. */
export type RelTarget<T, K> = K extends keyof RelsOf<T>
  ? RelsOf<T>[K] extends Rel<infer U, object>
    ? U
    : AnyResource
  : AnyResource

/** The template variables a rel of `T` takes. */
export type RelVariables<T, K> = K extends keyof RelsOf<T>
  ? RelsOf<T>[K] extends Rel<unknown, infer V>
    ? V
    : Variables
  : Variables

/** The properties of `T`'s representation. */
export type DataOf<T> = T extends { data: infer D } ? D : Record<string, unknown>

/** The embedded rel names `T` declares. */
export type EmbeddedName<T> = Extract<keyof EmbeddedOf<T>, string>

/** The resource embedded under rel `K` of `T`. */
export type EmbeddedTarget<T, K> = K extends keyof EmbeddedOf<T> ? EmbeddedOf<T>[K] : AnyResource

/** The body `put()` takes. */
export type InputOf<T> = T extends { input: infer I } ? I : DataOf<T>

/** The body `post()` takes. */
export type CreateInputOf<T> = T extends { creates: { input: infer I } } ? I : unknown

/** The resource `post()` creates. */
export type CreatedOf<T> = T extends { creates: { target: infer C } } ? C : AnyResource

/** A JSON Patch (RFC 6902) operation. */
export type JsonPatchOperation =
  | { op: 'add' | 'replace' | 'test'; path: string; value: unknown }
  | { op: 'remove'; path: string }
  | { op: 'move' | 'copy'; from: string; path: string }

/** A JSON Merge Patch (RFC 7396) of `I`: members to replace, `null` to remove an optional one. */
export type MergePatch<I> = { [K in keyof I]?: undefined extends I[K] ? I[K] | null : I[K] }

/** `submit()`'s arguments: the values are optional when the action takes none that are required. */
export type SubmitArgs<V, O> =
  Record<never, never> extends V ? [values?: V, options?: O] : [values: V, options?: O]

/** Options of `follow` beyond its variables. */
export interface FollowOptions extends RequestOptions {
  /** Pick among several links of one rel by their `name`. */
  name?: string | undefined
  /** Pick among several links of one rel by their `title`. */
  title?: string | undefined
}

/** Options every call that may send a request takes. */
export interface RequestOptions {
  /** Cancels the request (and, for `follow`, every request of the chain). */
  signal?: AbortSignal
  /** Headers for this request only. */
  headers?: Record<string, string>
  /**
   * How many more attempts this call may make (idempotent methods only), instead of the client's
   * `retry.limit`; still within the call's `totalTimeout`. `0`: one attempt, for a caller that
   * retries itself (`@halyard/query` with `retries: 'tanstack'`).
   */
  retry?: number
}

/** `follow`'s arguments after the rel: variables are required when the template needs some. */
export type FollowArgs<V> =
  Record<never, never> extends V
    ? [variables?: V, options?: FollowOptions]
    : [variables: V, options?: FollowOptions]
