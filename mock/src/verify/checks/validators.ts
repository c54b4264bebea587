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
      'validators.etag',
      modified !== null,
      `${read.url} has no Last-Modified.`,
      read,
    )
  // Advice, not the contract: without it caches guess how long the answer stays fresh.
  run.expect(
    collection,
    'cache-control',
    read.headers.get('cache-control') !== null,
    `${read.url} has no Cache-Control: caches may guess its freshness.`,
    read,
    'warning',
  )
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
  }
  await checkNegotiation(
    run,
    collection,
    read,
    route === undefined || route.response.mediaTypes.length > 0,
  )
}
