import { secretSpellings } from '../remote/secrets.js'
import { literal } from './infer/schema.js'

/** Member and query parameter names whose values are credentials. */
export const CREDENTIAL_NAME =
  /(^|[-_.])(pass(word|wd|phrase)?|secret|token|api[-_]?key|apikey|credentials?|session(id)?|sid|cookie|authorization|auth|private[-_]?key|signature|sig)$|password|secret|token|apikey|api_key/i
/** Values that are credentials whatever their name: JWTs, bearer credentials, PEM keys. */
const CREDENTIAL_VALUE =
  /^(eyJ[\w-]{6,}\.[\w-]{6,}\.[\w-]*|Bearer\s+\S{8,}|Basic\s+[A-Za-z0-9+/=]{8,}|-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*)$/

/** Words a recording is made of (JSON's literals, TypeScript's keywords): a value like these is everywhere. */
const COMMON_VALUE = /^([+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?|true|false|null|undefined|[a-z]+)$/
/** The shortest header value replaced safely: a shorter one is found in ordinary text by chance. */
const SHORTEST_SECRET = 8

/**
 * Why a header's value cannot be redacted without replacing what merely looks like it (`1001` in
 * every count, `true` in every flag, `default` in the code), or `undefined` when it can: a value
 * shorter than 8 characters, a number, `true`/`false`/`null`, or a lowercase word. Looked at
 * without its `Bearer `/`Basic `/`Token ` scheme.
 *
 * @example
 * unsafeSecret('1001') // 'is a number'
 * unsafeSecret('tok_9f8e7d6c5b4a') // undefined
 */
export function unsafeSecret(value: string): string | undefined {
  const credential = value.replace(/^(Bearer|Basic|Token)\s+/i, '').trim()
  if (credential.length < SHORTEST_SECRET) return `is shorter than ${SHORTEST_SECRET} characters`
  if (!COMMON_VALUE.test(credential)) return undefined
  return /^(true|false|null|undefined)$/.test(credential)
    ? 'is a JSON or TypeScript literal'
    : /^[a-z]+$/.test(credential)
      ? 'is a plain word'
      : 'is a number'
}

/**
 * A secret the guard found outside the strings of a file: in a number, a name or the code.
 *
 * @example
 * const found: Unredactable = { file: 'api.ts', what: 'header X-Shape' }
 */
export interface Unredactable {
  /** The file: `api.ts`, `seed.json`… */
  readonly file: string
  /** Whose value it is: `header X-Access-Token`, `cookie`. */
  readonly what: string
}

/** HAL's reserved members, whose own members are named by the API's rels, not its data. */
const HAL_RESERVED: ReadonlySet<string> = new Set(['_links', '_embedded', '_templates'])

/** What the recording keeps of redaction: no value, only where and how often. */
export interface RedactionReport {
  /** What was replaced: `header X-Access-Token`, `member password`, `query token`, `JWT value`… */
  readonly what: string
  readonly count: number
}

/** Options of {@link Redactor}. */
export interface RedactOptions {
  /** The headers sent to the API: their values (and cookies' values) are replaced wherever met. */
  readonly headers?: Readonly<Record<string, string>>
  /** Member names, or URL paths (starting with `/`), where values are kept as they are. */
  readonly keep?: readonly string[]
  /** Off: only the headers' values are still replaced (they are never written anywhere). */
  readonly off?: boolean
}

/** A value as the files write it: as is, in a JSON string, a `'…'` literal, a template literal. */
function written(value: string): string[] {
  const json = JSON.stringify(value).slice(1, -1)
  return [
    ...new Set([value, json, literal(value).slice(1, -1), value.replace(/[`\\]|\$\{/g, '\\$&')]),
  ]
}

/**
 * The spans of a source text that are text, not code: the contents of its string literals (JSON's
 * `"…"`; TypeScript's `'…'`, `"…"` and template literals outside their `${…}`) and of its
 * comments. The emitted files hold no regular expression literal (emit/ writes `new RegExp('…')`).
 */
function textSpans(source: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = []
  // Open template literals, each with the depth of braces its current `${` expression is at.
  const templates: number[] = []
  let braces = 0
  let i = 0
  const until = (start: number, close: string, template: boolean): number => {
    let j = start
    while (j < source.length) {
      const c = source[j]
      if (c === '\\') j += 2
      else if (c === close) break
      else if (template && c === '$' && source[j + 1] === '{') break
      else j++
    }
    spans.push({ start, end: Math.min(j, source.length) })
    return j
  }
  while (i < source.length) {
    const c = source[i]
    const next = source[i + 1]
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i)
      const stop = end === -1 ? source.length : end
      spans.push({ start: i + 2, end: stop })
      i = stop
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2)
      const stop = end === -1 ? source.length : end
      spans.push({ start: i + 2, end: stop })
      i = stop + 2
    } else if (c === '"' || c === "'") {
      i = until(i + 1, c, false) + 1
    } else if (c === '`' || (c === '}' && braces - 1 === templates.at(-1))) {
      // A template's text: from its opening backtick, or from the `}` closing an expression in it.
      if (c === '}') {
        templates.pop()
        braces--
      }
      const j = until(i + 1, '`', true)
      if (source[j] === '$') {
        templates.push(braces)
        braces++
        i = j + 2
      } else i = j + 1
    } else {
      if (c === '{') braces++
      else if (c === '}') braces--
      i++
    }
  }
  return spans
}

/**
 * Replaces secrets in recorded documents with stable pseudonyms (`redacted-1`, `redacted-2`… by
 * first appearance, the same secret always the same pseudonym): the values of the headers sent,
 * cookies, members and query parameters named like credentials, and values shaped like them
 * (JWTs, `Bearer …`). The report says what was replaced, never the values.
 *
 * @example
 * const redactor = new Redactor({ headers: { 'X-Access-Token': 's3cret' } })
 * redactor.document({ token: 'abc', href: '/x?token=abc' }, '/api') // { token: 'redacted-1', href: '/x?token=redacted-1' }
 */
export class Redactor {
  readonly #secrets = new Map<string, string>()
  // `secret` is the value as given: every spelling of it shares its one pseudonym.
  readonly #given: { value: string; secret: string; what: string }[] = []
  readonly #counts = new Map<string, number>()
  readonly #keepMembers: ReadonlySet<string>
  readonly #keepPaths: readonly string[]
  readonly #off: boolean

  constructor(options: RedactOptions = {}) {
    const keep = options.keep ?? []
    this.#keepMembers = new Set(keep.filter((k) => !k.startsWith('/')))
    this.#keepPaths = keep.filter((k) => k.startsWith('/'))
    this.#off = options.off === true
    // Every spelling a document may echo a value in (see remote/secrets.ts): percent-encoded in a
    // URL, JSON-escaped, without its scheme word, a Basic credential decoded.
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      // A header named in `keep` is sent, and its value written where the API echoes it.
      if (keep.some((k) => k.toLowerCase() === name.toLowerCase())) continue
      const what = `header ${name}`
      if (name.toLowerCase() === 'cookie') {
        for (const pair of value.split(';')) {
          const cookie = pair.slice(pair.indexOf('=') + 1).trim()
          for (const spelling of secretSpellings(cookie))
            this.#given.push({ value: spelling, secret: cookie, what: 'cookie' })
        }
      }
      for (const spelling of secretSpellings(value))
        this.#given.push({ value: spelling, secret: value, what })
    }
    // Longest first: a header's whole value before the credential inside it.
    this.#given.sort((a, b) => b.value.length - a.value.length)
  }

  /** The pseudonym of a secret: the same for the same value, numbered by first appearance. */
  pseudonym(secret: string, what: string): string {
    this.#counts.set(what, (this.#counts.get(what) ?? 0) + 1)
    let name = this.#secrets.get(secret)
    if (name === undefined) {
      name = `redacted-${this.#secrets.size + 1}`
      this.#secrets.set(secret, name)
    }
    return name
  }

  /** A document with its secrets replaced (a copy); `url` is where it was read. */
  document(body: unknown, url: string): unknown {
    const path = (() => {
      try {
        return new URL(url, 'http://x').pathname
      } catch {
        return url
      }
    })()
    const heuristics = !this.#off && !this.#keepPaths.some((p) => path.startsWith(p))
    return this.#walk(body, undefined, heuristics)
  }

  /** A string with the given headers' values, and credential query parameters, replaced. */
  text(value: string, heuristics = !this.#off): string {
    let out = value
    for (const { value: spelling, secret, what } of this.#given) {
      if (out.includes(spelling)) out = out.split(spelling).join(this.pseudonym(secret, what))
    }
    if (!heuristics) return out
    if (CREDENTIAL_VALUE.test(out)) return this.pseudonym(out, 'value shaped like a credential')
    // Query parameters named like credentials, in URLs and URL templates alike. A name stops at
    // the next separator: one that could run on over them scans to the end from each `;` or `?`.
    return out.replace(/([?&;])([^=&#\s"?;]+)=([^&#\s"]*)/g, (whole, sep: string, name, secret) =>
      CREDENTIAL_NAME.test(name) && !this.#keepMembers.has(name) && secret !== ''
        ? `${sep}${name}=${this.pseudonym(decodeURIComponent(secret), `query ${name}`)}`
        : whole,
    )
  }

  /**
   * `secret`: the value sits under a member named like a credential (`password: 1234`,
   * `token: { value: … }`), so every string and number in it is one. Walked in document order (the
   * order pseudonyms are numbered in) with a stack of its own: a document may nest 100 000 deep.
   */
  #walk(value: unknown, member: string | undefined, heuristics: boolean): unknown {
    interface Task {
      readonly value: unknown
      readonly member: string | undefined
      readonly secret: string | undefined
      /** Where the copy goes: an array's index, or an object's member (its name still raw). */
      readonly into?: { readonly target: object; readonly name: string | number }
    }
    let result: unknown
    const stack: Task[] = [{ value, member, secret: undefined }]
    for (let task = stack.pop(); task !== undefined; task = stack.pop()) {
      const { member, secret, into } = task
      // The member's name before its value, as pseudonyms are numbered by first appearance.
      const name =
        into === undefined || typeof into.name === 'number'
          ? into?.name
          : this.text(into.name, false)
      let copy: unknown
      const children: Task[] = []
      if (typeof task.value === 'string')
        copy = this.#string(task.value, member, heuristics, secret)
      else if (typeof task.value === 'number' && secret !== undefined) {
        copy = this.pseudonym(String(task.value), `member ${secret}`)
      } else if (Array.isArray(task.value)) {
        const out: unknown[] = new Array(task.value.length)
        task.value.forEach((item, i) => {
          children.push({ value: item, member, secret, into: { target: out, name: i } })
        })
        copy = out
      } else if (typeof task.value === 'object' && task.value !== null) {
        // The names under `_links`, `_embedded` and `_templates` are rels and template names, not
        // members: a `token` rel's `href` is an address to keep.
        const names = member === undefined || !HAL_RESERVED.has(member)
        const out: Record<string, unknown> = {}
        for (const [key, item] of Object.entries(task.value)) {
          const credential =
            secret ??
            (heuristics && names && CREDENTIAL_NAME.test(key) && !this.#keepMembers.has(key)
              ? key
              : undefined)
          children.push({
            value: item,
            member: key,
            secret: credential,
            into: { target: out, name: key },
          })
        }
        copy = out
      } else copy = task.value
      if (into === undefined) result = copy
      else if (typeof name === 'number') (into.target as unknown[])[name] = copy
      else {
        Object.defineProperty(into.target, name as string, {
          value: copy,
          enumerable: true,
          writable: true,
          configurable: true,
        })
      }
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Task)
    }
    return result
  }

  /** A string of a document with its secrets replaced (see `#walk`). */
  #string(
    value: string,
    member: string | undefined,
    heuristics: boolean,
    secret: string | undefined,
  ): string {
    // A header's value first: it is reported as the header it came from.
    const given = this.text(value, false)
    if (given !== value) return given
    if (secret !== undefined && value !== '') return this.pseudonym(value, `member ${secret}`)
    return this.text(value, heuristics && (member === undefined || !this.#keepMembers.has(member)))
  }

  /** What was replaced, by kind, sorted. */
  report(): RedactionReport[] {
    return [...this.#counts]
      .map(([what, count]) => ({ what, count }))
      .sort((a, b) => (a.what < b.what ? -1 : a.what > b.what ? 1 : 0))
  }

  /** Whether a text (an output file) still holds a given header's or cookie's value. */
  leaks(text: string): boolean {
    return this.#given.some(({ value }) => written(value).some((form) => text.includes(form)))
  }

  /**
   * The last guard, on the files to write: a header's or cookie's value still in one (whatever the
   * inference made of it) is replaced inside its string literals and comments only, as written
   * there (escaped as JSON or TypeScript writes it), never in a number, a name or the code, so the
   * file still parses and loads. What still holds a value after that is returned as unredactable
   * (the caller writes nothing).
   *
   * @example
   * const redactor = new Redactor({ headers: { 'X-Access-Token': 'tok_9f8e7d6c' } })
   * redactor.files({ 'seed.json': '{"note": "tok_9f8e7d6c"}' }) // { files: { 'seed.json': '{"note": "redacted-1"}' }, unredactable: [] }
   */
  files(files: Readonly<Record<string, string>>): {
    files: Record<string, string>
    unredactable: Unredactable[]
  } {
    const out: Record<string, string> = {}
    const unredactable: Unredactable[] = []
    for (const [file, text] of Object.entries(files)) {
      if (!this.leaks(text)) {
        out[file] = text
        continue
      }
      let clean = ''
      let at = 0
      for (const { start, end } of textSpans(text)) {
        clean += text.slice(at, start) + this.#replaceWritten(text.slice(start, end))
        at = end
      }
      clean += text.slice(at)
      out[file] = clean
      for (const { value, what } of this.#given) {
        if (
          written(value).some((form) => clean.includes(form)) &&
          !unredactable.some((u) => u.file === file && u.what === what)
        )
          unredactable.push({ file, what })
      }
    }
    return { files: out, unredactable }
  }

  /** A literal's or comment's text with each given value replaced, raw or escaped as written. */
  #replaceWritten(text: string): string {
    let out = text
    for (const { value, secret, what } of this.#given) {
      for (const form of written(value)) {
        if (out.includes(form)) out = out.split(form).join(this.pseudonym(secret, what))
      }
    }
    return out
  }
}
