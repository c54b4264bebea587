import type { CollectionModel } from '../../model/types.js'
import type { Exchange } from '../../remote/client.js'
import { isObject, type Json } from '../documents.js'
import type { VerifyRun } from '../run.js'
import type { VerifyRule } from '../types.js'

/** The members sent read back as sent (those the representation shows). */
export function asSent(
  run: VerifyRun,
  c: CollectionModel,
  sent: Json,
  read: Exchange,
  rule: VerifyRule = 'read-back',
): void {
  if (!isObject(read.json)) {
    run.expect(c.name, rule, false, `${read.url} answers ${read.status} without a document.`, read)
    return
  }
  const doc = read.json
  for (const [key, value] of Object.entries(sent)) {
    if (!(key in doc) || key === c.parent?.member) continue
    run.expect(
      c.name,
      rule,
      JSON.stringify(doc[key]) === JSON.stringify(value),
      `"${key}" was sent as ${JSON.stringify(value).slice(0, 80)} and reads back as ${JSON.stringify(doc[key]).slice(0, 80)}.`,
      read,
    )
  }
}
