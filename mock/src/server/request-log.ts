/** One request the real server received, as `GET /__admin/requests` lists it. */
export interface LoggedRequest {
  readonly at: string
  readonly method: string
  /** Path and query. */
  readonly url: string
  readonly status: number
  readonly durationMs: number
  /** Request headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>
}

/**
 * A request as the server records it: the time as epoch milliseconds and the headers as a function,
 * so that the formatting is paid by whoever lists the log, not by every request.
 */
export interface RecordedRequest extends Omit<LoggedRequest, 'at' | 'headers'> {
  readonly at: number
  readonly headers: () => Readonly<Record<string, string>>
}

/** The last `capacity` requests, oldest first, in constant memory. */
export class RequestLog {
  readonly #entries: RecordedRequest[] = []
  #next = 0

  constructor(readonly capacity = 1000) {}

  add(entry: RecordedRequest): void {
    if (this.#entries.length < this.capacity) this.#entries.push(entry)
    else this.#entries[this.#next] = entry
    this.#next = (this.#next + 1) % this.capacity
  }

  list(): LoggedRequest[] {
    const entries =
      this.#entries.length < this.capacity
        ? this.#entries
        : [...this.#entries.slice(this.#next), ...this.#entries.slice(0, this.#next)]
    return entries.map((entry) => ({
      ...entry,
      at: new Date(entry.at).toISOString(),
      headers: entry.headers(),
    }))
  }

  clear(): void {
    this.#entries.length = 0
    this.#next = 0
  }
}
