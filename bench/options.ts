import { parseArgs } from 'node:util'

/** The parts of the bench, in the order a full run takes them. */
export const PARTS = [
  'server',
  'scale',
  'in-process',
  'weight',
  'query-weight',
  'economy',
  'soak',
  'limits',
  'record-har',
] as const
export type PartName = (typeof PARTS)[number]

/** How long each part measures: the full run fits in 10 minutes, `--quick` in about 2. */
export interface Timing {
  /** Seconds of load before a (target, request) pair is measured for the first time. */
  readonly warmUpSeconds: number
  /** Extra seconds of load for WireMock, whose JIT needs them to reach its warm speed. */
  readonly jitWarmUpSeconds: number
  /** Seconds of each measured round. */
  readonly measureSeconds: number
  /** Rounds per (target, request) pair; the median is reported. */
  readonly rounds: number
  /** Articles in blog 1 for the scale part. */
  readonly scaleSizes: readonly number[]
  /** Sequential requests per latency figure of the scale part (after as many to warm up). */
  readonly scaleRequests: number
  /** Processes of the in-process part, each measuring every side; the median is reported. */
  readonly inProcessRepeats: number
  /** Rounds per process: each runs one batch of every side. */
  readonly inProcessRounds: number
  /** Requests per batch. */
  readonly inProcessBatch: number
  /** Milliseconds of requests of every side before the rounds. */
  readonly inProcessWarmUpMs: number
  readonly soakSeconds: number
}

export const FULL_TIMING: Timing = {
  warmUpSeconds: 5,
  jitWarmUpSeconds: 25,
  measureSeconds: 7,
  rounds: 3,
  scaleSizes: [1_000, 10_000, 100_000, 1_000_000],
  scaleRequests: 200,
  inProcessRepeats: 5,
  inProcessRounds: 101,
  inProcessBatch: 20,
  inProcessWarmUpMs: 1500,
  soakSeconds: 60,
}

export const QUICK_TIMING: Timing = {
  warmUpSeconds: 1,
  jitWarmUpSeconds: 3,
  measureSeconds: 2,
  rounds: 1,
  scaleSizes: [1_000, 100_000],
  scaleRequests: 50,
  inProcessRepeats: 1,
  inProcessRounds: 21,
  inProcessBatch: 10,
  inProcessWarmUpMs: 300,
  soakSeconds: 15,
}

/** Which load generator drives the real-server parts. */
export type LoadGeneratorName = 'wrk' | 'autocannon'

/** The options of a run, every default applied. */
export interface BenchOptions {
  readonly parts: readonly PartName[]
  readonly quick: boolean
  /** `undefined`: wrk when installed, else autocannon. */
  readonly load: LoadGeneratorName | undefined
  /** `undefined`: the built `dist` when it is newer than the sources, else the sources. */
  readonly implementation: 'dist' | 'source' | undefined
  readonly timing: Timing
}

export const USAGE = `npm run bench -- [options]

  --only=<parts>        comma-separated: ${PARTS.join(', ')} (default: all)
  --quick               short durations, for development (results go to .bench/, not bench/results/)
  --load=<generator>    wrk or autocannon (default: wrk when installed)
  --implementation=<i>  dist or source (default: dist when built from the current sources)
  -h, --help            show this help`

/** A command-line mistake, printed with the usage. */
export class UsageError extends Error {
  override name = 'UsageError'
}

/**
 * Reads the command line into {@link BenchOptions}, or `'help'`.
 *
 * @example
 * parseBenchArgs(['--only=server,soak', '--quick'])
 */
export function parseBenchArgs(argv: readonly string[]): BenchOptions | 'help' {
  let values: Record<string, string | boolean | undefined>
  try {
    ;({ values } = parseArgs({
      args: [...argv],
      strict: true,
      options: {
        only: { type: 'string' },
        quick: { type: 'boolean' },
        load: { type: 'string' },
        implementation: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  if (values.help) return 'help'
  const quick = values.quick === true
  return {
    parts: partsFrom(values.only),
    quick,
    load: oneOf('load', values.load, ['wrk', 'autocannon'] as const),
    implementation: oneOf('implementation', values.implementation, ['dist', 'source'] as const),
    timing: quick ? QUICK_TIMING : FULL_TIMING,
  }
}

function partsFrom(only: string | boolean | undefined): PartName[] {
  if (typeof only !== 'string') return [...PARTS]
  const names = only.split(',').map((name) => name.trim())
  const unknown = names.filter((name) => !(PARTS as readonly string[]).includes(name))
  if (unknown.length) throw new UsageError(`--only: unknown part ${unknown.join(', ')}`)
  // The run keeps the canonical order whatever order was asked.
  return PARTS.filter((part) => names.includes(part))
}

function oneOf<T extends string>(
  name: string,
  value: string | boolean | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined
  if (!allowed.includes(value as T))
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, not "${value}"`)
  return value as T
}
