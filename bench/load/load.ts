/** One load run: the same request over and over, from `connections` kept-alive connections. */
export interface LoadSpec {
  readonly url: string
  readonly method?: string
  readonly headers?: Readonly<Record<string, string>>
  readonly body?: string
  readonly seconds: number
  /** Default 32, as the figures. */
  readonly connections?: number
  /** Default 2: one per core. */
  readonly threads?: number
}

/** What a load run measured. */
export interface LoadResult {
  readonly requests: number
  readonly seconds: number
  readonly rps: number
  readonly p50Ms: number
  readonly p99Ms: number
  /** Bytes read per response, headers included. */
  readonly bytesPerResponse: number
  /** Responses that were not 2xx/3xx, plus socket errors and timeouts. */
  readonly errors: number
}

/** A load generator: wrk, or autocannon where wrk is not installed. */
export interface LoadGenerator {
  readonly name: string
  /** How it runs, for the notes: `wrk -t2 -c32`. */
  readonly settings: string
  run(spec: LoadSpec): Promise<LoadResult>
}

export const DEFAULT_CONNECTIONS = 32
export const DEFAULT_THREADS = 2
