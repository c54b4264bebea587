import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { ROOT } from './implementation.js'
import { PARTS } from './options.js'
import { markdownPart, type PartResult } from './report.js'

/** Where and how a part ran: absolute figures only compare within one such run. */
export interface RunInfo {
  readonly node: string
  readonly cpus: number
  readonly cpuModel: string
  /** 1-minute load average when the run started: above 0.5 or so, the machine was busy. */
  readonly loadAverage: number
  /** `dist` or `source`, and why. */
  readonly implementation: string
  readonly loadGenerator: string
  readonly quick: boolean
}

/** A part's result with the run it came from. */
export interface PartRecord extends PartResult {
  readonly run: RunInfo
}

/** The results file: the latest result of each part (a run of some parts keeps the others). */
export interface ResultsFile {
  readonly updatedAt: string
  readonly parts: Readonly<Record<string, PartRecord>>
}

/** Committed results of full runs; `--quick` runs go to the ignored `.bench/`. */
export const RESULTS_DIR = join(ROOT, 'bench', 'results')
export const QUICK_DIR = join(ROOT, '.bench')

/** The machine and settings of this run. */
export function runInfo(implementation: string, loadGenerator: string, quick: boolean): RunInfo {
  const cores = cpus()
  return {
    node: process.version,
    cpus: cores.length,
    cpuModel: cores[0]?.model.trim() ?? 'unknown',
    loadAverage: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    implementation,
    loadGenerator,
    quick,
  }
}

/**
 * Writes `latest.json` and `latest.md` (full runs: merged into bench/results/, part by part) or
 * `quick.json` and `quick.md` (quick runs: .bench/, this run only). Gives the Markdown path.
 */
export async function saveResults(records: readonly PartRecord[], quick: boolean): Promise<string> {
  const dir = quick ? QUICK_DIR : RESULTS_DIR
  const name = quick ? 'quick' : 'latest'
  const previous = quick ? {} : await readResults(join(dir, `${name}.json`))
  const parts: Record<string, PartRecord> = { ...previous }
  for (const record of records) parts[record.part] = record
  const file: ResultsFile = { updatedAt: new Date().toISOString(), parts }
  await mkdir(dir, { recursive: true })
  await writeFile(join(dir, `${name}.json`), `${JSON.stringify(file, null, 2)}\n`)
  await writeFile(join(dir, `${name}.md`), markdownResults(file))
  return join(dir, `${name}.md`)
}

async function readResults(path: string): Promise<Record<string, PartRecord>> {
  const text = await readFile(path, 'utf8').catch(() => undefined)
  if (text === undefined) return {}
  return (JSON.parse(text) as ResultsFile).parts
}

/** The results file as Markdown, parts in their canonical order. */
export function markdownResults(file: ResultsFile): string {
  const blocks = [
    '# Halyard benchmarks',
    'Written by `npm run bench`. Each part says when and on what it ran; compare figures within a part only.',
  ]
  for (const name of PARTS) {
    const record = file.parts[name]
    if (record) blocks.push(markdownPart(record, aboutRun(record)))
  }
  return `${blocks.join('\n\n')}\n`
}

/** The line under a part's title: when, on what, how long. */
export function aboutRun({ ranAt, seconds, run }: PartRecord): string {
  const when = `${ranAt.slice(0, 16).replace('T', ' ')} UTC`
  const load = `load average ${run.loadAverage} at the start`
  const mode = run.quick ? ', **quick mode**' : ''
  return `_${when}, ${Math.round(seconds)} s: Node ${run.node}, ${run.cpus} × ${run.cpuModel}, ${load}; mock and SDK from ${run.implementation}${mode}._`
}
