/** One request the real server received, as `GET /__admin/requests` lists it. */
export interface LoggedRequest {
  readonly at: string
  readonly method: string
  /**
   * Path and query (or the absolute-form target); secret query parameters (`access_token`, `sig`,
   * an `apiKey` scheme's) and a userinfo's password as `[redacted]`.
   */
  readonly url: string
  readonly status: number
  readonly durationMs: number
  /**
   * Request headers, names in lower case; secrets (tokens, cookies, `Authorization`, the API's
   * `securitySchemes` and `secretHeaders`, the headers its `authenticate` read, names with
   * `token`, `key`, `secret`…) as `[redacted]`.
   */
  readonly headers: Readonly<Record<string, string>>
}

/**
 * Headers whose values the log never shows: they carry credentials, and the log is readable by
 * every page the admin routes answer.
 */
export const REDACTED_HEADERS: ReadonlySet<string> = new Set([
  'x-access-token',
  'cookie',
  'authorization',
  'proxy-authorization',
  'set-cookie',
])

/**
 * Roots that say a header or query parameter holds a credential wherever they are in its name
 * (`X-Api-Key`, `access_token`, `X-Passphrase`, `X-Jwt`, `pwd`).
 */
const SECRET_ROOT =
  /token|secret|pass|pwd|apikey|api[-_]key|auth|session|signature|credential|cookie|jwt/i
/** Short words that say so only as a word of the name (`X-Functions-Key`, `sig`, `code`, `X-Otp`). */
const SECRET_WORD: ReadonlySet<string> = new Set(['key', 'sig', 'code', 'otp', 'sid'])
/** A credential by its value, whatever the name: an HTTP authentication scheme and its token. */
const SECRET_VALUE = /\b(bearer|basic)\s+\S/i
/** Declared tokens shorter than this are not searched for in values: they would match by chance. */
const SHORTEST_TOKEN = 4

/** Whether a header's or query parameter's name says it holds a credential. */
function secretName(name: string): boolean {
  if (SECRET_ROOT.test(name)) return true
  // Words split at punctuation and at a lower-to-upper change (`accessKey`, `Ocp-Apim-Subscription-Key`).
  return name
    .split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/)
    .some((word) => SECRET_WORD.has(word.toLowerCase()))
}

/** What the log hides of a request besides names that say so: headers and query parameters. */
export interface Secrets {
  /** Header names, in lower case. */
  readonly headers: { has(name: string): boolean }
  /** Query parameter names, in lower case. */
  readonly query: ReadonlySet<string>
  /** The API's own tokens: a value holding one is hidden, whatever its name. */
  readonly values: readonly string[]
}

/**
 * The secrets an API declares: the fixed {@link REDACTED_HEADERS}, the header or query parameter
 * each of its `securitySchemes` of type `apiKey` names (how its `authenticate` reads credentials),
 * its `secretHeaders`, `read`: the headers its `authenticate` has read so far (the API's
 * `credentialHeaders`, a live view, so a header is hidden in entries logged before it was read),
 * and `tokens`: the tokens it accepts (`acceptedTokens`), hidden in any value.
 *
 * @example
 * secretsOf({ securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } } }).headers.has('x-api-key') // true
 * secretsOf({ secretHeaders: ['X-Tenant-Pass'] }).headers.has('x-tenant-pass') // true
 */
export function secretsOf(
  definition: {
    readonly securitySchemes?: Readonly<Record<string, Readonly<Record<string, unknown>>>>
    readonly secretHeaders?: readonly string[]
  },
  read?: ReadonlySet<string>,
  tokens: readonly string[] = [],
): Secrets {
  const declared = new Set(REDACTED_HEADERS)
  for (const name of definition.secretHeaders ?? []) declared.add(name.toLowerCase())
  const headers = {
    has: (name: string) => declared.has(name) || read?.has(name) === true,
  }
  const query = new Set<string>()
  for (const scheme of Object.values(definition.securitySchemes ?? {})) {
    if (scheme.type !== 'apiKey' || typeof scheme.name !== 'string') continue
    if (scheme.in === 'header') declared.add(scheme.name.toLowerCase())
    if (scheme.in === 'query') query.add(scheme.name.toLowerCase())
  }
  return { headers, query, values: tokens.filter((t) => t.length >= SHORTEST_TOKEN) }
}

/** The secrets of an API that declares none of its own. */
const DEFAULT_SECRETS = secretsOf({})

/** Whether a value is a credential by what it holds: `Bearer …`, `Basic …`, one of the API's tokens. */
const secretValue = (value: string, secrets: Secrets): boolean =>
  SECRET_VALUE.test(value) || secrets.values.some((token) => value.includes(token))

