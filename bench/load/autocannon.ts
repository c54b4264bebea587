import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { binOf, installed } from '../cache.js'
import { DEFAULT_CONNECTIONS, type LoadGenerator, type LoadResult, type LoadSpec } from './load.js'

const run = promisify(execFile)
const VERSION = '8.0.0'

/** The part of autocannon's `--json` report the bench reads. */
interface AutocannonReport {
  duration: number
  errors: number
  timeouts: number
  statusCodeStats: Record<string, { count: number }>
  latency: { p50: number; p99: number }
  requests: { total: number }
  throughput: { total: number }
}

/**
 * autocannon, installed into the bench cache on first use, for machines without wrk. It runs in
 * its own Node process, on the same cores as the server, as wrk does.
 */
export const autocannon: LoadGenerator = {
  name: `autocannon ${VERSION}`,
  settings: `autocannon -c${DEFAULT_CONNECTIONS}, one Node process`,
  async run(spec) {
    const dir = await installed(`autocannon-${VERSION}`, [`autocannon@${VERSION}`])
    const bin = await binOf(dir, 'autocannon')
    const { stdout } = await run(process.execPath, [bin, ...autocannonArgs(spec)], {
      timeout: (spec.seconds + 30) * 1000,
      maxBuffer: 16 * 1024 * 1024,
    })
    return fromReport(JSON.parse(stdout) as AutocannonReport)
  },
}

function autocannonArgs(spec: LoadSpec): string[] {
  const args = ['-c', String(spec.connections ?? DEFAULT_CONNECTIONS), '-d', String(spec.seconds)]
  args.push('--json', '-m', spec.method ?? 'GET')
  for (const [name, value] of Object.entries(spec.headers ?? {}))
    args.push('-H', `${name}=${value}`)
  if (spec.body !== undefined) args.push('-b', spec.body)
  return [...args, spec.url]
}

function fromReport(report: AutocannonReport): LoadResult {
  const requests = report.requests.total
  // autocannon's `non2xx` counts a 304 as a failure; wrk's rule (2xx and 3xx are fine) is kept.
  const failed = Object.entries(report.statusCodeStats)
    .filter(([status]) => Number(status) >= 400)
    .reduce((sum, [, { count }]) => sum + count, 0)
  return {
    requests,
    seconds: report.duration,
    rps: requests / report.duration,
    p50Ms: report.latency.p50,
    p99Ms: report.latency.p99,
    bytesPerResponse: requests ? report.throughput.total / requests : 0,
    errors: report.errors + report.timeouts + failed,
  }
}
