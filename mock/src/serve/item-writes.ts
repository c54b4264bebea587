import type { Answer } from '../http/answer.js'
import { checkStorable, readJson } from '../http/body.js'
import { applyJsonPatch, jsonPatchOperations, mergePatch, patchFormat } from '../http/patch.js'
import { answerWrite, checkWritePreconditions, type Representation } from '../http/respond.js'
import type { HalRequest } from './request.js'

/** Runs a write after every earlier one has finished: a store's write lock. */
export type WriteLock = <T>(write: () => Promise<T>) => Promise<T>

/**
 * What PUT, PATCH and DELETE need of one item, whichever API it belongs to: the core's
 * collections and the Blog API's articles write through the same flows.
 */
export interface WritableItem<R> {
  /** The record as it is now, read inside the write lock; throws a 404 `Problem` when it is gone. */
  current(): R
  /** The record's representation for this request (its ETags for the preconditions, the answer). */
  represent(record: R): Representation
  /** What a patch applies to: the record's fields, and the JSON Pointers a JSON Patch may touch. */
  patchable(record: R): {
    readonly fields: Record<string, unknown>
    readonly pointers: readonly string[]
  }
  /**
   * Reads a body in a format of the item's own beside JSON (urlencoded fields): for a PUT the
   * body, for a PATCH the fields to merge or `undefined` when it sends a patch format. Without it,
   * JSON only.
   */
  readBody?(request: HalRequest, method: 'PUT' | 'PATCH'): Promise<unknown>
  /** Names the record in a JSON Patch's problems ("article", "order"). */
  readonly label: string
  /** Validates a document (a PUT body, a patched record) and stores it (400, 422): the new record. */
  replace(record: R, document: unknown): Promise<R>
  /** Deletes the record, or throws a `Problem` (a 409 while others link to it). */
  remove(record: R): void | Promise<void>
}

/**
 * PUT: whole replacement. The body is read first (415, 413, 400), then, inside the write lock,
 * the preconditions (412) are checked against the record as it is now, before the document is
 * validated (422), as RFC 9110 §13.2.1 orders them; no other write slips in between.
 *
 * @example
 * return putItem(request, store.write, item)
 */
export async function putItem<R>(
  request: HalRequest,
  write: WriteLock,
  item: WritableItem<R>,
): Promise<Answer> {
  const body = item.readBody ? await item.readBody(request, 'PUT') : await readJson(request)
  const updated = await write(async () => item.replace(checked(request, item), body))
  return answerWrite(item.represent(updated), 200)
}

/**
 * PATCH: a merge patch (RFC 7396), a JSON Patch (RFC 6902, all or none), or fields the item
 * reads itself (`readBody`: urlencoded, merged as a merge patch) applied to the record's fields, the result validated as a PUT body. The format first (415 with `Accept-Patch`), the body
 * (413, 400, and 400 for an invalid operation list), then in the write lock 412, 409 (a failing
 * `test`), 422.
 *
 * @example
 * return patchItem(request, store.write, item)
 */
export async function patchItem<R>(
  request: HalRequest,
  write: WriteLock,
  item: WritableItem<R>,
): Promise<Answer> {
  const fields = await item.readBody?.(request, 'PATCH')
  const format = fields === undefined ? patchFormat(request.headers.get('content-type')) : 'merge'
  const body = fields === undefined ? await readJson(request) : fields
  const operations = format === 'json-patch' ? jsonPatchOperations(body) : undefined
  const updated = await write(async () => {
    const current = checked(request, item)
    const { fields, pointers } = item.patchable(current)
    const patched = operations
      ? applyJsonPatch(fields, operations, pointers, item.label)
      : mergePatch(fields, body)
    // Merged patches add up: no more than a PUT could send.
    checkStorable(patched, item.label)
    return item.replace(current, patched)
  })
  return answerWrite(item.represent(updated), 200)
}

/**
 * DELETE: in the write lock, the preconditions (412) against the record as it is now, then the
 * deletion. Resolves to the deleted record, for an answer of the caller's (204, or a body).
 *
 * @example
 * await deleteItem(request, store.write, item)
 * return { status: 204, headers: {}, body: null }
 */
export function deleteItem<R>(
  request: HalRequest,
  write: WriteLock,
  item: WritableItem<R>,
): Promise<R> {
  return write(async () => {
    const current = checked(request, item)
    await item.remove(current)
    return current
  })
}

/** The record now, once the request's preconditions hold for it (else a 412). */
function checked<R>(request: HalRequest, item: WritableItem<R>): R {
  const current = item.current()
  checkWritePreconditions(request, item.represent(current))
  return current
}
