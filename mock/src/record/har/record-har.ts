import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { type Crawl, crawlApi, type Exchange, listOf } from '../crawl.js'
import { compareShapes, type Drift } from '../drift.js'
import { type RecordingShape, recordingShape } from '../emit/shape.js'
import { objectShape } from '../infer/schema.js'
import { type ApiModel, type CollectionModel, isObject } from '../model.js'
import { type Recording, type RecordOptions, recordCrawl } from '../record.js'
import { refusalPromises, withErrors } from './errors.js'
import {
  HAR_LIMITS,
  HarError,
  type HarRead,
  type HarTraffic,
  type ObservedWrite,
  type ReadHarOptions,
  readHar,
} from './read.js'

/** A HAR to record: a file's path, or its text with a name for the messages. */
export type HarSource = string | { readonly name: string; readonly text: string }

/** Options of {@link recordHar}: the HAR's bounds and base, redaction's, and a live root to crawl too. */
export interface RecordHarOptions extends RecordOptions, ReadHarOptions {
  /**
   * A live root to crawl first (`record <root> --har …`): what it reaches is recorded from the
   * API, and the HAR fills the rest (and teaches the writes). Its root is then the HAR's base.
   */
  readonly crawl?: string
}

/** A recording made from HAR files, and what the HAR held. */
export interface HarRecording extends Recording {
  readonly traffic: HarTraffic
}

