import type { CollectionModel } from '../../model/types.js'
import type { Exchange } from '../../remote/client.js'
import { isObject } from '../documents.js'
import type { VerifyRun } from '../run.js'

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

/** A 422 lists each problem of the body in `errors`, by JSON Pointer (RFC 9457 §3.2, docs/api.md). */
export function checkErrors(run: VerifyRun, c: CollectionModel, answer: Exchange): void {
  if (answer.status !== 422) return
  const errors = isObject(answer.json) ? answer.json.errors : undefined
  run.expect(
    c.name,
    'invalid-body.errors',
    Array.isArray(errors) &&
      errors.length > 0 &&
      errors.every((e) => isObject(e) && typeof e.pointer === 'string'),
    `A 422 has no errors naming what is invalid by JSON Pointer (errors: ${JSON.stringify(errors)?.slice(0, 80) ?? 'none'}).`,
    answer,
  )
}
