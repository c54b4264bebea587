// A HAR 1.2 file (http://www.softwareishard.com/blog/har-12-spec/) read as browsers and tools
// write it: its entries of one API's origin and base path, in the order they were sent.

import {
  type AnswerOf,
  ApiTraffic,
  answersOf,
  type HarRead,
  isJson,
  mediaType,
  type ObservedWrite,
} from './classify.js'
import type { HarEntry, NameValue } from './entry.js'
import { jsonOfParams } from './json-params.js'
import { type HarSecrets, SecretsFound } from './secrets.js'

/** A HAR that cannot be read (too large, not a HAR, no API in it): its message says why. */
export class HarError extends Error {
  override readonly name = 'HarError'
}

/** Bounds on what a HAR may cost to read. */
export interface HarLimits {
  /** Characters of each file. Default 512 MiB. */
  readonly fileBytes?: number
  /** Entries in all files. Default 200 000. */
  readonly entries?: number
  /** Characters of one body (request or response); a larger one is reported, not read. Default 32 MiB. */
  readonly bodyBytes?: number
}

/** The default bounds of {@link HarLimits}. */
export const HAR_LIMITS = {
  fileBytes: 512 * 1024 * 1024,
  entries: 200_000,
  bodyBytes: 32 * 1024 * 1024,
} as const

// A read and a write are what an entry becomes (classify.ts; importers here keep their path).
export type { HarRead, ObservedWrite } from './classify.js'

/** What a HAR holds of one API. */
export interface HarTraffic {
  /** The API's root: its origin and base path. */
  readonly root: string
  /** How the API was chosen, for the user: `http://… (12 of 30 entries, the most-used API origin)`. */
  readonly chosen: string
  readonly reads: readonly HarRead[]
  readonly writes: readonly ObservedWrite[]
  /** Entries of the API that give no document, and why. */
  readonly unreached: readonly { readonly url: string; readonly reason: string }[]
  /** Entries left out, counted by why (another origin, a preflight, an image…). */
  readonly skipped: readonly { readonly reason: string; readonly count: number }[]
  /** Every secret value met in any entry, and the API's auth schemes. */
  readonly secrets: HarSecrets
  /** Entries in all files. */
  readonly entries: number
}

/** Options of {@link readHar}. */
export interface ReadHarOptions extends HarLimits {
  /** The API's root (`https://api.example.com/api`); default the most-used API origin's. */
  readonly base?: string
}

/** The HAR's entries, checked for the members read: a clear error on what is no HAR. */
function entriesOf(text: string, name: string, limits: Required<HarLimits>): HarEntry[] {
  if (text.length > limits.fileBytes) {
    throw new HarError(
      `${name} has ${text.length} characters, over the bound of ${limits.fileBytes}: record a shorter session`,
    )
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new HarError(`${name} is no JSON: ${(error as Error).message}`)
  }
  const entries = (parsed as { log?: { entries?: unknown } } | null)?.log?.entries
  if (!Array.isArray(entries)) throw new HarError(`${name} is no HAR: it has no log.entries array`)
  const out: HarEntry[] = []
  for (const [i, entry] of entries.entries()) {
    const e = entry as Partial<HarEntry> | null
    if (
      typeof e?.request?.url !== 'string' ||
      typeof e.request.method !== 'string' ||
      typeof e.response?.status !== 'number'
    ) {
      throw new HarError(
        `${name}: entry ${i} has no request.method, request.url or response.status`,
      )
    }
    out.push(cleaned(e as HarEntry))
  }
  return out
}

/** Name-value lists as HAR 1.2 writes them, whatever else a tool put there left out. */
function pairsOf(value: unknown): NameValue[] | undefined {
  if (!Array.isArray(value)) return undefined
  return value.filter(
    (p): p is NameValue => typeof p?.name === 'string' && typeof p?.value === 'string',
  )
}

/** An entry with the members the reader looks at of the types it expects (the rest dropped). */
function cleaned(e: HarEntry): HarEntry {
  const { request, response } = e
  const post = request.postData
  const content = response.content
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined)
  // Members left undefined are dropped, as exactOptionalPropertyTypes wants them absent.
  const some = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))
  return some({
    startedDateTime: text(e.startedDateTime),
    request: some({
      method: request.method,
      url: request.url,
      headers: pairsOf(request.headers),
      cookies: pairsOf(request.cookies),
      postData:
        typeof post === 'object' && post !== null
          ? some({
              mimeType: text(post.mimeType),
              text:
                text(post.text) ??
                (isJson(mediaType(text(post.mimeType))) ? jsonOfParams(post.params) : undefined),
              params: pairsOf(post.params),
            })
          : undefined,
    }),
    response: some({
      status: response.status,
      statusText: text(response.statusText),
      headers: pairsOf(response.headers),
      cookies: pairsOf(response.cookies),
      redirectURL: text(response.redirectURL),
      content:
        typeof content === 'object' && content !== null
          ? some({
              mimeType: text(content.mimeType),
              text: text(content.text),
              encoding: text(content.encoding),
            })
          : undefined,
    }),
  }) as unknown as HarEntry
}

