import type { OperationModel } from '../../model/types.js'
import type { Exchange } from '../../remote/client.js'
import { HAL, type VerifyRun } from '../run.js'
import { checkNegotiation } from './negotiation.js'

/**
 * Validators (`ETag`, `Last-Modified`), 304 to each, then what the representation negotiates. A
 * document a route of yours answers (`route`) promises only the preconditions and media types it
 * declares; the 304 of a validator it sends all the same is checked.
 */
export async function checkCaching(
  run: VerifyRun,
  collection: string,
  read: Exchange,
  route?: OperationModel,
): Promise<void> {
  const etag = read.headers.get('etag')
  const modified = read.headers.get('last-modified')
  const promised = (precondition: OperationModel['preconditions'][number]) =>
    run.promises('validators') &&
    (route === undefined || route.preconditions.includes(precondition))
  if (promised('If-None-Match') || etag !== null)
    run.expect(collection, 'validators.etag', etag !== null, `${read.url} has no ETag.`, read)
  if (promised('If-Modified-Since') || modified !== null)
    run.expect(
      collection,
      'validators.last-modified',
      modified !== null,
      `${read.url} has no Last-Modified.`,
      read,
    )
  // A route of yours promises no headers of the core's reads.
  if (route === undefined) {
    run.expect(
      collection,
      'cache-control',
      read.headers.get('cache-control') !== null,
      `${read.url} has no Cache-Control: caches may guess its freshness.`,
      read,
    )
    // One URL answers HAL, HAL-FORMS and 406 by Accept: a cache must key on it (RFC 9110 §12.5.5).
    const vary = (read.headers.get('vary') ?? '').split(',').map((v) => v.trim().toLowerCase())
    run.expect(
      collection,
      'vary',
      vary.includes('accept') || vary.includes('*'),
      `${read.url} answers by Accept without Vary: Accept (Vary: ${read.headers.get('vary') ?? 'none'}).`,
      read,
    )
  }
  if (etag !== null && run.promises('validators')) {
    const again = await run.send('GET', read.url, {
      headers: { accept: HAL, 'if-none-match': etag },
    })
    run.expect(
      collection,
      'validators.not-modified',
      again.status === 304,
      `If-None-Match: ${etag} answers ${again.status}, not 304.`,
      again,
    )
    if (again.status === 304) notModified(run, collection, again, etag, modified)
  }
  if (modified !== null && run.promises('validators')) {
    const again = await run.send('GET', read.url, {
      headers: { accept: HAL, 'if-modified-since': modified },
    })
    run.expect(
      collection,
      'validators.not-modified',
      again.status === 304,
      `If-Modified-Since: ${modified} answers ${again.status}, not 304.`,
      again,
    )
    if (again.status === 304) notModified(run, collection, again, etag, modified)
    // A date before the last change: the resource changed since, so the document (RFC 9110 §13.1.3).
    const time = Date.parse(modified)
    if (!Number.isNaN(time) && run.active('validators.modified-since')) {
      const before = new Date(time - 1000).toUTCString()
      const changed = await run.send('GET', read.url, {
        headers: { accept: HAL, 'if-modified-since': before },
      })
      run.expect(
        collection,
        'validators.modified-since',
        changed.status === read.status,
        `If-Modified-Since: ${before}, before its Last-Modified ${modified}, answers ${changed.status}, not ${read.status}.`,
        changed,
      )
    }
  }
  await checkNegotiation(
    run,
    collection,
    read,
    route === undefined || route.response.mediaTypes.length > 0,
  )
}

/** A 304 carries the validators of the 200 it stands for (RFC 9110 §15.4.5). */
function notModified(
  run: VerifyRun,
  collection: string,
  answer: Exchange,
  etag: string | null,
  modified: string | null,
): void {
  const missing = [
    ...(etag !== null && answer.headers.get('etag') !== etag ? ['ETag'] : []),
    ...(modified !== null && answer.headers.get('last-modified') === null ? ['Last-Modified'] : []),
  ]
  run.expect(
    collection,
    'not-modified.validators',
    missing.length === 0,
    `A 304 of ${answer.url} lacks the ${missing.join(' and ')} of its 200.`,
    answer,
  )
}
