import type { StandardResult, StandardSchema } from '../definition/standard-schema.js'

/**
 * The schema `@msw/data` checks records with: a positive whole `id` and the collection's fields.
 * A Standard Schema too, so that a record created straight through `db` is checked alike (without
 * an `id`, it gets `newId()`, as a POST would); the core's own writes, validated before, pass as
 * they are while `validated()` says so.
 */
export function recordSchema(
  name: string,
  fields: StandardSchema,
  validated: () => boolean,
  newId: () => number,
): StandardSchema {
  const validate = (value: unknown): StandardResult<unknown> | Promise<StandardResult<unknown>> => {
    if (validated()) return { value }
    if (typeof value !== 'object' || value === null) {
      return { issues: [{ message: `a ${name} record must be an object` }] }
    }
    const { id, ...rest } = value as { id?: unknown }
    if (id !== undefined) return checkRecord(name, fields, id, rest)
    // Validated before the id is taken: a refused record uses up none.
    const result = checkRecord(name, fields, 1, rest)
    const withNewId = (checked: StandardResult<unknown>): StandardResult<unknown> =>
      checked.issues ? checked : { value: { ...(checked.value as object), id: newId() } }
    return result instanceof Promise ? result.then(withNewId) : withNewId(result)
  }
  return { '~standard': { version: 1, vendor: 'halyard', validate } }
}

/** Checks a record's `id` and its other fields (by the collection's schema): the record, `id` first. */
export function checkRecord(
  name: string,
  fields: StandardSchema,
  id: unknown,
  rest: unknown,
): StandardResult<unknown> | Promise<StandardResult<unknown>> {
  if (typeof rest !== 'object' || rest === null) {
    return { issues: [{ message: `a ${name} record must be an object` }] }
  }
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) {
    return { issues: [{ message: 'id must be a whole number >= 1', path: ['id'] }] }
  }
  const withId = (result: StandardResult<unknown>): StandardResult<unknown> =>
    result.issues ? result : { value: { id, ...(result.value as object) } }
  const result = fields['~standard'].validate(rest)
  return result instanceof Promise ? result.then(withId) : withId(result)
}
