/**
 * What the contract suite needs from a server under test. The same cases run against the MSW
 * handlers intercepted in-process, the real HTTP server, a browser service worker, or any server at
 * `E2E_BASE_URL`, so a target exposes nothing but HTTP.
 */
export interface ContractTarget {
  readonly name: string
  /** Origin of the server under test, e.g. http://127.0.0.1:4321 */
  readonly origin: string
  /** fetch for a path under the origin ('/api/v1.2/blogs/1'); plain fetch semantics. */
  fetch(path: string, init?: RequestInit): Promise<Response>
  /** Restore the seed (CONTRACT §5) before each test. */
  reset(): Promise<void>
}
