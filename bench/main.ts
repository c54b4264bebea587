/**
 * `npm run bench`: the mock and the SDK measured beside their anchors, in one run, on this
 * machine. Prints one Markdown table per part and writes the same figures as JSON.
 * See `npm run bench -- --help`.
 */
import { pickImplementation } from './implementation.js'
import { loadGenerator } from './load/index.js'
import { type PartName, parseBenchArgs, USAGE, UsageError } from './options.js'
import { economyPart } from './parts/economy.js'
import { inProcessPart } from './parts/in-process.js'
import { limitsPart } from './parts/limits.js'
import type { Part, PartOutcome, RunContext } from './parts/part.js'
import { queryWeightPart } from './parts/query-weight.js'
import { recordHarPart } from './parts/record-har.js'
import { scalePart } from './parts/scale.js'
import { serverPart } from './parts/server.js'
import { soakPart } from './parts/soak.js'
import { weightPart } from './parts/weight.js'
import { markdownPart } from './report.js'
import { aboutRun, type PartRecord, runInfo, saveResults } from './results.js'

const PARTS: Record<PartName, Part> = {
  server: serverPart,
  scale: scalePart,
  'in-process': inProcessPart,
  weight: weightPart,
  'query-weight': queryWeightPart,
  economy: economyPart,
  soak: soakPart,
  limits: limitsPart,
  'record-har': recordHarPart,
}

async function main(): Promise<number> {
  const options = parseBenchArgs(process.argv.slice(2))
  if (options === 'help') {
    console.log(USAGE)
    return 0
  }
  const started = performance.now()
  const implementation = await pickImplementation(options.implementation)
  const load = loadGenerator(options.load)
  const context: RunContext = {
    timing: options.timing,
    implementation,
    load,
    progress: (line) => process.stderr.write(`bench: ${line}\n`),
  }
  const records: PartRecord[] = []
  let crashed = false
  for (const name of options.parts) {
    const part = PARTS[name]
    context.progress(`part ${part.title}`)
    const run = runInfo(`${implementation.kind}`, load.name, options.quick)
    const ranAt = new Date().toISOString()
    const partStarted = performance.now()
    let outcome: PartOutcome
    try {
      outcome = await part.run(context)
    } catch (error) {
      // One broken part must not lose the figures of the others.
      crashed = true
      outcome = failed(error)
    }
    const seconds = (performance.now() - partStarted) / 1000
    const record: PartRecord = { part: name, title: part.title, ranAt, seconds, ...outcome, run }
    records.push(record)
    console.log(`\n${markdownPart(record, aboutRun(record))}\n`)
  }
  const path = await saveResults(records, options.quick)
  const total = Math.round((performance.now() - started) / 1000)
  console.log(`Bench done in ${total} s. Written to ${path} and beside it as JSON.`)
  return crashed ? 1 : 0
}

function failed(error: unknown): PartOutcome {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error)
  return {
    tables: [
      { title: 'The part failed', columns: ['error'], rows: [[message.split('\n')[0] ?? '']] },
    ],
    goals: [],
    figures: { error: message },
  }
}

// Ctrl-C ends the run through process.exit, which stops every child server (bench/process.ts).
process.once('SIGINT', () => process.exit(130))
process.once('SIGTERM', () => process.exit(143))

// Exits explicitly: kept-alive sockets must not hold the run open once the results are written.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`bench: ${error.message}\n\n${USAGE}`)
      process.exit(2)
    }
    console.error(error)
    process.exit(1)
  },
)
