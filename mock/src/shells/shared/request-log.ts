/** One request the real server received, as `GET /__admin/requests` lists it. */
export interface LoggedRequest {
  readonly at: string
  readonly method: string
  /** Path and query. */
  readonly url: string
  readonly status: number
  readonly durationMs: number
  /** Request headers, names in lower case; secrets (tokens, cookies, `Authorization`) as `[redacted]`. */
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
 * Headers with the value of each secret one replaced by `[redacted]`.
 *
 * @example
 * redact({ 'x-access-token': 'dev-token', accept: 'text/html' }) // { 'x-access-token': '[redacted]', accept: 'text/html' }
 */
export function redact(headers: Readonly<Record<string, string>>): Record<string, string> {
  const shown: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    shown[name] = REDACTED_HEADERS.has(name) ? '[redacted]' : value
  }
  return shown
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
 * A request as the real server records it, in {@link LoggedRequest}'s form when listed.
 *
 * @example
 * log.list().map(logged) // what `GET /__admin/requests` answers
 */
export function logged(entry: RecordedRequest): LoggedRequest {
  return { ...entry, at: new Date(entry.at).toISOString(), headers: redact(entry.headers()) }
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
