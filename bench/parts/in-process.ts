import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { ROOT } from '../implementation.js'
import { formatNumber, formatRatio, goal, median, ratio, type Table } from '../report.js'
import type { Part, RunContext } from './part.js'

const run = promisify(execFile)
const script = fileURLToPath(new URL('../in-process/side.ts', import.meta.url))
const MAX_OVERHEAD = 1.3

/** The sides, first the floor every other is divided by; bench/in-process/side.ts runs each. */
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
      '`client.go(uri).get()` (cache off); `@halyard/mock/node` (`setupBlogApi`), 42 articles',
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

/** Part 3: an SDK request through the in-process mock, against a bare fetch through MSW. */
export const inProcessPart: Part = {
  name: 'in-process',
  title: '3. In-process: SDK through the mock against a bare fetch through MSW',
  async run(context) {
    const { timing } = context
    const samples = new Map<Side, SideFigures[]>(SIDES.map(({ side }) => [side, []]))
    // Sides alternate, each in a fresh process, so that a busy moment hits them all alike.
    for (let repeat = 1; repeat <= timing.inProcessRepeats; repeat++)
      for (const { side } of SIDES) {
        context.progress(`in-process ${repeat}/${timing.inProcessRepeats}: ${side}`)
        samples.get(side)?.push(await measureSide(context, side))
      }
    const of = (side: Side, key: 'micros' | 'cpuMicros') =>
      median((samples.get(side) ?? []).map((figures) => figures[key]))
    const floor = of('fetch-floor', 'micros')
    const cpuFloor = of('fetch-floor', 'cpuMicros')
    const table: Table = {
      title: `Microseconds per request: median of ${timing.inProcessRounds} batches of about ${timing.inProcessBatchMs} ms, median of ${timing.inProcessRepeats} processes`,
      columns: ['side', 'what it includes', 'µs/request', '÷ floor', 'CPU µs/request', '÷ floor'],
      align: ['left', 'left', 'right', 'right', 'right', 'right'],
      rows: SIDES.map(({ side, label, includes }) => [
        label,
        includes,
        formatNumber(of(side, 'micros'), 1),
        formatRatio(ratio(of(side, 'micros'), floor)),
        formatNumber(of(side, 'cpuMicros'), 1),
        formatRatio(ratio(of(side, 'cpuMicros'), cpuFloor)),
      ]),
      notes: [
        `- Every side reads article 1 of blog 1 (the same 452-byte record for the trivial handler) and checks its title once; then requests for ${timing.inProcessWarmUpMs} ms warm the JIT (and size the batches) before the measured batches.`,
        '- µs/request is elapsed time; CPU µs/request is the process’s user + system time, steadier when other processes share the cores.',
        `- The mock and the SDK: ${context.implementation.kind} (${context.implementation.reason}).`,
      ],
    }
    return {
      tables: [table],
      goals: [
        goal(
          'SDK get() through the mock ÷ bare fetch floor',
          ratio(of('sdk-mock', 'micros'), floor),
          {
            atMost: MAX_OVERHEAD,
          },
        ),
      ],
      figures: {
        rounds: timing.inProcessRounds,
        batchMs: timing.inProcessBatchMs,
        warmUpMs: timing.inProcessWarmUpMs,
        samples: Object.fromEntries(samples),
      },
    }
  },
}

/** What one process measured of a side. */
interface SideFigures {
  readonly micros: number
  readonly cpuMicros: number
  readonly batch: number
}

async function measureSide(context: RunContext, side: Side): Promise<SideFigures> {
  const { timing, implementation } = context
  const args = [
    ...implementation.nodeArgs,
    script,
    side,
    String(timing.inProcessRounds),
    String(timing.inProcessBatchMs),
    String(timing.inProcessWarmUpMs),
  ]
  const { stdout } = await run(process.execPath, args, { cwd: ROOT, timeout: 5 * 60_000 })
  const last = stdout.trim().split('\n').at(-1) ?? ''
  return JSON.parse(last) as SideFigures
}
