// A HAR's entries sorted one by one into what `readHar` (read.ts) returns of one API: its reads,
// its writes, what gave no document, what was left out and why.

import { deeperThan, MAX_DEPTH } from '../../remote/depth.js'
import type { HarEntry } from './entry.js'
import { type SecretsFound, secretsOfEntry } from './secrets.js'

/** A GET of the API the HAR holds with a JSON body. */
export interface HarRead {
  readonly url: string
  readonly status: number
  readonly contentType: string
  readonly body: unknown
  readonly accept: 'hal' | 'forms' | 'alps' | 'schema'
  readonly validators: boolean
  /** Its place in the session (entries in the order they were sent). */
  readonly at: number
}

/** A POST, PUT, PATCH or DELETE of the API the HAR holds. */
export interface ObservedWrite {
  readonly method: string
  readonly url: string
  readonly status: number
  /** The request's body, parsed when JSON (or form fields). */
  readonly body?: unknown
  readonly bodyType?: string
  /** Where the answer said the record is (`Location`, or the answer's `self`), absolute. */
  readonly location?: string
  /** Whether the request carried `If-Match` or `If-Unmodified-Since`. */
  readonly conditional: boolean
  /** The answer's body, parsed when JSON. */
  readonly answer?: unknown
  readonly answerType?: string
  readonly at: number
}

