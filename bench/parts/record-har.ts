import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from '../implementation.js'
import { generateHar } from '../record-har/generate.js'
import { formatBytes, formatNumber, goal, median, type Table } from '../report.js'
import type { Part } from './part.js'

/** The HAR's size: a long browser session, DevTools' "Save all as HAR". */
const HAR_BYTES = 20 * 1024 * 1024
const GOAL_SECONDS = 10

/** `halyard-mock record --har …` as users run it: its wall time, process start included. */
function record(nodeArgs: readonly string[], cli: string, har: string, out: string) {
  return new Promise<number>((done, fail) => {
    const started = performance.now()
    const child = spawn(
      process.execPath,
      [...nodeArgs, cli, 'record', '--har', har, '--out', out, '--quiet'],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
    )
    let errors = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk
    })
    child.on('error', fail)
    child.on('exit', (code) =>
      code === 0
        ? done((performance.now() - started) / 1000)
        : fail(new Error(`record --har exited ${code}: ${errors.slice(0, 500)}`)),
    )
  })
}

export const recordHarPart: Part = {
  name: 'record-har',
  title: 'Recording a 20 MB HAR',
  async run(context) {
    const dir = await mkdtemp(join(tmpdir(), 'halyard-bench-har-'))
    try {
      const text = generateHar(HAR_BYTES)
      const har = join(dir, 'session.har')
      await writeFile(har, text)
      const entries = (text.match(/"startedDateTime"/g) ?? []).length
      const cli =
        context.implementation.kind === 'dist'
          ? join(ROOT, 'mock/dist/cli.js')
          : join(ROOT, 'mock/src/cli/main.ts')
      const rounds = context.timing.rounds
      const seconds: number[] = []
      for (let i = 0; i < rounds; i++) {
        context.progress(`record --har, round ${i + 1} of ${rounds}`)
        seconds.push(await record(context.implementation.nodeArgs, cli, har, join(dir, `out-${i}`)))
      }
      const time = median(seconds)
      const table: Table = {
        title: 'halyard-mock record --har session.har --out dir',
        columns: ['HAR', 'entries', 'seconds (median)', 'rounds'],
        rows: [
          [formatBytes(text.length), formatNumber(entries), formatNumber(time, 2), String(rounds)],
        ],
        notes: [
          'A generated session: paged customers, each read with its orders, products created, replaced and deleted, and a page’s noise (scripts, preflights, another origin). Wall time of the CLI, process start included.',
        ],
      }
      return {
        tables: [table],
        goals: [goal('a 20 MB HAR recorded', time, { below: GOAL_SECONDS }, ' s')],
        figures: { bytes: text.length, entries, seconds },
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  },
}
