/** One request the real server received, as `GET /__admin/requests` lists it. */
export interface LoggedRequest {
  readonly at: string
  readonly method: string
  /** Path and query; secret query parameters (`access_token`, an `apiKey` scheme's) as `[redacted]`. */
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

/** Names that say a header or query parameter holds a credential (`X-Api-Key`, `access_token`). */
const SECRET_NAME = /token|secret|passw|api[-_]?key|auth|session|signature|credential/i

/** What the log hides of a request besides names that say so: headers and query parameters. */
export interface Secrets {
  /** Header names, in lower case. */
  readonly headers: { has(name: string): boolean }
  /** Query parameter names, in lower case. */
  readonly query: ReadonlySet<string>
}

/**
 * The secrets an API declares: the fixed {@link REDACTED_HEADERS}, the header or query parameter
 * each of its `securitySchemes` of type `apiKey` names (how its `authenticate` reads credentials),
 * its `secretHeaders`, and `read`: the headers its `authenticate` has read so far (the API's
 * `credentialHeaders`, a live view, so a header is hidden in entries logged before it was read).
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
  return { headers, query }
}

/** The secrets of an API that declares none of its own. */
const DEFAULT_SECRETS = secretsOf({})

/**
 * Headers with the value of each secret one replaced by `[redacted]`: those `secrets` names, and
 * any whose name says it holds a credential.
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
    shown[name] = secrets.headers.has(name) || SECRET_NAME.test(name) ? '[redacted]' : value
  }
  return shown
}

/** A path and query with the value of each secret query parameter replaced by `[redacted]`. */
function redactQuery(url: string, secrets: Secrets): string {
  const start = url.indexOf('?')
  if (start === -1) return url
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      if (equals === -1) return pair
      let name = pair.slice(0, equals)
      try {
        name = decodeURIComponent(name.replaceAll('+', ' '))
      } catch {
        // A malformed escape is judged as written.
      }
      const secret = secrets.query.has(name.toLowerCase()) || SECRET_NAME.test(name)
      return secret ? `${pair.slice(0, equals)}=[redacted]` : pair
    })
  return `${url.slice(0, start)}?${query.join('&')}`
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
    url: redactQuery(entry.url, secrets),
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
