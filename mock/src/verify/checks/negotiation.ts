import type { CollectionModel } from '../../model/types.js'
import type { Exchange } from '../../remote/client.js'
import { HAL, type VerifyRun } from '../run.js'
import { checkNoStack } from './problems.js'

export function checkMediaType(
  run: VerifyRun,
  collection: string,
  exchange: Exchange,
  type: string,
): void {
  const got = (exchange.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase()
  run.expect(
    collection,
    'media-type',
    got === type,
    `${exchange.url} answers as ${got || 'no media type'}, not ${type}.`,
    exchange,
  )
}

/** `OPTIONS` says what may be written, and a method no resource answers is a 405 with `Allow`. */
export async function checkAllow(
  run: VerifyRun,
  c: CollectionModel,
  item: Exchange,
): Promise<void> {
  if (!run.promises('allow')) return
  const options = await run.send('OPTIONS', item.url)
  const allow = (options.headers.get('allow') ?? '').split(',').map((m) => m.trim().toUpperCase())
  const writes = ['PUT', 'PATCH', 'DELETE'].filter((m) => allow.includes(m))
  run.expect(
    c.name,
    'allow',
    allow.includes('GET'),
    `OPTIONS ${item.url} allows ${allow.join(', ') || 'nothing'}, not GET.`,
    options,
  )
  run.expect(
    c.name,
    'allow',
    c.writable ? writes.length === 3 : writes.length === 0,
    c.writable
      ? `OPTIONS allows ${allow.join(', ')}: a ${c.noun} takes PUT, PATCH and DELETE.`
      : `OPTIONS allows ${writes.join(', ')} on a read-only ${c.noun}.`,
    options,
  )
  // POST on a record is never an operation of a definition: safe to send, whatever the server.
  // What it answers is never taken as a record the run made (its `self` is the record read).
  const post = await run.send('POST', item.url, {
    headers: { 'content-type': 'application/json' },
    body: '{}',
    credentials: 'none',
  })
  run.expect(
    c.name,
    'allow',
    post.status === 405 && post.headers.get('allow') !== null,
    `POST on a ${c.noun} answers ${post.status}${post.headers.get('allow') === null ? ' without Allow' : ''}, not 405 with Allow.`,
    post,
  )
  checkNoStack(run, c, post)
}

/** `HEAD` as `GET`, and 406 for an `Accept` the resource cannot answer (when it can refuse one). */
export async function checkNegotiation(
  run: VerifyRun,
  collection: string,
  read: Exchange,
  acceptable = true,
): Promise<void> {
  const etag = read.headers.get('etag')
  const head = await run.send('HEAD', read.url, { headers: { accept: HAL } })
  run.expect(
    collection,
    'head',
    head.status === read.status && head.text === '',
    `HEAD answers ${head.status}${head.text === '' ? '' : ' with a body'}; GET answered ${read.status}.`,
    head,
  )
  run.expect(
    collection,
    'head',
    head.headers.get('etag') === etag &&
      head.headers.get('content-type') === read.headers.get('content-type'),
    'HEAD answers another ETag or media type than GET.',
    head,
  )
  // A resource that answers whatever is accepted (a route producing any type) owes no 406.
  if (!acceptable || !run.promises('notAcceptable')) return
  const odd = await run.send('GET', read.url, { headers: { accept: 'image/png' } })
  run.expect(
    collection,
    'not-acceptable',
    odd.status === 406,
    `Accept: image/png answers ${odd.status}, not 406.`,
    odd,
  )
  checkNoStack(run, { name: collection }, odd)
}
