import { MAX_DELAY_MS } from '../../http/prefer.js'
import { CorsPolicy, corsOrigin } from '../common/cors.js'
import { HostPolicy } from '../common/hosts.js'

/** Options of the real server, whatever API it serves: where to listen, whom to answer, how to log. */
export interface HalServerOptions {
  /** Port to listen on; 0 picks a free one. Default 4010. */
  port?: number
  /** Interface to bind. Default `127.0.0.1`, never all interfaces unless asked. */
  host?: string
  /** Receives one line per request (method, path, status, ms); `false` to log nothing. Default: stdout. */
  log?: ((line: string) => void) | false
  /**
   * Host names answered besides loopback ones (`localhost`, `*.localhost`, 127.0.0.0/8, `[::1]`)
   * and the bound address; `.example.com` also allows its subdomains, `true` any host. Any other
   * `Host` gets 403 (DNS rebinding protection). Default none. CLI: `--allowed-hosts a,b`.
   */
  allowedHosts?: readonly string[] | true
  /**
   * Origins whose pages may read answers (CORS) besides loopback ones, with credentials; `*` lets
   * any origin read, without credentials. Default none. CLI: `--cors-origin <origin>`, repeatable.
   */
  corsOrigins?: readonly string[]
  /**
   * Milliseconds a client has to send a whole request, headers and body; slower ones get 408 and
   * the connection closes. `0` for no limit. Default 15 000. CLI: `--request-timeout <ms>`.
   */
  requestTimeout?: number
  /**
   * A JSON file that keeps the API's records across restarts, as `json-server`'s `db.json`: its
   * records replace the seed at start when it exists (checked as a seed is), and every record is
   * written to it once writes pause (atomically: a file beside it, renamed over it). `POST
   * /__admin/reset` writes the seed back. Default none. CLI: `--persist <file.json>`.
   */
  persist?: string
  /**
   * Milliseconds to wait before every answer of the API (not of the admin routes nor the
   * explorer), 0 to 10 000, besides its definition's `delay`; a request's `Prefer: delay` decides
   * its own. Default 0. CLI: `--delay <ms>` (with `--api`).
   */
  delay?: number
}

/** How long an idle keep-alive connection stays open. */
export const KEEP_ALIVE_MS = 5_000
/** The default of {@link HalServerOptions.requestTimeout}. */
export const REQUEST_TIMEOUT_MS = 15_000
/** The largest {@link HalServerOptions.requestTimeout}: ten minutes. */
const MAX_REQUEST_TIMEOUT_MS = 600_000

/** The server's own options after defaults and validation. */
export interface ResolvedServerOptions {
  readonly port: number
  readonly host: string
  readonly log: ((line: string) => void) | false
  readonly hosts: HostPolicy
  readonly cors: CorsPolicy
  readonly requestTimeout: number
  readonly persist: string | undefined
  readonly delay: number
}

/**
 * Applies the server's defaults and rejects options that cannot work, naming the option.
 *
 * @example
 * resolveServerOptions({ corsOrigins: ['https://app.example'] }, console.log).requestTimeout // 15000
 */
export function resolveServerOptions(
  options: HalServerOptions,
  defaultLog: (line: string) => void,
): ResolvedServerOptions {
  const { port = 4010, host = '127.0.0.1', log = defaultLog, allowedHosts = [] } = options
  const { requestTimeout = REQUEST_TIMEOUT_MS, corsOrigins = [] } = options
  if (!Number.isSafeInteger(requestTimeout) || requestTimeout < 0) {
    throw new RangeError(`requestTimeout must be a whole number of ms >= 0, not ${requestTimeout}`)
  }
  if (requestTimeout > MAX_REQUEST_TIMEOUT_MS) {
    throw new RangeError(`requestTimeout must be at most ${MAX_REQUEST_TIMEOUT_MS} ms`)
  }
  const { delay = 0, persist } = options
  if (!(Number.isSafeInteger(delay) && delay >= 0 && delay <= MAX_DELAY_MS)) {
    throw new RangeError(
      `delay must be a whole number of ms from 0 to ${MAX_DELAY_MS}, not ${delay}`,
    )
  }
  if (
    allowedHosts !== true &&
    allowedHosts.some((name) => !/^\.?[\w.-]+$|^\[[\da-f:.]+\]$/i.test(name))
  ) {
    throw new TypeError(
      `allowedHosts must list host names such as example.com or .example.com (no port), not ${JSON.stringify(allowedHosts)}`,
    )
  }
  return {
    port,
    host,
    log,
    hosts: new HostPolicy(allowedHosts, host),
    cors: new CorsPolicy(corsOrigins.map(corsOrigin)),
    requestTimeout,
    persist,
    delay,
  }
}
