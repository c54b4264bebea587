// The secrets a HAR holds: every credential of every entry, request and response, by name and by
// value, so that the recording's redactor replaces each wherever it appears (record/redact.ts).

import { CREDENTIAL_NAME } from '../redact.js'
import type { HarEntry } from './entry.js'

/** Secret values by where they were met (`header Authorization`, `cookie sid`…), and auth schemes. */
export interface HarSecrets {
  /** Where → value; a value is never written, only its place is reported. */
  readonly values: Readonly<Record<string, string>>
  /** Those of `values` the API's own entries may hold: what the recording's redactor replaces. */
  readonly written: Readonly<Record<string, string>>
  /** The API's auth schemes as OpenAPI writes them, by name: how it is called, never a value. */
  readonly schemes: Readonly<Record<string, Readonly<Record<string, unknown>>>>
}

/** Headers that carry credentials whatever their value looks like. */
const SECRET_HEADER =
  /^(authorization|proxy-authorization|cookie|set-cookie|x-csrf-token|x-xsrf-token)$/i
/** Credentials shaped so whatever their name: JWTs, and long opaque tokens after a scheme. */
const JWT = /eyJ[\w-]{6,}\.[\w-]{6,}\.[\w-]*/g
/** What every name `CREDENTIAL_NAME` matches contains (record/redact.ts). */
const CREDENTIAL_PART = /pass|secret|token|key|credential|session|sid|cookie|auth|sig/i
/** A value too short or too plain to be a secret worth replacing in every text (`true`, `en`). */
const worthIt = (value: string) =>
  value.length >= 8 && !/^(true|false|null|undefined)$/i.test(value)

/** Pairs of a cookie header (`a=1; b=2`) or a `Set-Cookie` line (`a=1; Path=/`). */
function cookiePairs(text: string, setCookie: boolean): [string, string][] {
  const parts = setCookie ? [text.split(';')[0] ?? ''] : text.split(';')
  return parts.flatMap((part) => {
    const eq = part.indexOf('=')
    return eq < 1 ? [] : [[part.slice(0, eq).trim(), part.slice(eq + 1).trim()] as [string, string]]
  })
}

/** Members named like credentials in a JSON text, and JWT-shaped values anywhere in it. */
function bodySecrets(
  text: string | undefined,
  found: SecretsFound,
  given?: { readonly body: unknown },
) {
  if (text === undefined || text === '') return
  const add = (where: string, value: string) => found.add(where, value)
  for (const jwt of text.match(JWT) ?? []) add('JWT value', jwt)
  // No member can be named like a credential without one of these: most bodies need no walk.
  if (!CREDENTIAL_PART.test(text)) return
  let parsed: unknown
  try {
    parsed = given?.body ?? JSON.parse(text)
  } catch {
    // Form bodies: `password=…&token=…`.
    for (const [name, value] of new URLSearchParams(text)) {
      if (CREDENTIAL_NAME.test(name)) add(`member ${name}`, value)
    }
    return
  }
  // A stack of its own: a body may nest as deep as it likes.
  const stack: { value: unknown; secret?: string; hal: boolean }[] = [{ value: parsed, hal: false }]
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value, secret, hal } = next
    if (typeof value === 'string' || typeof value === 'number') {
      if (secret !== undefined) add(`member ${secret}`, String(value))
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, ...(secret ? { secret } : {}), hal })
    } else if (typeof value === 'object' && value !== null) {
      for (const [name, member] of Object.entries(value)) {
        // Names under `_links`, `_embedded`, `_templates` are rels: a `token` rel is an address.
        const credential = secret ?? (!hal && found.credential(name) ? name : undefined)
        stack.push({
          value: member,
          ...(credential ? { secret: credential } : {}),
          hal: /^_(links|embedded|templates)$/.test(name),
        })
      }
    }
  }
}

/**
 * The secrets of one HAR entry added to those found so far (`found`), and the auth schemes its
 * request used: `Authorization` and cookies (their
 * values and the credential after a scheme), `Set-Cookie`, headers and query parameters named
 * like credentials (`X-Api-Key`, `?access_token=`), members named like them in request and
 * response bodies, JWT-shaped values anywhere; the schemes returned.
 *
 * @example
 * const found = new SecretsFound()
 * secretsOfEntry(entry, found) // { bearer: { type: 'http', scheme: 'bearer' } }
 * found.values() // { 'header Authorization': 'Bearer …', … }
 */
