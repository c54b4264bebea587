import type { CollectionModel } from '../../model/types.js'
import { isObject, type Json } from '../documents.js'
import { generateValue, seeded } from '../generate.js'
import { HAL, type VerifyRun } from '../run.js'
import { patchable } from './bodies.js'
import { asSent } from './read-back.js'

/** A patch of a record it created, in each format the definition offers, read back as sent. */
export async function checkPatches(
  run: VerifyRun,
  c: CollectionModel,
  at: string,
  replacement: Json,
): Promise<void> {
  const member = patchable(c, replacement)
  // Each patch format the definition offers: a merge patch (RFC 7396), a JSON Patch (RFC 6902).
  const formats = [
    [
      'application/merge-patch+json',
      'A merge patch',
      (v: unknown) => ({ [member?.name ?? '']: v }),
    ],
    [
      'application/json-patch+json',
      'A JSON Patch',
      (v: unknown) => [{ op: 'replace', path: `/${member?.name ?? ''}`, value: v }],
    ],
  ] as const
  for (const [index, [type, what, document]] of formats.entries()) {
    if (!member || !c.patchTypes.includes(type)) continue
    const value = generateValue(member.schema, seeded(99 + index))
    const current = (await run.send('GET', at, { headers: { accept: HAL } })).headers.get('etag')
    const patch = await run.send('PATCH', at, {
      headers: { 'content-type': type, accept: HAL, ...(current ? { 'if-match': current } : {}) },
      body: JSON.stringify(document(value)),
    })
    if (!run.offered(c.name, 'patch', patch, what)) continue
    // A refused patch changed nothing: one failure, not another for the member it left as it was.
    run.expect(
      c.name,
      'patch',
      patch.status === 200 || patch.status === 204,
      `${what} answers ${patch.status}.`,
      patch,
    )
    if (patch.status >= 300) continue
    const patched = await run.send('GET', at, { headers: { accept: HAL } })
    const kept = isObject(patched.json) && patched.json[member.name] === value
    // A format the definition does not promise (a recording's guess) may be taken and ignored
    // (json-server reads only application/json bodies): a warning.
    if (!kept && !run.promises('writes')) {
      run.finding(
        c.name,
        'patch',
        `${what} answers ${patch.status} but changes nothing: ${type} is not taken, and the definition does not promise it.`,
        patched,
        'warning',
      )
      continue
    }
    asSent(run, c, { [member.name]: value }, patched, 'patch')
  }
}
