import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { crawlApi } from '../../src/record/crawl.js'
import type { HalApi } from '../../src/serve/api.js'
import { createHalServer } from '../../src/shells/server/index.js'
import { verifyApi } from '../../src/verify/engine.js'
import type { VerifyReport } from '../../src/verify/types.js'
import { projectOf } from '../packed.js'
import { outDir } from '../record/replay.js'
import { errorRoundTrip } from './errors.js'

// One round trip: a server is recorded by the bin of the packed tarball (`packedBin()` in
// mock/test/packed.ts), as a user records one; its replay is
// asked every document the crawler reaches on the original and must answer it in the same
// shape; the original and the replay each pass `verify` against the untouched recording; and,
// when asked, its errors are answered as the original answers them (errors.ts).

const run = promisify(execFile)
const HAL = 'application/hal+json, application/json;q=0.9'

export interface Original {
  readonly root: string
  readonly credential?: { readonly name: string; readonly value: string }
}

/** What a round trip saw: documents compared, and each way it went wrong. */
export interface RoundTrip {
  readonly documents: number
  /** Creates the original refused with 405, each asked of the replay. */
  readonly refusals: number
  /** Invalid writes the original refused, each asked of the replays (with `errors`). */
  readonly invalid: number
  readonly problems: readonly string[]
}

/** Records `original` with `bin` (the installed `halyard-mock`) into a fresh folder; returns it. */
export async function recordWithBin(
  bin: string,
  original: Original,
  name: string,
): Promise<string> {
  const dir = await outDir(name)
  const header = original.credential
    ? ['--header', `${original.credential.name}: ${original.credential.value}`]
    : []
  try {
    await run(bin, ['record', original.root, '--out', dir, '--quiet', ...header], {
      cwd: projectOf(bin),
      maxBuffer: 16 * 1024 * 1024,
    })
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string }
    throw new Error(`record failed: ${e.stderr || e.stdout || e.message}`)
  }
  return dir
}

/** The first place two documents differ in shape, or undefined: see {@link sameShape}. */
export function shapeDifference(recorded: unknown, replayed: unknown, at = ''): string | undefined {
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)
  if (kind(recorded) !== kind(replayed))
    return `${at || '/'}: ${kind(recorded)} recorded, ${kind(replayed)} replayed`
  if (Array.isArray(recorded) && Array.isArray(replayed)) {
    if (at.endsWith('/_links') || /\/_links\/[^/]+$/.test(at) || /\/_embedded\/[^/]+$/.test(at)) {
      if (recorded.length !== replayed.length)
        return `${at}: ${recorded.length} items recorded, ${replayed.length} replayed`
    }
    for (let i = 0; i < Math.min(recorded.length, replayed.length); i++) {
      const d = shapeDifference(recorded[i], replayed[i], `${at}/${i}`)
      if (d) return d
    }
    return undefined
  }
  if (kind(recorded) !== 'object') {
    // Inside a link every attribute is compared by value (hrefs modulo the origin).
    if (/\/_links\//.test(at) && recorded !== replayed)
      return `${at}: ${JSON.stringify(recorded)} recorded, ${JSON.stringify(replayed)} replayed`
    return undefined
  }
  const a = recorded as Record<string, unknown>
  const b = replayed as Record<string, unknown>
  const keys = (o: Record<string, unknown>) => Object.keys(o).sort().join(',')
  if (keys(a) !== keys(b)) return `${at || '/'}: members ${keys(a)} recorded, ${keys(b)} replayed`
  for (const key of Object.keys(a)) {
    const d = shapeDifference(a[key], b[key], `${at}/${key}`)
    if (d) return d
  }
  return undefined
}

const failuresOf = (report: VerifyReport) =>
  report.findings
    .filter((f) => f.severity === 'failure')
    .map(
      (f) =>
        `${f.rule}: ${f.message} (${f.request?.method ?? ''} ${f.request?.url ?? ''} → ${f.answer?.excerpt.slice(0, 200) ?? ''})`,
    )

