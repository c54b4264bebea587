import type { ChildServer } from '../process.js'

/** A server the mock is compared with, serving the same record. */
export interface Anchor {
  /** As the tables print it. */
  readonly name: string
  /** The record's path on this server. */
  readonly path: string
  /** `true` for a JIT that needs the long warm-up (WireMock on the JVM). */
  readonly jit?: boolean
  /** How it runs, for the note under the table. */
  readonly note?: string
  /**
   * Installs it into the bench cache when needed, then starts it.
   *
   * @throws {Unavailable} when it cannot be installed or started.
   */
  start(): Promise<ChildServer>
}