/** Whether a media type is JSON's (`application/json`, `…+json`). */
export const isJson = (type: string) => /[/+]json$/i.test(type)
/** A media type without parameters, lower case (`''` for none). */
export const mediaType = (type: string | undefined) =>
  (type ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
const header = (
  headers: HarEntry['request']['headers'] | undefined,
  name: string,
): string | undefined => headers?.find((h) => h.name.toLowerCase() === name)?.value
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** A reference resolved against an entry's URL; `undefined` for none or one that does not parse. */
function resolved(reference: string | undefined, base: URL): string | undefined {
  if (reference === undefined) return undefined
  try {
    return new URL(reference, base).href
  } catch {
    return undefined
  }
}

/** A body's text (base64 decoded), `undefined` when the HAR holds none. */
function bodyText(content: HarEntry['response']['content']): string | undefined {
  const text = content?.text
  if (typeof text !== 'string') return undefined
  return content?.encoding === 'base64' ? Buffer.from(text, 'base64').toString('utf8') : text
}

const safeParse = (text: string | undefined): unknown => {
  if (text === undefined || text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** A response's text and JSON, read once per entry however often asked. */
export type AnswerOf = (
  entry: HarEntry,
) => { readonly text: string; readonly body: unknown } | undefined

/** The {@link AnswerOf} of one reading: a JSON body up to `bodyBytes` characters, read once. */
export function answersOf(bodyBytes: number): AnswerOf {
  const answers = new WeakMap<HarEntry, { text: string; body: unknown } | undefined>()
  return (entry) => {
    if (answers.has(entry)) return answers.get(entry)
    const text = bodyText(entry.response.content)
    const type = mediaType(
      entry.response.content?.mimeType || header(entry.response.headers, 'content-type'),
    )
    const answer =
      text === undefined || text === '' || text.length > bodyBytes || !isJson(type)
        ? undefined
        : { text, body: safeParse(text) }
    answers.set(entry, answer)
    return answer
  }
}

/** An entry of the API, as {@link ApiTraffic.add} has read it so far. */
interface Seen {
  /** Its place in the session. */
  readonly at: number
  readonly entry: HarEntry
  /** Its URL without fragment. */
  readonly url: URL
  /** Its method, upper case. */
  readonly method: string
  /** The answer's media type. */
  readonly type: string
  readonly location: string | undefined
}

/**
 * What a HAR's entries hold of the API at `root`, gathered entry by entry in the order they were
 * sent ({@link add}), and every secret met in any of them.
 *
 * @example
 * const traffic = new ApiTraffic('https://api.example.com/api', found, answersOf(1024), 1024)
 * for (const [at, entry] of entries.entries()) traffic.add(at, entry)
 */
export class ApiTraffic {
  readonly reads: HarRead[] = []
  readonly writes: ObservedWrite[] = []
  readonly unreached = new Map<string, string>()
  readonly skipped = new Map<string, number>()
  readonly schemes: Record<string, Readonly<Record<string, unknown>>> = {}
  // What is kept of the API (URLs, bodies), to find which secrets it may hold: one none of it
  // holds is never near a file, and replacing each of thousands (a beacon's key per request) in
  // every string would cost minutes.
  readonly kept: string[] = []
  /** The root as read: where its redirect on its own origin led. */
  rootAt: string
  readonly #root: URL
  readonly #basePath: string
  readonly #found: SecretsFound
  readonly #answerOf: AnswerOf
  readonly #bodyBytes: number

  constructor(root: string, found: SecretsFound, answerOf: AnswerOf, bodyBytes: number) {
    this.#root = new URL(root)
    this.#basePath = this.#root.pathname.replace(/\/$/, '')
    this.rootAt = root
    this.#found = found
    this.#answerOf = answerOf
    this.#bodyBytes = bodyBytes
  }

  #skip(reason: string): void {
    this.skipped.set(reason, (this.skipped.get(reason) ?? 0) + 1)
  }

  #hear(text: string | undefined): void {
    if (text !== undefined) this.kept.push(text)
  }

  /** The entry sent `at`-th: its secrets taken, then kept as a read or a write, or left out. */
  add(at: number, entry: HarEntry): void {
    const used = secretsOfEntry(entry, this.#found, this.#answerOf(entry))
    const { request, response } = entry
    let url: URL
    try {
      url = new URL(request.url)
    } catch {
      this.#skip('entries whose URL does not parse')
      return
    }
    url.hash = ''
    const root = this.#root
    const basePath = this.#basePath
    if (url.origin !== root.origin) {
      this.#skip(`entries of other origins than ${root.origin}`)
      return
    }
    const path = url.pathname.replace(/\/$/, '')
    if (path !== basePath && !url.pathname.startsWith(`${basePath}/`)) {
      this.#skip(`entries outside the base path ${basePath || '/'}`)
      return
    }
    const method = request.method.toUpperCase()
    this.#hear(url.href)
    // How the API is called: from its own requests only (an analytics cookie is none of it).
    if (method !== 'OPTIONS') Object.assign(this.schemes, used)
    if (method === 'OPTIONS') {
      this.#skip('CORS preflights (OPTIONS)')
      return
    }
    // 0: blocked, cancelled or never answered (Chromium writes those too).
    if (response.status === 0) {
      this.#skip('requests that got no answer (status 0)')
      return
    }
    const type = mediaType(response.content?.mimeType || header(response.headers, 'content-type'))
    const location = header(response.headers, 'location') || response.redirectURL || undefined
    const seen = { at, entry, url, method, type, location }
    if (method === 'GET' || method === 'HEAD') return void this.#read(seen)
    if (!WRITES.has(method)) {
      this.#skip(`${method} requests`)
      return
    }
    this.#write(seen)
  }

  /** A GET or HEAD of the API: a read when it answered a JSON document, else why not. */
  #read({ at, entry, url, method, type, location }: Seen): void {
    const { response } = entry
    if (response.status >= 300 && response.status < 400) {
      const target = location === undefined ? undefined : resolved(location, url)
      // The root's redirect on its own origin (`/api` → `/api/`): the root is where it led.
      if (target && url.href.replace(/\/$/, '') === this.rootAt.replace(/\/$/, '')) {
        if (new URL(target).origin === this.#root.origin) this.rootAt = target
      }
      if (response.status !== 304) this.#skip('redirects (their targets are entries of their own)')
      else this.#skip('304 Not Modified answers (no body; the document is an earlier entry)')
      return
    }
    if (method === 'HEAD') {
      this.#skip('HEAD requests')
      return
    }
    if (response.status < 200 || response.status >= 300) {
      this.unreached.set(url.href, `${response.status} ${response.statusText ?? ''}`.trim())
      return
    }
    if (!isJson(type)) {
      this.#skip('answers that are no JSON (pages, scripts, images, styles)')
      return
    }
    const text = bodyText(response.content)
    if (text === undefined || text === '') {
      this.unreached.set(url.href, 'no body in the HAR (content not available, or sanitized)')
      return
    }
    if (text.length > this.#bodyBytes) {
      this.unreached.set(
        url.href,
        `a body of ${text.length} characters, over the bound of ${this.#bodyBytes}`,
      )
      return
    }
    this.#hear(text)
    const body = this.#answerOf(entry)?.body
    if (body === undefined) {
      this.unreached.set(url.href, 'JSON that does not parse')
      return
    }
    if (deeperThan(body, MAX_DEPTH)) {
      this.unreached.set(url.href, `nested deeper than ${MAX_DEPTH} levels: not recorded`)
      return
    }
    this.unreached.delete(url.href)
    this.reads.push({
      url: url.href,
      status: response.status,
      contentType: type,
      body,
      accept: /hal-forms/.test(type)
        ? 'forms'
        : /alps/.test(type)
          ? 'alps'
          : /schema\+json/.test(type)
            ? 'schema'
            : 'hal',
      validators:
        header(response.headers, 'etag') !== undefined &&
        header(response.headers, 'last-modified') !== undefined,
      at,
    })
  }

  /** A POST, PUT, PATCH or DELETE of the API: what was sent, and where the answer said it went. */
  #write({ at, entry, url, method, type, location }: Seen): void {
    const { request, response } = entry
    const sent = request.postData?.text
    this.#hear(sent)
    for (const p of request.postData?.params ?? []) this.#hear(p.value)
    const bodyType = mediaType(
      request.postData?.mimeType || header(request.headers, 'content-type'),
    )
    const fields = request.postData?.params
    const body =
      sent !== undefined && sent.length <= this.#bodyBytes && isJson(bodyType)
        ? safeParse(sent)
        : fields && fields.length > 0
          ? Object.fromEntries(fields.map((f) => [f.name, f.value]))
          : undefined
    const answered = this.#answerOf(entry)
    this.#hear(answered?.text)
    const answer = answered?.body
    const self = (answer as { _links?: { self?: { href?: unknown } } } | undefined)?._links?.self
      ?.href
    const where = resolved(location ?? (typeof self === 'string' ? self : undefined), url)
    this.writes.push({
      method,
      url: url.href,
      status: response.status,
      ...(body === undefined || deeperThan(body, MAX_DEPTH) ? {} : { body }),
      ...(bodyType ? { bodyType } : {}),
      ...(where === undefined ? {} : { location: where }),
      conditional:
        header(request.headers, 'if-match') !== undefined ||
        header(request.headers, 'if-unmodified-since') !== undefined,
      ...(answer === undefined || deeperThan(answer, MAX_DEPTH) ? {} : { answer }),
      ...(type ? { answerType: type } : {}),
      at,
    })
  }
}
