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
  /** Restore the seed (docs/api.md, Mock controls) before each test. */
  reset(): Promise<void>
  /**
   * What this target's `fetch` can send; omitted, it can send everything (Node's fetch). A case that
   * needs a capability the target lacks is not registered for it: neither run nor shown as skipped.
   */
  readonly capabilities?: readonly ContractCapability[]
  /**
   * Sends one request as written on the wire, on a connection of its own: any method (`TRACE`),
   * request target (`ftp://x/…`) and `Host`. Needed by the `raw-http` cases only.
   */
  readonly raw?: (request: RawRequest) => Promise<RawAnswer>
}

/** A request line and headers, sent as they are by {@link ContractTarget.raw}. */
export interface RawRequest {
  readonly method: string
  /** The request target as sent: a path, an absolute URL, an authority. */
  readonly target: string
  /**
   * Headers, a list for one sent on several lines (two `Host`s); `host` defaults to the target's
   * origin's, `content-length` to the body's unless `transfer-encoding` is given.
   */
  readonly headers?: Readonly<Record<string, string | readonly string[]>>
  readonly body?: string
}

/** What {@link ContractTarget.raw} received. */
export interface RawAnswer {
  readonly status: number
  readonly headers: Headers
  readonly text: string
}

/**
 * A kind of request some cases send, or a part of the contract, that not every target has, with
 * the reason a target may lack it:
 * - `cookie-header`: a `Cookie` header the case sets itself. A browser's fetch drops it (a forbidden
 *   request header), and a service worker never sees the page's cookies either.
 * - `raw-http`: requests fetch cannot send (`Host`, `TRACE`, an absolute-form target), through
 *   {@link ContractTarget.raw}: a real server reached from Node.
 * - `cors`: the CORS rules of a real HTTP server (docs/api.md, HTTP semantics); handlers in-process or in a worker
 *   answer their own page, never another origin.
 * - `admin`: the `/__admin` controls of docs/api.md, Mock controls, a real server's.
 * - `reset`: {@link ContractTarget.reset} restores the seed before each case, which every case that
 *   writes needs. A server given by E2E_BASE_URL has none: there, only the cases that write
 *   nothing run.
 */
export type ContractCapability = 'cookie-header' | 'raw-http' | 'cors' | 'admin' | 'reset'

/** Every capability, for targets that list theirs and for reports of what a target lacks. */
export const CONTRACT_CAPABILITIES: readonly ContractCapability[] = [
  'cookie-header',
  'raw-http',
  'cors',
  'admin',
  'reset',
]

/**
 * Whether a target has a capability (one that lists none has them all).
 *
 * @example
 * supports({ ...target, capabilities: [] }, 'cookie-header') // false
 */
export function supports(target: ContractTarget, capability: ContractCapability): boolean {
  return target.capabilities?.includes(capability) ?? true
}