/** The HARs' texts, each checked against the size bound before it is read. */
async function textsOf(
  sources: readonly HarSource[],
  fileBytes: number,
): Promise<{ name: string; text: string }[]> {
  const out: { name: string; text: string }[] = []
  for (const source of sources) {
    if (typeof source !== 'string') {
      out.push(source)
      continue
    }
    const unreadable = (error: unknown) =>
      new HarError(
        `${source} cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      )
    const size = await stat(source).then(
      (s) => s.size,
      (error: unknown) => {
        throw unreadable(error)
      },
    )
    if (size > fileBytes) {
      throw new HarError(
        `${source} has ${size} bytes, over the bound of ${fileBytes}: record a shorter session`,
      )
    }
    const text = await readFile(source, 'utf8').catch((error: unknown) => {
      throw unreadable(error)
    })
    out.push({ name: source, text })
  }
  return out
}

/**
 * When each address was first changed by a write: the record written (and what is under it),
 * its list. Asked by address and by each of its ancestors, so no read scans the writes.
 */
function firstChanges(writes: readonly ObservedWrite[]) {
  const lists = new Map<string, number>()
  const records = new Map<string, number>()
  const first = (map: Map<string, number>, key: string, at: number) => {
    if (!map.has(key)) map.set(key, at)
  }
  for (const w of writes) {
    const target = listOf(w.method === 'POST' ? (w.location ?? '') : w.url)
    const list = w.method === 'POST' ? listOf(w.url) : target.slice(0, target.lastIndexOf('/'))
    first(lists, list, w.at)
    if (target) first(records, target, w.at)
  }
  return (url: string): number => {
    const at = listOf(url)
    let when = lists.get(at) ?? Number.POSITIVE_INFINITY
    // The record itself, or one it is under (`/customers/1` for `/customers/1/orders`).
    for (let end = at.length; end > 0; end = at.lastIndexOf('/', end - 1)) {
      when = Math.min(when, records.get(at.slice(0, end)) ?? Number.POSITIVE_INFINITY)
    }
    return when
  }
}

const ok = (w: ObservedWrite) => w.status >= 200 && w.status < 300

interface Seeded {
  readonly exchanges: Map<string, Exchange>
  /** Documents kept as read before the session's first write to them, and as last read. */
  readonly before: number
  readonly last: number
}

/**
 * The documents of a session as one state: each the last read before the first write that
 * changed it (the state before the session's writes), else its last read.
 */
function seedOf(traffic: HarTraffic): Seeded {
  const byKey = new Map<string, HarRead[]>()
  for (const read of traffic.reads) {
    const key = read.accept === 'hal' ? read.url : `${read.accept} ${read.url}`
    const reads = byKey.get(key)
    if (reads) reads.push(read)
    else byKey.set(key, [read])
  }
  const changed = firstChanges(traffic.writes.filter(ok))
  const exchanges = new Map<string, Exchange>()
  let before = 0
  let last = 0
  for (const [key, reads] of byKey) {
    const touched = changed((reads[0] as HarRead).url)
    const earlier = reads.filter((r) => r.at < touched).at(-1)
    const chosen = earlier ?? (reads.at(-1) as HarRead)
    if (earlier && touched !== Number.POSITIVE_INFINITY) before++
    else last++
    exchanges.set(key, {
      url: chosen.url,
      status: chosen.status,
      contentType: chosen.contentType,
      body: chosen.body,
      accept: chosen.accept,
      validators: chosen.validators,
    })
  }
  // A client asking HAL-FORMS alone (a forms-driven UI) read the HAL document too: it is the same
  // one with `_templates` (the templates still teach the writes, as a crawl's do).
  for (const exchange of [...exchanges.values()]) {
    if (exchange.accept !== 'forms' || exchanges.has(exchange.url) || !isObject(exchange.body))
      continue
    const { _templates: _, ...body } = exchange.body
    exchanges.set(exchange.url, {
      ...exchange,
      accept: 'hal',
      contentType: 'application/hal+json',
      body,
    })
  }
  return { exchanges, before, last }
}

/** A crawl made of a HAR's documents (over a live crawl's, which wins where both read a URL). */
function crawlOf(traffic: HarTraffic, seeded: Seeded, started: number, live?: Crawl): Crawl {
  const exchanges = new Map(seeded.exchanges)
  for (const [key, exchange] of live?.exchanges ?? []) exchanges.set(key, exchange)
  const read = new Set([...exchanges.values()].map((e) => e.url))
  const unreached = [...(live?.unreached ?? []), ...traffic.unreached].filter(
    (u) => !read.has(u.url),
  )
  // The root as the session read it: `/api` and `/api/` may both be its address.
  const other = traffic.root.endsWith('/') ? traffic.root.slice(0, -1) : `${traffic.root}/`
  const root =
    live?.root ?? (!exchanges.has(traffic.root) && exchanges.has(other) ? other : traffic.root)
  return {
    root,
    exchanges,
    unreached: [...new Map(unreached.map((u) => [u.url, u])).values()].sort((a, b) =>
      a.url < b.url ? -1 : a.url > b.url ? 1 : 0,
    ),
    skipped: [...(live?.skipped ?? []), ...traffic.skipped],
    ...(live?.allow ? { allow: live.allow } : {}),
    requests: (live?.requests ?? 0) + traffic.entries,
    records: [...read].filter((u) => /\/\d+$/.test(listOf(u))).length,
    elapsed: Date.now() - started,
  }
}

/** What the session's writes teach a collection: who writes it, the members sent, its seed. */
function amended(
  c: CollectionModel,
  writes: readonly ObservedWrite[],
  created: ReadonlySet<number>,
  mine: (w: ObservedWrite) => boolean,
): CollectionModel {
  const own = writes.filter(mine)
  const records = c.records.filter((r) => !created.has(r.id as number))
  if (own.length === 0) return { ...c, records }
  const methods = [...new Set(own.filter(ok).map((w) => w.method))].sort()
  // The members clients send, with the records' values, make the types; members no body holds
  // (a date the server sets) are optional.
  const bodies = own
    .filter((w) => ok(w) && (w.method === 'POST' || w.method === 'PUT') && isObject(w.body))
    .map((w) => w.body as Record<string, unknown>)
  const hidden = new Set(c.hidden)
  const sent = new Set(bodies.flatMap((b) => Object.keys(b)))
  const members = c.records.map(({ id: _id, ...rest }) => rest)
  const together = objectShape([...members, ...bodies], new Set(['id']))
  const shape =
    bodies.length === 0
      ? c.shape
      : {
          ...c.shape,
          members: c.shape.members.map((m) => {
            const seen = together.members.find((t) => t.name === m.name)
            if (!seen) return m
            return {
              ...m,
              shape: seen.shape,
              nullable: m.nullable || seen.nullable,
              optional: m.optional || seen.optional || hidden.has(m.name) || !sent.has(m.name),
            }
          }),
        }
  const taken = shape.members
    .map((m) => m.name)
    .filter((m) => sent.has(m) && m !== c.parent?.member)
  // What clients sent is what a write takes, each member as often as they sent it (the shape's
  // optional flags), over the crawl's guess that, without forms, every member may be left out.
  const fromTraffic = c.writes.source !== 'hal-forms' && bodies.length > 0
  const { input: guessed, inputOptional, ...rest } = c
  const input = !fromTraffic ? guessed : taken.length < shape.members.length ? taken : undefined
  return {
    ...rest,
    ...(!fromTraffic && inputOptional ? { inputOptional } : {}),
    records,
    shape,
    ...(input === undefined ? {} : { input }),
    writes:
      c.writes.source === 'none' && methods.length > 0 ? { source: 'traffic', methods } : c.writes,
  }
}

/** The module's notes on where its data and writes came from. */
function notesOf(traffic: HarTraffic, seeded: Seeded, created: number): string[] {
  const lines = [
    `Recorded from HAR traffic: ${traffic.reads.length} reads and ${traffic.writes.length} writes of ${traffic.root}.`,
    seeded.before > 0
      ? `Seed: the state before the session's writes (${seeded.before} documents as read before a write changed them), the last read of the ${seeded.last} others.`
      : `Seed: the last read of each document (no read before a write shows the state before the session's writes).`,
  ]
  if (created > 0)
    lines.push(
      `Left out of the seed: ${created} records the session created (its POSTs make them again).`,
    )
  const seen = new Map<string, number>()
  for (const w of traffic.writes) {
    const path = new URL(w.url).pathname.replace(/\/\d+(?=\/|$)/g, '/{id}')
    const key = `${w.method} ${path} → ${w.status}${w.method === 'POST' && w.location ? ' with Location' : ''}${w.conditional ? ' (conditional)' : ''}`
    seen.set(key, (seen.get(key) ?? 0) + 1)
  }
  for (const [what, count] of seen) lines.push(`Write seen: ${what} (${count}×)`)
  return lines
}

/**
 * Records an API from HAR files (a browser session saved from DevTools, Playwright's
 * `recordHar`, a proxy's export): its HAL documents become collections, links, pages, schemas and
 * a seed, as a crawl's do, and its writes teach which collections are written and the members
 * clients send. The seed is the state before the session's writes where the HAR shows it. Every
 * secret of every entry (cookies, `Authorization`, API keys, tokens in URLs and bodies) is
 * replaced; the auth scheme is kept as `securitySchemes`. Writes nothing: `writeRecording` does.
 *
 * @example
 * const { files, traffic } = await recordHar(['session.har'])
 * console.log(traffic.chosen)
 * await writeRecording('recorded', files)
 */
export async function recordHar(
  sources: readonly HarSource[],
  options: RecordHarOptions = {},
): Promise<HarRecording> {
  const started = Date.now()
  const texts = await textsOf(sources, options.fileBytes ?? HAR_LIMITS.fileBytes)
  const traffic = readHar(texts, {
    ...options,
    ...(options.crawl !== undefined && options.base === undefined ? { base: options.crawl } : {}),
  })
  const live = options.crawl === undefined ? undefined : await crawlApi(options.crawl, options)
  const seeded = seedOf(traffic)
  const crawl = withErrors(crawlOf(traffic, seeded, started, live), traffic, live)
  const base = new URL(crawl.root)
  const basePath = base.pathname.replace(/\/$/, '')
  const patternOf = (url: string): string | undefined => {
    const u = new URL(url)
    if (u.origin !== base.origin || !`${u.pathname}/`.startsWith(`${basePath}/`)) return undefined
    return u.pathname
      .slice(basePath.length)
      .replace(/\/$/, '')
      .replace(/\/\d+(?=\/|$)/g, '/{}')
  }
  const firstRead = new Map<string, number>()
  for (const r of traffic.reads) if (!firstRead.has(r.url)) firstRead.set(r.url, r.at)
  // Records the session made: no read shows them before their POST.
  const created = traffic.writes.filter(
    (w) =>
      w.method === 'POST' &&
      ok(w) &&
      w.location !== undefined &&
      (firstRead.get(w.location) ?? Number.POSITIVE_INFINITY) > w.at,
  )
  let left = 0
  const recording = recordCrawl(crawl, options, {
    withoutRoot: true,
    secrets: Object.fromEntries(
      Object.entries(traffic.secrets.written).map(([where, value]) => [
        where.replace(/^header /, ''),
        value,
      ]),
    ),
    amend: (model: ApiModel): ApiModel => ({
      ...model,
      collections: model.collections.map((c) => {
        const list = c.pattern.replace(/\/\{\}$/, '')
        const ids = new Set(
          created
            .filter((w) => patternOf(w.location as string) === c.pattern)
            .map((w) =>
              Number(
                listOf(w.location as string)
                  .split('/')
                  .at(-1),
              ),
            ),
        )
        const out = amended(c, traffic.writes, ids, (w) => {
          const at = patternOf(listOf(w.url))
          return w.method === 'POST' ? at === list : at === c.pattern
        })
        left += c.records.length - out.records.length
        return out
      }),
    }),
    notes: () => ({
      comments: notesOf(traffic, seeded, left),
      ...(Object.keys(traffic.secrets.schemes).length > 0
        ? {
            securitySchemes: Object.fromEntries(
              Object.entries(traffic.secrets.schemes).sort(([a], [b]) => (a < b ? -1 : 1)),
            ),
          }
        : {}),
    }),
    promises: (promises) => {
      // A stale write the API refused with 412: the traffic shows preconditions.
      const refused = traffic.writes.some((w) => w.conditional && w.status === 412)
      return refusalPromises(refused ? { ...promises, preconditions: true } : promises, traffic)
    },
  })
  return { ...recording, traffic }
}

/**
 * Compares a newer HAR with a recording's `recording.json`: the drift the traffic shows (members
 * and their types, rels, patterns, paging of what the session read). What the session did not
 * read is no drift: a session reads only part of an API.
 *
 * @example
 * const drift = await checkHar('recorded', ['newer.har'])
 * if (drift.length > 0) process.exitCode = 1
 */
export async function checkHar(
  dir: string,
  sources: readonly HarSource[],
  options: RecordHarOptions = {},
): Promise<Drift[]> {
  const recorded = JSON.parse(await readFile(join(dir, 'recording.json'), 'utf8')) as RecordingShape
  const texts = await textsOf(sources, options.fileBytes ?? HAR_LIMITS.fileBytes)
  // Under the recording's base path, on the origin the newer traffic went to.
  const base = options.base ?? `${new URL(readHar(texts, options).root).origin}${recorded.basePath}`
  const { model, crawl } = await recordHar(texts, { ...options, base })
  const now = loosely(recordingShape(model, { unreached: crawl.unreached }))
  const seen = new Set(now.collections.map((c) => c.name))
  return compareShapes(
    {
      ...loosely(recorded),
      collections: loosely(recorded).collections.filter((c) => seen.has(c.name)),
      documents: recorded.documents.filter((d) => now.documents.includes(d)),
    },
    now,
  )
}

/**
 * A shape whose members are compared by name and type only: whether a member is optional is what
 * the records a session happened to read show, no change of the API.
 */
function loosely(shape: RecordingShape): RecordingShape {
  return {
    ...shape,
    collections: shape.collections.map((c) => ({
      ...c,
      members: c.members.map((m) => m.replace(/\?(?=$| \|)/, '')),
    })),
  }
}
