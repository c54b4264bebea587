import { join } from 'node:path'
import { checkHar, recordHar } from '../record/har/record-har.js'
import { partialNote } from '../record/model.js'
import {
  checkRecording,
  RecordError,
  type Recording,
  type RecordOptions,
  recordApi,
  weakHeader,
  writeRecording,
} from '../record/record.js'
import { printable } from '../remote/printable.js'
import { verifyApi } from '../verify/engine.js'
import { formatReport } from '../verify/report.js'
import { apiModule, headerLines, httpUrl, namedValues } from './args.js'
import {
  type CommandLine,
  type CommandSpec,
  flag,
  helpOf,
  list,
  parseCommand,
  text,
  UsageError,
  usageFailed,
  whole,
} from './parse.js'

/** `halyard-mock record`'s options, as data: `--help` is made from them. */
const RECORD = {
  name: 'halyard-mock record',
  summary: 'record a live HAL API into a stateful mock (a defineHalApi module)',
  usage: [
    '<root-url> --out <dir> [options]',
    '--har <file.har> [--har <more.har>…] --out <dir> [--base <url>]',
    '--check <dir> <root-url> [options]',
    '--check <dir> --har <newer.har> [--base <url>]',
  ],
  positionals: true,
  options: {
    out: text(
      '<dir>',
      'where to write api.ts, seed.json, documents.json, links.json, recording.json',
    ),
    check: text(
      '<dir>',
      'crawl again and report drift from the recording in <dir>, then verify the API read-only against <dir>/api.ts (exit 1 on drift or a failure)',
    ),
    har: list(
      '<file.har>',
      "record from a HAR file (DevTools, Playwright's recordHar, a proxy) instead of a crawl (repeatable); with a root URL, the crawl first and the HAR fills the rest; with --check, the drift the newer traffic shows",
    ),
    base: text(
      '<url>',
      "the API's root in the HAR (default: the most-used API origin, and the base path its documents share)",
    ),
    header: list(
      "'Name: value'",
      'send this header with every request (repeatable); its value is never written anywhere, so it must be one that is safe to replace: 8 characters or more, no number, no true/false/null, no lowercase word (or name the header in --keep to write its value as it is)',
    ),
    // The defaults said here are the crawl's (record/crawl.ts, CrawlLimits).
    depth: whole('<n>', [0, 1000], 'link hops from the root (default 8)'),
    pages: whole('<n>', [0, 1_000_000], 'pages read per list by following next (default 1000)'),
    records: whole('<n>', [0, 10_000_000], 'records to read at most (default 50000)'),
    'max-requests': whole('<n>', [0, 10_000_000], 'requests in all (default 100000)'),
    rate: whole('<n>', [0, 10_000], 'requests per second (default: no limit)'),
    'max-time': whole(
      '<s>',
      [0, 86_400],
      'seconds the crawl may take, body reads included (default 300)',
    ),
    expansions: whole(
      '<n>',
      [0, 1000],
      'values tried per variable of a templated link (default 3)',
    ),
    'max-bytes': whole(
      '<n>',
      [0, 2 ** 40],
      "body bytes kept in memory, the recording's bound (default 268435456)",
    ),
    var: list(
      'name=v1,v2',
      "values to try for a templated link's variable (repeatable); an id-like variable (blogId) that no data names is tried with 1",
    ),
    keep: list(
      '<member|/path>',
      'do not redact this member or header, or documents under this path (repeatable)',
    ),
    'no-redact': flag('redact nothing but the values of --header'),
    quiet: flag('no progress display'),
  },
} as const satisfies CommandSpec

/** What `halyard-mock record` is asked to do, read from its command line once. */
interface RecordCommand {
  /** The root to crawl, its fragment dropped. */
  readonly root: string | undefined
  readonly out: string | undefined
  readonly check: string | undefined
  readonly har: readonly string[]
  readonly base: string | undefined
  readonly quiet: boolean
  readonly options: RecordOptions & { readonly headers: Record<string, string> }
}

/** A root as given, but for its fragment: `/api/` and `/api` may be different resources (halacious redirects one to the other). */
const rootUrl = (raw: string): string => {
  const url = httpUrl(raw)
  url.hash = ''
  return url.href
}

