import type { HalApi } from '../serve/api.js'
import { importModule } from './load-module.js'

/** A command-line mistake of any `halyard-mock` command: printed with its usage hint, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}

/**
 * An option's whole number from `min` to `max`, `undefined` when it is not given.
 *
 * @example
 * wholeNumber('port', '4010', 0, 65535) // 4010
 */
export function wholeNumber(
  name: string,
  raw: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (raw === undefined) return undefined
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN
  if (!(value >= min && value <= max)) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not "${raw}"`)
  }
  return value
}

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
