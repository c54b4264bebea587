import type { HalApi } from '../serve/api.js'
import { importModule } from './load-module.js'
import { UsageError } from './parse.js'

/**
 * `--header 'Name: value'` lines as headers; a malformed one is a usage error that never shows
 * its value (it may be a secret).
 *
 * @example
 * headerLines(['Authorization: Bearer x']) // { Authorization: 'Bearer x' }
 */
export function headerLines(lines: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    const name = line.slice(0, Math.max(colon, 0)).trim()
    if (colon < 1 || !/^[!#$%&'*+.^_`|~\w-]+$/.test(name)) {
      throw new UsageError('--header must look like "Name: value"')
    }
    headers[name] = line.slice(colon + 1).trim()
  }
  return headers
}

/**
 * The API a module default-exports, made with `defineHalApi` (`--api`'s, or a recording's
 * `api.ts` for `option` `--check`); a usage error saying what is wrong otherwise. A relative path is
 * the user's, from where they typed the command.
 *
 * @example
 * const api = await apiModule('api.ts')
 */
export async function apiModule(file: string, option = '--api'): Promise<HalApi> {
  let module: { default?: unknown }
  try {
    // `npm start` runs in the package's folder: INIT_CWD is where the user typed it.
    module = await importModule(file, process.env.INIT_CWD ?? process.cwd())
  } catch (error) {
    throw new UsageError(`${option}: cannot load ${file}: ${(error as Error).message}`)
  }
  const api = module.default as Partial<HalApi> | undefined
  if (typeof api?.handle !== 'function' || typeof api.covers !== 'function' || !api.definition) {
    throw new UsageError(`${option} ${file} must default-export an API made with defineHalApi`)
  }
  return api as HalApi
}

/**
 * An argument that must be an http(s) URL (a root, `--base`), parsed; a usage error naming it
 * otherwise.
 *
 * @example
 * httpUrl('http://127.0.0.1:4010/api').pathname // '/api'
 */
export function httpUrl(raw: string): URL {
  let url: URL | undefined
  try {
    url = new URL(raw)
  } catch {}
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    throw new UsageError(`"${raw}" is no http(s) URL`)
  }
  return url
}

/**
 * `--var name=value` pairs as [name, value], in order; a usage error for one without its name.
 *
 * @example
 * namedValues(['blogId=1']) // [['blogId', '1']]
 */
export function namedValues(pairs: readonly string[]): [string, string][] {
  return pairs.map((pair) => {
    const eq = pair.indexOf('=')
    if (eq < 1) throw new UsageError(`--var must look like name=value, not "${pair}"`)
    return [pair.slice(0, eq), pair.slice(eq + 1)]
  })
}
