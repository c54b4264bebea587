import { join } from 'node:path'
import { compileApi } from '../../src/model/compile.js'
import type { Crawl } from '../../src/record/crawl.js'
import { absentRecord } from '../../src/record/error-probe.js'
import { recordHar } from '../../src/record/har/record-har.js'
import { writeRecording } from '../../src/record/record.js'
import type { HalApi } from '../../src/serve/api.js'
import { outDir } from '../record/replay.js'
import type { Original } from './round-trip.js'

// The round trip of an API's errors: the replay answers a record that cannot exist and an
// invalid write in the original's media type and top-level members; the status of the invalid
// write, which a crawl never sees (it writes nothing), once a session's HAR showed it.

const HAL = 'application/hal+json, application/json;q=0.9'

/** What an error answer is, for comparing: its status, media type and top-level members. */
interface ErrorView {
  readonly status: number
  readonly type: string
  readonly members: string
  readonly text: string
}

async function viewOf(response: Response): Promise<ErrorView> {
  const text = await response.text()
  let members = '(no JSON object)'
  try {
    const json: unknown = JSON.parse(text)
    if (typeof json === 'object' && json !== null && !Array.isArray(json))
      members = Object.keys(json).sort().join(',')
  } catch {
    if (text === '') members = '(no body)'
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? ''
  return { status: response.status, type, members, text }
}

/** How two error answers differ (`status` compared only when `withStatus`), or undefined. */
function differ(original: ErrorView, replayed: ErrorView, withStatus: boolean): string | undefined {
  const parts: string[] = []
  if (withStatus && original.status !== replayed.status)
    parts.push(`status ${original.status} recorded, ${replayed.status} replayed`)
  if (original.type !== replayed.type)
    parts.push(`${original.type || 'no type'} recorded, ${replayed.type || 'no type'} replayed`)
  if (original.members !== replayed.members)
    parts.push(`members ${original.members} recorded, ${replayed.members} replayed`)
  return parts.length === 0 ? undefined : `${parts.join('; ')} (${replayed.text.slice(0, 120)})`
}

/** The header that carries the replay's token where the original takes its credential. */
function replayCredential(original: Original): Record<string, string> {
  const c = original.credential
  if (!c) return { authorization: 'Bearer mock-token' }
  if (c.name === 'Cookie') return { Cookie: c.value.replace(/=.*/, '=mock-token') }
  return { [c.name]: c.value.startsWith('Bearer ') ? 'Bearer mock-token' : 'mock-token' }
}

/**
 * A body the replay's schema refuses, for the writable list at `url`: its first typed input
 * member given a value of another type (which the original refuses too: it checks its types).
 */
function invalidFor(api: HalApi, url: string): Record<string, unknown> | undefined {
  const path = new URL(url).pathname
  const model = compileApi(api.definition)
  const c = model.collections
    .filter((c) =>
      new RegExp(`${c.listPath.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path.replace(/\/$/, '')),
    )
    .sort((a, b) => b.listPath.length - a.listPath.length)[0]
  const properties = (c?.jsonSchema.input.properties ?? {}) as Record<string, { type?: unknown }>
  const typed = Object.entries(properties).find(([, p]) =>
    ['string', 'number', 'integer', 'boolean'].includes(String(p.type)),
  )
  if (!typed) return undefined
  return { [typed[0]]: typed[1].type === 'string' ? 12_345 : 'not of its type' }
}

/** One HAR entry of a POST and its answer, as a browser's DevTools writes it. */
function harOf(
  url: string,
  headers: Record<string, string>,
  sent: string,
  answer: Response,
  text: string,
) {
  const entry = {
    startedDateTime: new Date().toISOString(),
    request: {
      method: 'POST',
      url,
      headers: Object.entries(headers).map(([name, value]) => ({ name, value })),
      postData: { mimeType: 'application/json', text: sent },
    },
    response: {
      status: answer.status,
      headers: [...answer.headers].map(([name, value]) => ({ name, value })),
      content: { mimeType: answer.headers.get('content-type') ?? '', text },
    },
  }
  return JSON.stringify({ log: { version: '1.2', entries: [entry] } })
}

/** What the round trip of the errors saw: invalid writes compared, and what went wrong. */
export interface ErrorTrip {
  readonly invalid: number
  readonly problems: readonly string[]
}

/**
 * The errors of `original` against its crawl's replay `api` (on origin `to`): a 404 in the same
 * shape; an invalid write in the same shape, and, recorded again with a session that wrote it
 * (`record <root> --har`), with the same status too.
 */
export async function errorRoundTrip(
  original: Original,
  api: HalApi,
  crawl: Crawl,
  to: string,
): Promise<ErrorTrip> {
  const problems: string[] = []
  const from = new URL(original.root).origin
  const credential = original.credential
    ? { [original.credential.name]: original.credential.value }
    : {}
  const records = [...crawl.exchanges.values()].filter((e) => e.accept === 'hal').map((e) => e.url)
  const absent = absentRecord(records)
  if (absent) {
    const there = await viewOf(await fetch(absent, { headers: { accept: HAL, ...credential } }))
    const here = await viewOf(
      await api.handle(new Request(absent.replace(from, to), { headers: { accept: HAL } })),
    )
    const d = there.status === 404 ? differ(there, here, true) : undefined
    if (d) problems.push(`replay: GET ${absent}: ${d}`)
  }
  const list = [...(crawl.allow ?? [])].find(([, methods]) => methods.includes('POST'))?.[0]
  const invalid = list === undefined ? undefined : invalidFor(api, list)
  if (list === undefined || invalid === undefined) return { invalid: 0, problems }
  const sent = JSON.stringify(invalid)
  const headers = { 'content-type': 'application/json', accept: HAL }
  const answer = await fetch(list, {
    method: 'POST',
    headers: { ...headers, ...credential },
    body: sent,
  })
  const refused = await viewOf(answer)
  if (refused.status !== 400 && refused.status !== 422) {
    problems.push(`original: an invalid POST ${list} ${sent} answered ${refused.status}`)
    return { invalid: 0, problems }
  }
  const post = (to_: string, replay: HalApi) =>
    replay.handle(
      new Request(list.replace(from, to_), {
        method: 'POST',
        headers: { ...headers, ...replayCredential(original) },
        body: sent,
      }),
    )
  // The crawl's replay: the shape (the 404's), its status unseen.
  const crawled = differ(refused, await viewOf(await post(to, api)), false)
  if (crawled) problems.push(`replay: POST ${list} ${sent}: ${crawled}`)
  // Recorded again with the session's HAR: its status too.
  const har = harOf(list, { ...headers, ...credential }, sent, answer, refused.text)
  const recording = await recordHar([{ name: 'session.har', text: har }], {
    crawl: original.root,
    ...(original.credential ? { headers: credential } : {}),
  })
  const dir = await outDir('generated-har')
  await writeRecording(dir, recording.files)
  const session = (await import(join(dir, 'api.ts'))).default as HalApi
  const replayed = differ(refused, await viewOf(await post(to, session)), true)
  if (replayed) problems.push(`replay of the session's HAR: POST ${list} ${sent}: ${replayed}`)
  return { invalid: 1, problems }
}