/**
 * Headers with the value of each secret one replaced by `[redacted]`: those `secrets` names, any
 * whose name says it holds a credential (`key`, `token`, `secret`, `sig`, `jwt`, `pass`, `otp`,
 * `auth`, `code`, `session`, `cookie`…), and any whose value is one (`Bearer …`, `Basic …`, a
 * token the API accepts).
 *
 * @example
 * redact({ 'x-access-token': 'dev-token', accept: 'text/html' }) // { 'x-access-token': '[redacted]', accept: 'text/html' }
 */
export function redact(
  headers: Readonly<Record<string, string>>,
  secrets: Secrets = DEFAULT_SECRETS,
): Record<string, string> {
  const shown: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    shown[name] =
      secrets.headers.has(name) || secretName(name) || secretValue(value, secrets)
        ? '[redacted]'
        : value
  }
  return shown
}

/**
 * A request target as the log shows it: the password of an absolute-form target's userinfo
 * (`http://ada:PASS@host/…`, RFC 9112 §3.2.2) and the value of each secret query parameter as
 * `[redacted]`.
 *
 * @example
 * redactTarget('/api?access_token=abc&page=2') // '/api?access_token=[redacted]&page=2'
 */
export function redactTarget(url: string, secrets: Secrets = DEFAULT_SECRETS): string {
  // The common case, a path without a query, as it is (the server logs every request).
  if (url.startsWith('/') && !url.includes('?')) return url
  // `scheme://userinfo@`: the userinfo ends at the first `@` before the path.
  const target = url.replace(
    /^([a-z][a-z0-9+.-]*:\/\/)([^/?#@]*)@/i,
    (_, scheme: string, info: string) => {
      const colon = info.indexOf(':')
      return colon === -1 ? `${scheme}[redacted]@` : `${scheme}${info.slice(0, colon)}:[redacted]@`
    },
  )
  const start = target.indexOf('?')
  if (start === -1) return target
  const query = target
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      if (equals === -1) return pair
      const decoded = (text: string) => {
        try {
          return decodeURIComponent(text.replaceAll('+', ' '))
        } catch {
          // A malformed escape is judged as written.
          return text
        }
      }
      const name = decoded(pair.slice(0, equals))
      const secret =
        secrets.query.has(name.toLowerCase()) ||
        secretName(name) ||
        secretValue(decoded(pair.slice(equals + 1)), secrets)
      return secret ? `${pair.slice(0, equals)}=[redacted]` : pair
    })
  return `${target.slice(0, start)}?${query.join('&')}`
}

/**
 * A request as the server records it: the time as epoch milliseconds and the headers as a function,
 * so that the formatting is paid by whoever lists the log, not by every request.
 */
export interface RecordedRequest extends Omit<LoggedRequest, 'at' | 'headers'> {
  readonly at: number
  readonly headers: () => Readonly<Record<string, string>>
}

/**
 * A request as the real server records it, in {@link LoggedRequest}'s form when listed, its
 * secrets redacted (the API's, from {@link secretsOf}).
 *
 * @example
 * log.list().map(logged) // what `GET /__admin/requests` answers
 */
export function logged(entry: RecordedRequest, secrets: Secrets = DEFAULT_SECRETS): LoggedRequest {
  return {
    ...entry,
    at: new Date(entry.at).toISOString(),
    url: redactTarget(entry.url, secrets),
    headers: redact(entry.headers(), secrets),
  }
}

/**
 * The last `capacity` requests a shell answered, oldest first, in constant memory: the one request
 * log of the real server (`/__admin/requests`) and of the Playwright route (`requests()`).
 *
 * @example
 * const log = new RequestLog<RecordedRequest>()
 * log.add({ at: Date.now(), method: 'GET', url: '/api', status: 200, durationMs: 1, headers: () => ({}) })
 * log.list().length // 1
 */
export class RequestLog<Entry> {
  readonly #entries: Entry[] = []
  #next = 0

  constructor(readonly capacity = 1000) {}

  add(entry: Entry): void {
    if (this.#entries.length < this.capacity) this.#entries.push(entry)
    else this.#entries[this.#next] = entry
    this.#next = (this.#next + 1) % this.capacity
  }

  /** The entries, oldest first (a copy). */
  list(): Entry[] {
    return this.#entries.length < this.capacity
      ? [...this.#entries]
      : [...this.#entries.slice(this.#next), ...this.#entries.slice(0, this.#next)]
  }

  clear(): void {
    this.#entries.length = 0
    this.#next = 0
  }
}
