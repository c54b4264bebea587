import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { ROOT } from '../implementation.js'
import { formatNumber, formatRatio, goal, median, type Table } from '../report.js'
import type { Part, RunContext } from './part.js'

const run = promisify(execFile)
const script = fileURLToPath(new URL('../in-process/sides.ts', import.meta.url))
const MAX_OVERHEAD = 1.3

/** The sides, first the floor every other is divided by; bench/in-process/sides.ts runs them. */
const SIDES = [
  {
    side: 'fetch-floor',
    label: 'bare fetch, msw trivial handler (floor)',
    includes: '`fetch()` + `.json()`; `setupServer` with one handler answering the record',
  },
  {
    side: 'sdk-mock',
    label: 'SDK get(), Blog API mock',
    includes:
      '`client.go(uri).get()` (cache off); `@halyard/mock/blog/node` (`setupBlogApi`), 42 articles',
  },
  {
    side: 'fetch-mock',
    label: 'bare fetch, Blog API mock',
    includes: '`fetch()` + `.json()`; `@halyard/mock/node`: the mock’s own share',
  },
  {
    side: 'sdk-floor',
    label: 'SDK get(), msw trivial handler',
    includes: '`client.go(uri).get()` (cache off); the trivial handler: the SDK’s own share',
  },
] as const
type Side = (typeof SIDES)[number]['side']

/** What one process measured of a side (see bench/in-process/sides.ts). */
interface SideFigures {
  /** Median µs per request, elapsed. */
  readonly micros: number
  /** Median µs per request on the CPU (user + system). */
  readonly cpuMicros: number
  /** Median over rounds of this side's batch ÷ the floor's batch of the same round. */
  readonly ratio: number
  readonly cpuRatio: number
}
type ProcessFigures = Record<Side, SideFigures>

/** Part 3: an SDK request through the in-process mock, against a bare fetch through MSW. */
export const inProcessPart: Part = {
  name: 'in-process',
  title: '3. In-process: SDK through the mock against a bare fetch through MSW',
  async run(context) {
    const { timing } = context
    const processes: ProcessFigures[] = []
    for (let repeat = 1; repeat <= timing.inProcessRepeats; repeat++) {
      context.progress(`in-process ${repeat}/${timing.inProcessRepeats}`)
      processes.push(await measureProcess(context))
    }
    const of = (side: Side, key: keyof SideFigures) =>
      median(processes.map((figures) => figures[side][key]))
    const table: Table = {
      title: `Microseconds per request: median of ${timing.inProcessRounds} rounds of ${timing.inProcessBatch} requests per side, median of ${timing.inProcessRepeats} processes`,
      columns: ['side', 'what it includes', 'µs/request', '÷ floor', 'CPU µs/request', '÷ floor'],
      align: ['left', 'left', 'right', 'right', 'right', 'right'],
      rows: SIDES.map(({ side, label, includes }) => [
        label,
        includes,
        formatNumber(of(side, 'micros'), 1),
        formatRatio(of(side, 'ratio')),
        formatNumber(of(side, 'cpuMicros'), 1),
        formatRatio(of(side, 'cpuRatio')),
      ]),
      notes: [
        '- Every side reads article 1 of blog 1 (the same 452-byte record for the trivial handler) and checks its title once.',
        `- The four sides take turns in each process, on one \`setupServer\` whose handlers are swapped: each round runs a batch of every side, in a rotating order, after ${timing.inProcessWarmUpMs} ms of all of them to warm the JIT. A side’s ratio is the median over rounds of its batch ÷ the floor’s batch of the same round, so a slow moment of the machine weighs on both.`,
        '- Each batch starts on a fresh undici pool: under msw 3.0.5 every request leaves a client in the pool (12 001 after 12 000 requests) and each request walks them all, so a request would otherwise cost more the more requests came before it.',
        '- µs/request is elapsed time; CPU µs/request is the process’s user + system time.',
        `- The mock and the SDK: ${context.implementation.kind} (${context.implementation.reason}).`,
      ],
    }
    return {
      tables: [table],
      goals: [
        goal('SDK get() through the mock ÷ bare fetch floor', of('sdk-mock', 'ratio'), {
          atMost: MAX_OVERHEAD,
        }),
      ],
      figures: {
        rounds: timing.inProcessRounds,
        batch: timing.inProcessBatch,
        warmUpMs: timing.inProcessWarmUpMs,
        processes,
      },
    }
  },
}

async function measureProcess(context: RunContext): Promise<ProcessFigures> {
  const { timing, implementation } = context
  const args = [
    ...implementation.nodeArgs,
    script,
    String(timing.inProcessRounds),
    String(timing.inProcessBatch),
    String(timing.inProcessWarmUpMs),
  ]
  const { stdout } = await run(process.execPath, args, { cwd: ROOT, timeout: 5 * 60_000 })
  const last = stdout.trim().split('\n').at(-1) ?? ''
  return JSON.parse(last) as ProcessFigures
}
