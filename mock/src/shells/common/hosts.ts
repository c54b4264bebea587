import { isIP } from 'node:net'
import { networkInterfaces } from 'node:os'
import { ByteLru, stringBytes } from '../../memory/byte-lru.js'

/** Addresses that stand for every interface: a server bound there is bound to each of them. */
const WILDCARDS = new Set(['', '0.0.0.0', '::', '[::]'])

/**
 * Whether a host name (`URL.hostname`, IPv6 in brackets) is a loopback name or address:
 * `localhost`, `*.localhost` (RFC 6761 keeps them on this machine), 127.0.0.0/8 and `[::1]`.
 *
 * @example
 * isLoopbackHost('app.localhost') // true
 * isLoopbackHost('evil.example') // false
 */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase()
  if (name === 'localhost' || name.endsWith('.localhost')) return true
  if (name === '[::1]') return true
  return isIP(name) === 4 && name.startsWith('127.')
}

/** A `Host` value (`name[:port]`) as a URL host: lower case, normalized; `null` if it is not one. */
function parseHost(host: string): URL | null {
  try {
    const url = new URL(`http://${host}`)
    // Userinfo, a path or a non-canonical spelling (`127.1`) is no plain host; `:80` is the default.
    return url.host === host.toLowerCase().replace(/:80$/, '') ? url : null
  } catch {
    return null
  }
}

/** The names a server bound to `host` is reached by, besides the loopback ones. */
function boundNames(host: string): string[] {
  const own = isIP(host) === 6 ? `[${host}]` : host.toLowerCase()
  if (!WILDCARDS.has(host)) return [own]
  // The address it prints (`http://0.0.0.0:4010`) too, and every interface's.
  const interfaces = Object.values(networkInterfaces())
    .flat()
    .flatMap((info) =>
      info === undefined ? [] : [info.family === 'IPv6' ? `[${info.address}]` : info.address],
    )
  return [own, ...interfaces]
}

/**
 * Which `Host` headers the real server answers (DNS rebinding protection, as Vite and
 * webpack-dev-server do it): loopback names and addresses, the address it is bound to, and what
 * the user allows (`allowedHosts`: host names; `.example.com` also allows its subdomains; `true`
 * allows any). Any port. The origin of an allowed request is `http://` and its `Host`: the scheme is
 * always the server's own.
 *
 * @example
 * const hosts = new HostPolicy(['.example.com'], '127.0.0.1')
 * hosts.originOf('api.example.com:4010') // 'http://api.example.com:4010'
 * hosts.originOf('evil.example:4010') // null
 */
export class HostPolicy {
  readonly #any: boolean
  readonly #names: ReadonlySet<string>
  readonly #suffixes: readonly string[]
  /** Decisions by `Host` value: a server sees very few, and a URL parse costs. */
  readonly #seen = new ByteLru<string, { origin: string | null }>(
    'origins',
    ({ origin }, host) => stringBytes(host) + stringBytes(origin ?? ''),
  )

  constructor(allowedHosts: readonly string[] | true, boundHost: string) {
    this.#any = allowedHosts === true
    const allowed = allowedHosts === true ? [] : allowedHosts.map((name) => name.toLowerCase())
    this.#names = new Set([
      ...boundNames(boundHost),
      ...allowed.map((name) => (name.startsWith('.') ? name.slice(1) : name)),
    ])
    this.#suffixes = allowed.filter((name) => name.startsWith('.'))
  }

  /**
   * The origin (`http://host[:port]`) a request with this `Host` header addresses, or `null` when
   * the server must refuse it. `undefined` (an HTTP/1.0 request without `Host`) gives `fallback`.
   */
  originOf(host: string | undefined, fallback: string): string | null {
    if (host === undefined) return fallback
    let known = this.#seen.get(host)
    if (known === undefined) {
      // Any client can send any Host: the memo is bounded in bytes.
      known = { origin: this.#decide(host) }
      this.#seen.set(host, known)
    }
    return known.origin
  }

  #decide(host: string): string | null {
    const url = parseHost(host)
    if (url === null) return null
    const name = url.hostname
    const allowed =
      this.#any ||
      isLoopbackHost(name) ||
      this.#names.has(name) ||
      this.#suffixes.some((suffix) => name.endsWith(suffix))
    return allowed ? url.origin : null
  }
}
