import type { HttpHandler } from 'msw'

/**
 * What the SDK suite needs from a Blog API mock: where its API root is, a way to override routes
 * for one test, and a reset. The same cases run in-process (MSW interception) and over real HTTP.
 */
export interface SdkTarget {
  readonly name: string
  /** The API root, e.g. `http://127.0.0.1:4321/api/v1.2`. */
  readonly apiUrl: string
  /** Overrides routes until the next reset (MSW handlers, as `server.use()`). */
  use(...handlers: HttpHandler[]): void
  /** Restores the seed and drops overrides. */
  reset(): Promise<void>
}