/** The command from its command line: its combinations checked, its limits in the crawl's units. */
function recordCommand({ values, positionals }: CommandLine<typeof RECORD.options>): RecordCommand {
  const { har } = values
  if (positionals.length > 1) throw new UsageError('record takes one root URL')
  if (values.base !== undefined && har.length === 0)
    throw new UsageError('--base names the API in a HAR: give --har <file.har> too')
  if (positionals[0] === undefined && har.length === 0)
    throw new UsageError('record needs the root URL of the API, or --har <file.har>')
  const root = positionals[0] === undefined ? undefined : rootUrl(positionals[0])
  const base = values.base === undefined ? undefined : rootUrl(values.base)
  if (values.check === undefined && values.out === undefined) {
    throw new UsageError('record needs --out <dir> (or --check <dir>)')
  }
  const maxTime = values['max-time']
  const limits = {
    depth: values.depth,
    pages: values.pages,
    records: values.records,
    requests: values['max-requests'],
    rate: values.rate,
    time: maxTime === undefined ? undefined : maxTime * 1000,
    expansions: values.expansions,
    bytes: values['max-bytes'],
  }
  const headers = headerLines(values.header)
  const weak = weakHeader(headers, values.keep)
  if (weak) throw new UsageError(weak)
  const variables: Record<string, string[]> = {}
  for (const [name, value] of namedValues(values.var)) {
    variables[name] = value.split(',').filter(Boolean)
  }
  const options = {
    ...Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined)),
    headers,
    ...(values.keep.length > 0 ? { keep: values.keep } : {}),
    ...(values.var.length > 0 ? { variables } : {}),
    ...(values['no-redact'] ? { redact: false } : {}),
  }
  return { root, out: values.out, check: values.check, options, quiet: values.quiet, har, base }
}

/** Prints a line made of what an API sent (URLs, names, reason phrases): controls escaped. */
const say = (line: string) => console.log(printable(line))

/**
 * Runs `halyard-mock record …`: records an API into `--out`, or checks a recording with `--check`.
 * Returns the exit code: 0 done, 1 drift (or a failed crawl), 2 a usage error or a root that
 * cannot be read as a HAL document.
 *
 * @example
 * process.exitCode = await runRecord(['http://127.0.0.1:4010/api/v1.2', '--out', 'recorded'])
 */
export async function runRecord(argv: readonly string[]): Promise<number> {
  let command: RecordCommand
  try {
    const line = parseCommand(RECORD, argv)
    if (line === 'help') {
      console.log(helpOf(RECORD))
      return 0
    }
    command = recordCommand(line)
  } catch (error) {
    if (error instanceof UsageError) return usageFailed(RECORD, error)
    throw error
  }
  try {
    if (command.check !== undefined && command.har.length > 0) {
      return await checkTraffic(command.check, command)
    }
    if (command.check !== undefined && command.root !== undefined) {
      return await checkLive(command.check, command.root, command)
    }
    return await record(command)
  } catch (error) {
    console.error(`halyard-mock record: ${printable((error as Error).message)}`)
    // A root that cannot be read (or is no HAL document) is no recording at all, as a wrong URL.
    return error instanceof RecordError ? 2 : 1
  }
}

/** The crawl's progress on stderr, unless --quiet: on a terminal one line rewritten in place; in a file or pipe, whole lines, in order. */
function progress({ quiet }: RecordCommand) {
  const tty = process.stderr.isTTY === true
  const onProgress = quiet
    ? undefined
    : ({
        requests,
        records,
        queued,
        elapsed,
      }: {
        requests: number
        records: number
        queued: number
        elapsed: number
      }) =>
        process.stderr.write(
          `${tty ? '\r' : ''}${requests} requests, ${records} records, ${queued} queued, ${(elapsed / 1000).toFixed(1)} s${tty ? ' ' : '\n'}`,
        )
  return {
    options: onProgress ? { onProgress } : {},
    /** Ends the line rewritten in place. */
    done: () => {
      if (!quiet && tty) process.stderr.write('\n')
    },
  }
}