/** How verify is given the credential the original takes: as a token, or a cookie header. */
export function verifyCredentials(original: Original): {
  token?: string
  headers?: Record<string, string>
} {
  const c = original.credential
  if (!c) return {}
  if (c.name === 'Cookie') return { headers: { Cookie: c.value } }
  return { token: c.value.replace(/^Bearer /, '') }
}

/**
 * The round trip of one server: record (`bin`), compare every reachable document with the
 * replay, verify of the original (writes too), verify of the replay.
 */
export async function roundTrip(
  bin: string,
  original: Original,
  name: string,
  { errors = false }: { readonly errors?: boolean } = {},
): Promise<RoundTrip> {
  const problems: string[] = []
  const dir = await recordWithBin(bin, original, name)
  const api = (await import(join(dir, 'api.ts'))).default as HalApi
  const from = new URL(original.root).origin
  const replay = await createHalServer(api, { port: 0, log: false })
  const to = new URL(replay.url).origin
  let documents = 0
  let refusals = 0
  let invalid = 0
  try {
    // 1. Every document the crawler reaches on the original, asked of the replay.
    const crawl = await crawlApi(original.root, {
      ...(original.credential
        ? { headers: { [original.credential.name]: original.credential.value } }
        : {}),
    })
    for (const exchange of crawl.exchanges.values()) {
      if (exchange.accept !== 'hal') continue
      documents++
      const response = await api.handle(
        new Request(exchange.url.replace(from, to), { headers: { accept: HAL } }),
      )
      const text = await response.text()
      if (!response.ok) {
        problems.push(
          `replay: GET ${exchange.url} answered ${response.status} (${text.slice(0, 200)})`,
        )
        continue
      }
      const recorded = JSON.parse(JSON.stringify(exchange.body).replaceAll(from, 'ORIGIN'))
      const replayed = JSON.parse(text.replaceAll(to, 'ORIGIN'))
      const d = shapeDifference(recorded, replayed)
      if (d) problems.push(`replay: GET ${exchange.url}: ${d}`)
    }
    // 1b. A create the original refuses (its Allow lacks POST, and a POST is answered 405) is
    // refused by the replay too: a read-only collection is not recorded writable.
    for (const [url, methods] of crawl.allow ?? []) {
      if (methods.includes('POST')) continue
      const refused = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: HAL,
          ...credentialHeaders(original),
        },
        body: '{}',
      })
      await refused.body?.cancel()
      if (refused.status !== 405) continue
      refusals++
      const answer = await api.handle(
        new Request(url.replace(from, to), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: HAL,
            authorization: 'Bearer mock-token',
          },
          body: '{}',
        }),
      )
      if (answer.status !== 405)
        problems.push(
          `replay: POST ${url} answered ${answer.status}; the original refuses it (405)`,
        )
    }
    // 2. The original, then the replay, verified against the untouched recording.
    const original_ = await verifyApi({ url: original.root, api, ...verifyCredentials(original) })
    for (const f of failuresOf(original_)) problems.push(`verify original: ${f}`)
    if (original_.leftovers.length > 0)
      problems.push(`verify original: left ${original_.leftovers.join(', ')}`)
    const replayRoot = original.root.replace(from, to)
    const cookie = original.credential?.name === 'Cookie'
    const replayed = await verifyApi({
      url: replayRoot,
      api,
      ...(cookie
        ? { headers: { Cookie: original.credential?.value.replace(/=.*/, '=mock-token') ?? '' } }
        : { token: 'mock-token' }),
    })
    for (const f of failuresOf(replayed)) problems.push(`verify replay: ${f}`)
    // 3. Its errors: a 404 and an invalid write answered as the original answers them.
    if (errors) {
      const trip = await errorRoundTrip(original, api, crawl, to)
      invalid += trip.invalid
      problems.push(...trip.problems)
    }
  } finally {
    await replay.close()
  }
  return { documents, refusals, invalid, problems }
}

/** The original's credential as a request header, when it takes one. */
const credentialHeaders = (original: Original): Record<string, string> =>
  original.credential ? { [original.credential.name]: original.credential.value } : {}
