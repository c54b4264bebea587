/**
 * The mock for the limits part, one per process, forked with an IPC channel:
 * `node --expose-gc bench/limits/server.ts`. It sends `{ origin }` once it listens, and answers
 * each `'sample'` message with its heap (after a full GC), its RSS and the longest event-loop
 * block since the previous sample.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { createMockServer } from '@halyard/mock/blog/server'

/** What the parent is sent for each `'sample'`. */
export interface LimitsSample {
  readonly heapUsed: number
  readonly rss: number
  /** The longest event-loop delay since the last sample, in ms (1 ms resolution). */
  readonly maxBlockMs: number
  /** CPU time (user + system, every thread) since the last sample, in ms: less swayed by load. */
  readonly cpuMs: number
}

const server = await createMockServer({ port: 0, articles: 42, log: false })
const delay = monitorEventLoopDelay({ resolution: 1 })
delay.enable()
const collect = (globalThis as { gc?: () => void }).gc
let cpu = process.cpuUsage()

process.on('message', (message) => {
  if (message === 'sample') {
    const maxBlockMs = delay.max / 1e6
    delay.reset()
    const used = process.cpuUsage(cpu)
    const cpuMs = (used.user + used.system) / 1000
    collect?.()
    const { heapUsed, rss } = process.memoryUsage()
    const sample: LimitsSample = { heapUsed, rss, maxBlockMs, cpuMs }
    // Measured from here, so the GC above is not counted in the next request's CPU.
    cpu = process.cpuUsage()
    process.send?.(sample)
  } else if (message === 'stop') {
    void server.close().then(() => process.exit(0))
  }
})
process.send?.({ origin: server.origin })
