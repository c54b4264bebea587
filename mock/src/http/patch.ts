import { applyPatch, type Operation } from 'rfc6902'
import { checkStorable } from './body.js'
import { JSON_PATCH_JSON, MERGE_PATCH_JSON } from './media-types.js'
import { Problem } from './problem.js'

/** The `Accept-Patch` value (RFC 5789 §3.1) of a resource that takes both patch formats. */
export const ACCEPT_PATCH = `${MERGE_PATCH_JSON}, ${JSON_PATCH_JSON}`

/**
 * Which patch format a `Content-Type` names; anything else is a 415 carrying `Accept-Patch`.
 *
 * @example
 * patchFormat('application/merge-patch+json; charset=utf-8') // 'merge'
 */
export function patchFormat(contentType: string | null): 'merge' | 'json-patch' {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase()
  if (type === MERGE_PATCH_JSON) return 'merge'
  if (type === JSON_PATCH_JSON) return 'json-patch'
  throw new Problem(
    415,
    `Send a PATCH as ${MERGE_PATCH_JSON} or ${JSON_PATCH_JSON}, not ${contentType || 'no Content-Type'}.`,
    { headers: { 'accept-patch': ACCEPT_PATCH } },
  )
}

/** How deep a merge patch may nest objects: far beyond any schema, far below the stack's limit. */
const MAX_MERGE_DEPTH = 1_000

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * RFC 7396 §2, `MergePatch(Target, Patch)`, without touching either argument. Written here: it is
 * the RFC's ten lines, and the maintained libraries for it bring more than they save.
 *
 * @example
 * mergePatch({ title: 'a', content: 'b' }, { content: null }) // { title: 'a' }
 */
export function mergePatch(target: unknown, patch: unknown, depth = 0): unknown {
  if (!isObject(patch)) return patch
  // The RFC's recursion follows the patch: a body nested 100 000 deep would overflow the stack.
  if (depth >= MAX_MERGE_DEPTH) {
    throw new Problem(400, `The merge patch nests objects deeper than ${MAX_MERGE_DEPTH} levels.`)
  }
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {}
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete result[name]
    // Defined, not assigned: a `__proto__` member stays a plain member (a 422 as an unknown one),
    // where `result.__proto__ = …` would set the prototype and let its members pass for fields.
    else
      Object.defineProperty(result, name, {
        value: mergePatch(Object.hasOwn(result, name) ? result[name] : undefined, value, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      })
  }
  return result
}

/** The members each operation needs besides `op` (RFC 6902 §4); `value` may be any JSON. */
const MEMBERS: Readonly<Record<string, readonly ('path' | 'from' | 'value')[]>> = {
  add: ['path', 'value'],
  replace: ['path', 'value'],
  test: ['path', 'value'],
  remove: ['path'],
  move: ['from', 'path'],
  copy: ['from', 'path'],
}

/**
 * A parsed body as an RFC 6902 operation list, or 400 when it is not one (not an array, an unknown
 * `op`, a missing `path`, `from` or `value`), naming where. Each operation keeps only its members.
 *
 * @example
 * jsonPatchOperations([{ op: 'remove', path: '/content' }]) // the same list, typed
 */
export function jsonPatchOperations(body: unknown): Operation[] {
  const refuse = (where: string) =>
    new Problem(
      400,
      `The request body is not a JSON Patch operation list${where ? ` at ${where}` : ''}.`,
    )
  if (!Array.isArray(body)) throw refuse('')
  return body.map((operation: unknown, index) => {
    if (typeof operation !== 'object' || operation === null || Array.isArray(operation)) {
      throw refuse(`/${index}`)
    }
    const fields = operation as Record<string, unknown>
    const { op } = fields
    const members = typeof op === 'string' && Object.hasOwn(MEMBERS, op) ? MEMBERS[op] : undefined
    if (members === undefined) throw refuse(`/${index}/op`)
    const kept: Record<string, unknown> = { op }
    for (const name of members) {
      const value = fields[name]
      const ok = Object.hasOwn(fields, name) && (name === 'value' || typeof value === 'string')
      if (!ok) throw refuse(`/${index}/${name}`)
      kept[name] = value
    }
    return kept as unknown as Operation
  })
}

/**
 * Applies an operation list to a copy of `document`, all or none: 422 (with the operation's
 * pointer) for an operation on a path that is not one of `paths` or below one (`/lines/0` is below
 * `/lines`), or that cannot apply (a missing member); 409 for a failing `test`. `noun` names the
 * resource in the problem.
 *
 * @example
 * applyJsonPatch({ title: 'a' }, [{ op: 'replace', path: '/title', value: 'b' }], ['/title'], 'article')
 */
export function applyJsonPatch(
  document: Record<string, unknown>,
  list: readonly Operation[],
  paths: readonly string[],
  noun: string,
): Record<string, unknown> {
  const allowed = (target: string) =>
    paths.some((path) => target === path || target.startsWith(`${path}/`))
  const errors = list.flatMap((operation, index) =>
    [operation.path, 'from' in operation ? operation.from : undefined]
      .filter((target): target is string => target !== undefined && !allowed(target))
      .map((target) => ({
        pointer: `/${index}`,
        detail: `${target} cannot be changed; only ${paths.join(' and ')} can`,
      })),
  )
  if (errors.length > 0) {
    throw new Problem(422, 'The patch changes what cannot be changed.', { errors })
  }
  const copy = structuredClone(document)
  for (const [index, operation] of list.entries()) {
    let error: Error | null | undefined
    try {
      ;[error] = applyPatch(copy, [operation])
    } catch (thrown) {
      // rfc6902 throws when a path goes into a string or a number (`/title/0`).
      error = thrown as Error
    }
    if (!error) {
      // Each operation's result, so a run of `copy` never doubles past the bounds.
      checkStorable(copy, noun)
      continue
    }
    if (error.name === 'TestError') {
      throw new Problem(409, `The test of operation ${index} failed: nothing was changed.`)
    }
    throw new Problem(422, `The patch cannot be applied to this ${noun}.`, {
      errors: [{ pointer: `/${index}`, detail: `${operation.op} on ${operation.path} failed` }],
    })
  }
  return copy
}
