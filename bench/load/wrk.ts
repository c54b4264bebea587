import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import {
  DEFAULT_CONNECTIONS,
  DEFAULT_THREADS,
  type LoadGenerator,
  type LoadResult,
  type LoadSpec,
} from './load.js'

const run = promisify(execFile)

/** wrk, driven by a generated Lua script that sets the method, headers and body. */
export const wrk: LoadGenerator = {
  name: 'wrk',
  settings: `wrk -t${DEFAULT_THREADS} -c${DEFAULT_CONNECTIONS}`,
  async run(spec) {
    const dir = await mkdtemp(join(tmpdir(), 'halyard-bench-'))
    const script = join(dir, 'request.lua')
    await writeFile(script, wrkScript(spec))
    try {
      const args = [
        `-t${spec.threads ?? DEFAULT_THREADS}`,
        `-c${spec.connections ?? DEFAULT_CONNECTIONS}`,
        `-d${spec.seconds}s`,
        '--latency',
        '-s',
        script,
        spec.url,
      ]
      const { stdout } = await run('wrk', args, { timeout: (spec.seconds + 30) * 1000 })
      return parseWrk(stdout)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  },
}

/** A Lua string literal of any text: quotes, backslashes and control bytes escaped. */
export function luaString(text: string): string {
  const bytes = Buffer.from(text, 'utf8')
  let out = ''
  for (const byte of bytes) {
    const printable = byte >= 0x20 && byte <= 0x7e && byte !== 0x22 && byte !== 0x5c
    // Three digits always, so that a digit after the escape cannot join it.
    out += printable ? String.fromCharCode(byte) : `\\${String(byte).padStart(3, '0')}`
  }
  return `"${out}"`
}

/** The Lua script wrk runs for `spec`: method, body and headers of every request. */
export function wrkScript(spec: Pick<LoadSpec, 'method' | 'headers' | 'body'>): string {
  const lines = [`wrk.method = ${luaString(spec.method ?? 'GET')}`]
  if (spec.body !== undefined) lines.push(`wrk.body = ${luaString(spec.body)}`)
  for (const [name, value] of Object.entries(spec.headers ?? {}))
    lines.push(`wrk.headers[${luaString(name)}] = ${luaString(value)}`)
  return `${lines.join('\n')}\n`
}

const TIME_UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 }
const SIZE_UNITS: Record<string, number> = {
  B: 1,
  KB: 1024,
  MB: 1024 ** 2,
  GB: 1024 ** 3,
  TB: 1024 ** 4,
}

/** `2.60ms` → 2.6 (milliseconds). */
const millis = (value: string, unit: string) => Number(value) * (TIME_UNITS[unit] ?? Number.NaN)

/**
 * Reads wrk's report (run with `--latency`).
 *
 * @throws {Error} when the report has no request count (wrk could not connect).
 */
export function parseWrk(report: string): LoadResult {
  const summary = /(\d+) requests in ([\d.]+)(us|ms|s|m|h), ([\d.]+)(B|KB|MB|GB|TB) read/.exec(
    report,
  )
  if (!summary) throw new Error(`wrk gave no summary: ${report.trim().slice(0, 200)}`)
  const [, count, time = '', timeUnit = '', size = '', sizeUnit = ''] = summary
  const requests = Number(count)
  const seconds = millis(time, timeUnit) / 1000
  const percentile = (p: number) => {
    const match = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s|m|h)\\s*$`, 'm').exec(report)
    return match ? millis(match[1] ?? '', match[2] ?? '') : Number.NaN
  }
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(report)?.[1] ?? 0)
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report)
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0
  return {
    requests,
    seconds,
    // wrk's own Requests/sec line rounds the same division; computing it keeps full precision.
    rps: requests / seconds,
    p50Ms: percentile(50),
    p99Ms: percentile(99),
    bytesPerResponse: requests
      ? (Number(size) * (SIZE_UNITS[sizeUnit] ?? Number.NaN)) / requests
      : 0,
    errors: non2xx + socketErrors,
  }
}