/** The API's root when none is given: the most-used API origin, and its base path. */
function chooseRoot(
  entries: readonly HarEntry[],
  answerOf: AnswerOf,
): { root: string; chosen: string } {
  const byOrigin = new Map<
    string,
    { hal: number; json: number; paths: string[]; halPaths: string[]; roots: string[] }
  >()
  for (const entry of entries) {
    let url: URL
    try {
      url = new URL(entry.request.url)
    } catch {
      continue
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue
    const type = mediaType(entry.response.content?.mimeType)
    if (!isJson(type) || entry.request.method === 'OPTIONS') continue
    const counts = byOrigin.get(url.origin) ?? {
      hal: 0,
      json: 0,
      paths: [],
      halPaths: [],
      roots: [],
    }
    const body = answerOf(entry)?.body
    const links = (body as { _links?: Record<string, unknown> } | undefined)?._links
    const path = url.pathname.replace(/\/$/, '')
    // HAL by its media type or its `_links` (many HAL APIs answer `application/json`).
    const hal = /hal/.test(type) || (typeof links === 'object' && links !== null)
    if (hal) {
      counts.hal++
      counts.halPaths.push(path)
    }
    counts.json++
    counts.paths.push(path)
    // A root links below itself.
    if (entry.request.method === 'GET') {
      const below = Object.values(links ?? {})
        .flat()
        .some((l) => {
          const href = (l as { href?: unknown } | null)?.href
          if (typeof href !== 'string') return false
          try {
            return new URL(href, url).pathname.startsWith(`${path}/`)
          } catch {
            return false
          }
        })
      if (below && !(body as { _embedded?: unknown })._embedded) counts.roots.push(path)
    }
    byOrigin.set(url.origin, counts)
  }
  const ranked = [...byOrigin].sort((a, b) => b[1].hal - a[1].hal || b[1].json - a[1].json)
  const [origin, counts] = ranked[0] ?? []
  if (origin === undefined || counts === undefined) {
    throw new HarError('the HAR holds no JSON answer of any API: nothing to record')
  }
  // The shortest root under which most of the origin's HAL documents are, else what they share
  // (a `/config.json` beside the API is JSON, not HAL: it moves neither).
  const paths = counts.halPaths.length > 0 ? counts.halPaths : counts.paths
  const most = (p: string) =>
    paths.filter((x) => x === p || x.startsWith(`${p}/`)).length >= paths.length * 0.8
  const root = [...new Set(counts.roots)].sort((a, b) => a.length - b.length).find(most)
  const base = root ?? commonBase(paths)
  const others = ranked.length - 1
  return {
    root: `${origin}${base}`,
    chosen: `${origin}${base || '/'} (${counts.json} JSON answers, the most-used API origin${others > 0 ? ` of ${ranked.length}` : ''}${root === undefined ? '; no root document read, the base path is what the addresses share' : ''}; --base sets another)`,
  }
}

/** What a set of addresses share above their collections: `/api/a/1`, `/api/b` → `/api`. */
function commonBase(paths: readonly string[]): string {
  const lists = paths.map((p) => {
    const segments = p.split('/')
    while (segments.length > 1 && /^\d+$/.test(segments.at(-1) ?? '')) segments.pop()
    segments.pop()
    return segments
  })
  const first = lists[0] ?? ['']
  let n = first.length
  for (const l of lists) {
    let i = 0
    while (i < n && l[i] === first[i]) i++
    n = i
  }
  return first.slice(0, n).join('/')
}

/** What splits texts into words: any character no token is made of. */
const WORD_BREAK = /[^A-Za-z0-9_]+/

/**
 * The secrets the texts may hold: those whose longest word is a word of the texts (one of short
 * words only is taken as held). One pass over the texts, whatever the number of secrets.
 */
function mentionedIn(
  secrets: Readonly<Record<string, string>>,
  texts: readonly string[],
): Record<string, string> {
  const longest = (secret: string) =>
    secret.split(WORD_BREAK).reduce((a, b) => (b.length > a.length ? b : a), '')
  const sought = new Map<string, string[]>()
  const out: Record<string, string> = {}
  for (const [where, secret] of Object.entries(secrets)) {
    const word = longest(secret)
    if (word.length < LONG_WORD) out[where] = secret
    else sought.set(word, [...(sought.get(word) ?? []), where])
  }
  if (sought.size === 0) return out
  const words = new RegExp(`[A-Za-z0-9_]{${LONG_WORD},}`, 'g')
  for (const text of texts) {
    for (const [word] of text.matchAll(words)) {
      const places = sought.get(word)
      if (!places) continue
      for (const where of places) out[where] = secrets[where] as string
      sought.delete(word)
    }
  }
  return out
}

/** A secret's word long enough to look for; a secret without one is replaced wherever it is. */
const LONG_WORD = 6

/** The entries of all files, each once, in the order they were sent. */
function sentOrder(
  files: readonly { readonly name: string; readonly text: string }[],
  limits: Required<HarLimits>,
): HarEntry[] {
  const all: { entry: HarEntry; time: number; order: number }[] = []
  const seen = new Set<string>()
  for (const file of files) {
    for (const entry of entriesOf(file.text, file.name, limits)) {
      if (all.length >= limits.entries) {
        throw new HarError(
          `the HAR files hold more than ${limits.entries} entries, the bound: record a shorter session`,
        )
      }
      // The same entry in two files (overlapping exports of one session) counts once.
      const key = `${entry.startedDateTime} ${entry.request.method} ${entry.request.url} ${entry.response.status}`
      if (entry.startedDateTime !== undefined && seen.has(key)) continue
      seen.add(key)
      const time = Date.parse(entry.startedDateTime ?? '')
      all.push({ entry, time: Number.isNaN(time) ? Number.NaN : time, order: all.length })
    }
  }
  // In the order they were sent; entries without a time keep their place in the file.
  all.sort((a, b) =>
    Number.isNaN(a.time) || Number.isNaN(b.time)
      ? a.order - b.order
      : a.time - b.time || a.order - b.order,
  )
  return all.map((a) => a.entry)
}

/**
 * Reads HAR files (their texts, by name) into what they hold of one API: its reads (GETs with a
 * JSON body) and writes in the order they were sent, what gave no document and why, what was left
 * out, and every secret met in any entry. Entries may be in any order and repeated (several files
 * of one session); preflights, pages, scripts, images and other origins are left out.
 *
 * @example
 * const traffic = readHar([{ name: 'session.har', text: await readFile('session.har', 'utf8') }])
 * traffic.root // 'https://api.example.com/api'
 */
export function readHar(
  files: readonly { readonly name: string; readonly text: string }[],
  options: ReadHarOptions = {},
): HarTraffic {
  const limits = {
    fileBytes: options.fileBytes ?? HAR_LIMITS.fileBytes,
    entries: options.entries ?? HAR_LIMITS.entries,
    bodyBytes: options.bodyBytes ?? HAR_LIMITS.bodyBytes,
  }
  const entries = sentOrder(files, limits)
  // Secrets of every entry, the API's or not: a value may appear anywhere.
  const found = new SecretsFound()
  const answerOf = answersOf(limits.bodyBytes)
  const picked =
    options.base === undefined ? chooseRoot(entries, answerOf) : givenRoot(options.base)
  const traffic = new ApiTraffic(picked.root, found, answerOf, limits.bodyBytes)
  for (const [at, entry] of entries.entries()) traffic.add(at, entry)
  const { reads, writes, unreached, skipped, schemes, kept } = traffic
  if (reads.length === 0 && writes.length === 0) {
    throw new HarError(`the HAR holds no JSON answer under ${picked.root}: nothing to record`)
  }
  return {
    root: traffic.rootAt,
    chosen: picked.chosen,
    reads,
    writes,
    unreached: [...unreached]
      .map(([url, reason]) => ({ url, reason }))
      .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0)),
    skipped: [...skipped].map(([reason, count]) => ({ reason, count })),
    secrets: {
      values: found.values(),
      schemes,
      written: mentionedIn(found.values(), kept),
    },
    entries: entries.length,
  }
}

function givenRoot(base: string): { root: string; chosen: string } {
  let url: URL
  try {
    url = new URL(base)
  } catch {
    throw new HarError(`--base "${base}" is no URL`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HarError(`--base "${base}" is no http(s) URL`)
  }
  url.hash = ''
  url.search = ''
  return { root: url.href, chosen: `${url.href} (--base)` }
}
