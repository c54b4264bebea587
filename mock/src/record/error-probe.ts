import type { RemoteClient } from '../remote/client.js'

/** One error answer of the API, kept to learn its error format (see `infer/errors.ts`). */
export interface ErrorSample {
  /** How it was asked, for the recording's comment: `GET /api/notes/1000000001`. */
  readonly asked: string
  readonly url: string
  readonly status: number
  /** The media type, without parameters (`''` for none). */
  readonly contentType: string
  /** The body as JSON; `undefined` for an empty one, `null` JSON included. */
  readonly body: unknown
  /** Whether it had a body that is no JSON (a page of HTML). */
  readonly opaque?: boolean
}

/** What a recording learns the API's error format from. */
export interface ErrorSamples {
  /** A 404 of a record that cannot exist, asked by the crawl (a GET: safe). */
  readonly notFound?: ErrorSample
  /** A body the API refused (400 or 422): one of a HAR session's own writes. */
  readonly refused?: ErrorSample
}

/**
 * A record address that cannot exist under a list the crawl read: the greatest id recorded
 * there, plus a billion (ids are numbers at the end of a record's `self`).
 */
export function absentRecord(records: Iterable<string>): string | undefined {
  const byList = new Map<string, number>()
  for (const url of records) {
    const match = /^(.*)\/(\d+)$/.exec(url.replace(/[?#].*$/, ''))
    if (!match) continue
    const [, list = '', id = '0'] = match
    byList.set(list, Math.max(byList.get(list) ?? 0, Number(id)))
  }
  const [list, greatest] = [...byList].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))[0] ?? []
  return list === undefined ? undefined : `${list}/${(greatest ?? 0) + 1_000_000_000}`
}

/**
 * Asks the API, by a GET (never a write), for a record that cannot exist, to learn how it writes
 * a 404: its media type and body. `undefined` when there is no record to derive one from, or the
 * answer is no 404 (a server that answers any id), or the crawl's deadline passed.
 */
export async function probeNotFound(
  client: RemoteClient,
  records: Iterable<string>,
): Promise<ErrorSample | undefined> {
  const url = absentRecord(records)
  if (url === undefined) return undefined
  try {
    const answer = await client.send('GET', url, {
      headers: { accept: 'application/hal+json, application/json;q=0.9' },
    })
    if (answer.status !== 404) return undefined
    const contentType = (answer.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? ''
    const json = answer.text !== '' && answer.refused === undefined ? answer.json : undefined
    return {
      asked: `GET ${new URL(url).pathname}`,
      url,
      status: answer.status,
      contentType,
      body: json,
      ...(answer.text !== '' && json === undefined ? { opaque: true } : {}),
    }
  } catch {
    // Past the crawl's deadline or bound: nothing learned, the recording stands.
    return undefined
  }
}
