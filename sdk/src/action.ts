import { type FieldError, HalyardError, ValidationError } from './errors.js'
import { type Field, formPairs, type Template, validate } from './forms.js'
import { type Resource, send, type WriteOptions } from './resource.js'
import type { Go, State } from './state.js'
import type { SubmitArgs } from './types.js'

export type { Go } from './state.js'

/**
 * An action a state offers (a HAL-FORMS template): its method, target and fields, and `submit()`,
 * which checks the values against the fields before it sends anything.
 *
 * @example
 * ```ts
 * const edit = (await article.get()).action() // the `default` template
 * edit.fields.map((field) => [field.name, field.required, field.maxLength])
 * await edit.submit({ title: 'New title' })
 * ```
 */
export class Action<
  Values extends object = Record<string, unknown>,
  Result = State | Resource | undefined,
  Name extends string = string,
> {
  /** The template's name (`default` for the main action). */
  declare readonly name: Name
  declare readonly title?: string
  /** Upper case, whatever the template's case. */
  declare readonly method: string
  /**
   * The body's media type: `application/json` unless the template names another (an empty one
   * counts as none). `submit()` sends JSON or `application/x-www-form-urlencoded`.
   */
  declare readonly contentType: string
  /** The absolute target: the template's, else the state's own URI. */
  declare readonly uri: string
  /** The properties the values may have, in the template's order. */
  declare readonly fields: readonly Field<Extract<keyof Values, string>>[]
  readonly #state: State
  readonly #go: Go | undefined

  /** @internal Use `state.action(name)` or `state.actions()`. */
  constructor(state: State, { target, ...template }: Template & { target: string }, go?: Go) {
    Object.assign(this, template, { uri: target })
    this.#state = state
    this.#go = go
    Object.freeze(this)
  }

  /**
   * The field called `name`, if the template has one.
   *
   * @example
   * ```ts
   * action.field('title')?.maxLength // 200
   * ```
   */
  field(name: Extract<keyof Values, string>): Field<Extract<keyof Values, string>> | undefined {
    return this.fields.find((field) => field.name === name)
  }

  /**
   * What is wrong with `values` for this template (required, type, lengths, bounds, `regex`,
   * inline options), as the server's 422 would point at it; empty when nothing is.
   *
   * @example
   * ```ts
   * action.validate({ title: '' }) // [{ pointer: '/title', detail: 'title is required' }]
   * ```
   */
  validate(values: Values): FieldError[] {
    return validate(this.fields, values as Record<string, unknown>)
  }

  /**
   * Sends the values with the template's method, content type and target, and resolves to the new
   * `State`, the `Resource` a 201 created (see `Resource.post()`), or nothing (`DELETE`). Writes to
   * the state's own URI carry `If-Match` from that state (see `WriteOptions.ifMatch`); the cache
   * is kept as by `put()`, `post()` and `delete()`. Values keep their types in a JSON body (a
   * checkbox's `true` stays a boolean); an `application/x-www-form-urlencoded` body, and the query
   * of the target that a `GET` or `DELETE` template sends its values in, carry them as text
   * (`true`, `42`), an array as one pair per member, `null` and `undefined` left out.
   *
   * @throws {ValidationError} with `sent: false`, and no request, when the values break the
   * template's constraints.
   * @throws {HalyardError} without a request when the template's content type is neither JSON nor
   * `application/x-www-form-urlencoded`.
   * @example
   * ```ts
   * const created = await page.action('createArticle').submit({ title: 'Hello', draft: true })
   * ```
   */
  async submit(
    ...[values = {} as Values, options = {}]: SubmitArgs<Values, WriteOptions>
  ): Promise<Result> {
    const { method, uri, contentType } = this
    const state = this.#state
    const errors = this.validate(values)
    const refuse = (reason: string) => new HalyardError(`${method} ${uri} not sent: ${reason}`)
    if (errors.length)
      throw new ValidationError(method, uri, undefined, { status: 422, title: 'Invalid', errors })
    const form = /^application\/x-www-form-urlencoded\b/i.test(contentType)
    // A GET or a DELETE sends its values as the query of the target (the HAL-FORMS draft),
    // whatever the content type.
    const query = method === 'GET' || method === 'DELETE'
    if (!query && !form && !/json/i.test(contentType))
      throw refuse(`${contentType} is neither JSON nor application/x-www-form-urlencoded`)
    if (!this.#go) throw refuse('the state was not read by a client')
    const url = new URL(uri)
    if (query) {
      for (const key of Object.keys(values)) url.searchParams.delete(key)
      formPairs(values, url.searchParams)
    }
    if (method === 'GET') return this.#go(url.href).get(options) as Promise<Result>
    return this.#go(url.href)[send](method, query ? undefined : form ? formPairs(values) : values, {
      ...options,
      // No body, no type: servers such as Fastify refuse a JSON content type with an empty body.
      ...(!query && { contentType }),
      // The version the values were edited from is the one the write must not overwrite.
      ...(uri === state.uri && (state.etag || state.lastModified) && { state }),
    }) as Promise<Result>
  }
}