export function secretsOfEntry(
  entry: HarEntry,
  found: SecretsFound = new SecretsFound(),
  answer?: { readonly text: string; readonly body: unknown },
): HarSecrets['schemes'] {
  const schemes: Record<string, Readonly<Record<string, unknown>>> = {}
  const add = (where: string, value: string) => found.add(where, value)
  const { request, response } = entry
  for (const h of request.headers ?? []) {
    const lower = h.name.toLowerCase()
    if (lower === 'cookie') {
      for (const [name, value] of cookiePairs(h.value, false)) {
        add(`cookie ${name}`, value)
        if (CREDENTIAL_NAME.test(name) || /sess|sid|auth/i.test(name))
          schemes[`cookie-${name}`] = { type: 'apiKey', in: 'cookie', name }
      }
      continue
    }
    if (SECRET_HEADER.test(lower) || CREDENTIAL_NAME.test(lower) || /(^|-)key$/.test(lower)) {
      add(`header ${h.name}`, h.value)
      const scheme = h.value.match(/^(Bearer|Basic|Token|Digest)\s+(\S+)/i)
      if (scheme?.[2]) add(`header ${h.name} credential`, scheme[2])
      if (lower === 'authorization') {
        const kind = (scheme?.[1] ?? 'bearer').toLowerCase()
        schemes[kind] = { type: 'http', scheme: kind }
      } else if (!SECRET_HEADER.test(lower)) {
        schemes[lower] = { type: 'apiKey', in: 'header', name: h.name }
      }
    }
  }
  for (const c of [...(request.cookies ?? []), ...(response.cookies ?? [])]) {
    add(`cookie ${c.name}`, c.value)
  }
  for (const h of response.headers ?? []) {
    const lower = h.name.toLowerCase()
    if (lower === 'set-cookie') {
      for (const line of h.value.split('\n')) {
        for (const [name, value] of cookiePairs(line, true)) add(`cookie ${name}`, value)
      }
    } else if (SECRET_HEADER.test(lower) || CREDENTIAL_NAME.test(lower)) {
      add(`header ${h.name}`, h.value)
    }
  }
  let url: URL | undefined
  try {
    url = new URL(request.url)
  } catch {
    url = undefined
  }
  for (const [name, value] of url?.searchParams ?? []) {
    if (!CREDENTIAL_NAME.test(name)) continue
    add(`query ${name}`, value)
    schemes[`query-${name}`] = { type: 'apiKey', in: 'query', name }
  }
  for (const jwt of request.url.match(JWT) ?? []) add('JWT value', jwt)
  for (const p of request.postData?.params ?? []) {
    if (CREDENTIAL_NAME.test(p.name)) add(`member ${p.name}`, p.value)
  }
  bodySecrets(request.postData?.text, found)
  const content = response.content
  const text =
    answer?.text ??
    (content?.encoding === 'base64' && typeof content.text === 'string'
      ? Buffer.from(content.text, 'base64').toString('utf8')
      : content?.text)
  if (answer || /json|x-www-form-urlencoded|text/i.test(content?.mimeType ?? ''))
    bodySecrets(text, found, answer?.body === undefined ? undefined : answer)
  return schemes
}

/**
 * Secret values met so far, each once, by where it was first met; one place may hold many
 * values (a cookie renewed), each under a name of its own.
 *
 * @example
 * const found = new SecretsFound()
 * found.add('cookie sid', 'c00kie-value-0123')
 * found.values() // { 'cookie sid': 'c00kie-value-0123' }
 */
export class SecretsFound {
  readonly #values = new Map<string, string>()
  readonly #known = new Set<string>()
  readonly #places = new Map<string, number>()
  // Member names repeat in every document: each is tested once.
  readonly #names = new Map<string, boolean>()

  /** Whether a member or parameter name is a credential's (`password`, `access_token`). */
  credential(name: string): boolean {
    let known = this.#names.get(name)
    if (known === undefined) {
      known = CREDENTIAL_NAME.test(name)
      if (this.#names.size < 10_000) this.#names.set(name, known)
    }
    return known
  }

  add(where: string, value: string): void {
    if (!worthIt(value) || this.#known.has(value)) return
    this.#known.add(value)
    const n = (this.#places.get(where) ?? 0) + 1
    this.#places.set(where, n)
    this.#values.set(n === 1 ? where : `${where} (${n})`, value)
  }

  values(): Record<string, string> {
    return Object.fromEntries(this.#values)
  }
}
