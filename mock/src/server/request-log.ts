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

/** The last `capacity` requests, oldest first, in constant memory. */
export class RequestLog {
  readonly #entries: LoggedRequest[] = []
  #next = 0

  constructor(readonly capacity = 1000) {}

  add(entry: LoggedRequest): void {
    if (this.#entries.length < this.capacity) this.#entries.push(entry)
    else this.#entries[this.#next] = entry
    this.#next = (this.#next + 1) % this.capacity
  }

  list(): LoggedRequest[] {
    if (this.#entries.length < this.capacity) return [...this.#entries]
    return [...this.#entries.slice(this.#next), ...this.#entries.slice(0, this.#next)]
  }

  clear(): void {
    this.#entries.length = 0
    this.#next = 0
  }
}
