import type { CollectionModel } from '../../model/types.js'
import type { Exchange } from '../../remote/client.js'
import { isObject } from '../documents.js'
import type { VerifyRun } from '../run.js'
import { declaredErrors, formatDifference, mediaTypeOf } from './error-format.js'

/** A V8 or JVM stack frame (`    at handler (/srv/app.js:3:9)`), or a Python traceback's head. */
const STACK = /(^|\n|\\n)\s*at [^\n]*[(\s][^\n]*:\d+(:\d+)?\)?|Traceback \(most recent call last\)/

/**
 * An error answer tells the client what went wrong, never where in the server (docs/api.md,
 * Errors: "No error carries a stack trace"): no `stack` member, no frames in its text.
 */
export function checkNoStack(run: VerifyRun, c: { readonly name: string }, answer: Exchange): void {
  if (answer.status < 400) return
  const member = isObject(answer.json) && ('stack' in answer.json || 'trace' in answer.json)
  run.expect(
    c.name,
    'problem.no-stack',
    !member && !STACK.test(answer.text),
    `The ${answer.status} of ${answer.method} ${answer.url} carries a stack trace.`,
    answer,
  )
}

/**
 * A body the schema refuses is refused in the definition's error format: its status (422, or
 * the format's `invalid`), media type and top-level members, never a 2xx or a 5xx; its `errors`
 * and no stack trace.
 */
export function checkRefused(
  run: VerifyRun,
  c: CollectionModel,
  what: string,
  refused: Exchange,
): void {
  const errors = declaredErrors(run.model.definition)
  const difference = errors.invalid.includes(refused.status)
    ? formatDifference(errors, refused, true)
    : 'its status'
  const expected = errors.declared
    ? `${errors.invalid.join(' or ')} in the API's error format`
    : 'a 422 problem'
  run.expect(
    c.name,
    'invalid-body',
    difference === undefined,
    `A body with ${what} answers ${refused.status} ${mediaTypeOf(refused)}, not ${expected} (${difference ?? ''}).`,
    refused,
  )
  checkErrors(run, c, refused)
  checkNoStack(run, c, refused)
}

/**
 * A refusal lists each problem of the body: problem details in `errors`, by JSON Pointer (RFC 9457
 * §3.2, docs/api.md); an error format of the API's own in the list its body declares, if any.
 */
export function checkErrors(run: VerifyRun, c: CollectionModel, answer: Exchange): void {
  const format = declaredErrors(run.model.definition)
  if (!format.invalid.includes(answer.status)) return
  if (format.own) {
    const declared = format.bodyOf(answer.status, true)
    const list = isObject(declared)
      ? Object.keys(declared).find((name) => Array.isArray(declared[name]))
      : undefined
    if (list === undefined) return
    const listed = isObject(answer.json) ? answer.json[list] : undefined
    run.expect(
      c.name,
      'invalid-body.errors',
      Array.isArray(listed) && listed.length > 0,
      `A ${answer.status} has no "${list}" listing what is invalid (${JSON.stringify(listed)?.slice(0, 80) ?? 'none'}).`,
      answer,
    )
    return
  }
  const errors = isObject(answer.json) ? answer.json.errors : undefined
  run.expect(
    c.name,
    'invalid-body.errors',
    Array.isArray(errors) &&
      errors.length > 0 &&
      errors.every((e) => isObject(e) && typeof e.pointer === 'string'),
    `A ${answer.status} has no errors naming what is invalid by JSON Pointer (errors: ${JSON.stringify(errors)?.slice(0, 80) ?? 'none'}).`,
    answer,
  )
}

/**
 * The 404 of a record gone is written in the error format the definition declares (its media
 * type and top-level members); a definition that declares none is held to no format here.
 */
export function formatOfGone(run: VerifyRun, answer: Exchange): string | undefined {
  const errors = declaredErrors(run.model.definition)
  if (!errors.declared || answer.status !== 404) return undefined
  return formatDifference(errors, answer, false)
}
