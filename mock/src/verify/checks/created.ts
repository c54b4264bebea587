import type { CollectionModel } from '../../model/types.js'
import type { Exchange } from '../client.js'
import { firstLink, hrefOf, linksOf } from '../documents.js'
import type { VerifyRun } from '../run.js'

/** Keeps the URL of a record an answer says was created, to delete it whatever happens. */
export function track(run: VerifyRun, c: CollectionModel, answer: Exchange): string | undefined {
  if (answer.status < 200 || answer.status >= 300 || answer.method !== 'POST') return undefined
  const location = answer.headers.get('location')
  const url = location
    ? new URL(location, answer.url).href
    : hrefOf(firstLink(linksOf(answer.json).self))
  if (url !== undefined && !run.created.has(url))
    run.created.set(url, { collection: c.name, deleted: false })
  return url
}

/** Deletes every record the run created and has not deleted yet: on failure and on a stop too. */
export async function cleanup(run: VerifyRun): Promise<void> {
  for (const [url, entry] of run.created) {
    if (entry.deleted) continue
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
}
