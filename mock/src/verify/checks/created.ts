import type { CollectionModel } from '../../model/types.js'
import type { Exchange } from '../../remote/client.js'
import { offOrigin, urlKey } from '../../remote/origin.js'
import { firstLink, hrefOf, linksOf } from '../documents.js'
import type { VerifyRun } from '../run.js'

/**
 * Keeps the URL of a record a create (sent with the token) says it made, to delete it whatever
 * happens: its `Location`, else its body's `self`. `null` when that URL is no record of this
 * run's (another origin, or one the crawl read before): a failure of the server, never written.
 * Probes (without a token, with a wrong one, the 405 POST) are not given here: what they answer is
 * never taken as made by the run.
 */
export function track(
  run: VerifyRun,
  c: CollectionModel,
  answer: Exchange,
): string | null | undefined {
  if (answer.status < 200 || answer.status >= 300 || answer.method !== 'POST') return undefined
  const location = answer.headers.get('location')
  const href = location ?? hrefOf(firstLink(linksOf(answer.json).self))
  if (href === undefined) return undefined
  const url = urlKey(href, answer.url)
  const named = location === null ? 'self' : 'Location'
  const off = offOrigin(url, run.client.origin)
  if (off !== undefined || run.existing.has(url)) {
    run.finding(
      c.name,
      'create',
      off !== undefined
        ? `A create answers ${answer.status} with the ${named} ${url}: ${off}. Not written.`
        : `A create answers ${answer.status} with the ${named} ${url}, a record the crawl read before it created anything: not written (verify writes only records it created).`,
      answer,
    )
    return null
  }
  if (!run.created.has(url)) run.created.set(url, { collection: c.name, deleted: false })
  return url
}

/** Deletes every record the run created and has not deleted yet: on failure and on a stop too. */
export async function cleanup(run: VerifyRun): Promise<void> {
  for (const [url, entry] of run.created) {
    if (entry.deleted || !run.writable(url)) continue
    const answer = await run.client.send('DELETE', url, { cleanup: true })
    const gone = [200, 202, 204, 404, 410].includes(answer.status)
    if (gone) entry.deleted = true
    run.expect(
      entry.collection,
      'cleanup',
      gone,
      `The ${entry.collection} record at ${url} could not be deleted (${answer.status}).`,
      answer,
    )
  }
  // What the cycle deleted itself holds the rule too: every record created is gone.
  for (const [, entry] of run.created)
    if (entry.deleted) run.expect(entry.collection, 'cleanup', true, '')
}