function printDrift(drift: readonly { where: string; change: string }[]): void {
  for (const d of drift) say(`  ${d.where}: ${d.change}`)
}

/** `--check <dir> --har <newer.har>`: the drift the newer traffic shows. */
async function checkTraffic(dir: string, { har, base, options }: RecordCommand): Promise<number> {
  const drift = await checkHar(dir, har, { ...options, ...(base ? { base } : {}) })
  if (drift.length === 0)
    say(`No drift: the traffic of ${har.join(', ')} still matches the recording in ${dir}.`)
  else {
    say(`Drift from the recording in ${dir}, shown by the traffic:`)
    printDrift(drift)
  }
  return drift.length === 0 ? 0 : 1
}

/** `--check <dir> <root-url>`: the drift a new crawl shows, then verify read-only. */
async function checkLive(dir: string, root: string, command: RecordCommand): Promise<number> {
  const shown = progress(command)
  const drift = await checkRecording(dir, root, { ...command.options, ...shown.options })
  shown.done()
  if (drift.length === 0) say(`No drift: ${root} still matches the recording in ${dir}.`)
  else {
    say(`Drift from the recording in ${dir}:`)
    printDrift(drift)
  }
  const verified = await verifyRecording(dir, root, command.options)
  return drift.length === 0 && verified ? 0 : 1
}

/** A recording into --out, from a crawl, HAR files or both, and what it left out. */
async function record(command: RecordCommand): Promise<number> {
  const { root, har, base, options } = command
  const out = command.out as string
  const shown = progress(command)
  let recording: Recording
  if (har.length > 0) {
    const made = await recordHar(har, {
      ...options,
      ...shown.options,
      ...(base ? { base } : {}),
      ...(root ? { crawl: root } : {}),
    })
    if (root) shown.done()
    say(`API: ${made.traffic.chosen}`)
    recording = made
  } else {
    recording = await recordApi(root as string, { ...options, ...shown.options })
    shown.done()
  }
  await writeRecording(out, recording.files)
  const { crawl, model } = recording
  say(
    `Recorded ${crawl.records} records in ${model.collections.length} collections ${har.length > 0 ? `from ${crawl.requests} HAR entries and requests` : `with ${crawl.requests} requests`} in ${(crawl.elapsed / 1000).toFixed(1)} s into ${out}.`,
  )
  for (const c of model.collections) {
    if (c.partial) say(`Partial: ${c.name}: ${partialNote(c.records.length, c.partial)}`)
  }
  for (const r of recording.redactions) say(`Redacted: ${r.what} (${r.count}×)`)
  for (const s of crawl.skipped) say(`Not followed: ${s.count} ${s.reason}`)
  for (const u of crawl.unreached.slice(0, 20)) say(`Not reached: ${u.url}: ${u.reason}`)
  if (crawl.unreached.length > 20)
    console.log(`… and ${crawl.unreached.length - 20} more (recording.json)`)
  say(`Serve it: npx halyard-mock --api ${out}/api.ts`)
  return 0
}

/**
 * `verify`, read-only, of the API at `root` against the definition recorded in `dir` (its api.ts):
 * statuses, validators, pages, links and schemas the shape comparison does not look at. Whether
 * it found no failure; its report is printed.
 */
async function verifyRecording(
  dir: string,
  root: string,
  options: RecordCommand['options'],
): Promise<boolean> {
  const api = await apiModule(join(dir, 'api.ts'), '--check')
  const report = await verifyApi({
    url: root,
    api: api.definition,
    readOnly: true,
    headers: options.headers,
    ...(options.requests === undefined ? {} : { maxRequests: options.requests }),
    ...(options.rate === undefined ? {} : { rate: options.rate }),
    ...(options.time === undefined ? {} : { maxTime: options.time }),
    ...(options.pages === undefined ? {} : { pages: options.pages }),
    ...(options.variables && {
      variables: Object.fromEntries(
        Object.entries(options.variables).flatMap(([k, v]) =>
          v[0] === undefined ? [] : [[k, v[0]]],
        ),
      ),
    }),
  })
  console.log(`Verify, read-only, against ${dir}/api.ts:`)
  console.log(formatReport(report))
  return report.ok
}
