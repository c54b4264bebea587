import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { apiModule, headerLines, UsageError, wholeNumber } from '../cli/args.js'
import { printable } from '../cli/printable.js'
import { verifyApi } from '../verify/engine.js'
import { formatReport } from '../verify/report.js'
import { checkHar, recordHar } from './har/record-har.js'
import { partialNote } from './model.js'
import {
  checkRecording,
  RecordError,
  type Recording,
  recordApi,
  weakHeader,
  writeRecording,
} from './record.js'

const HELP = `halyard-mock record: record a live HAL API into a stateful mock (a defineHalApi module)

Usage: halyard-mock record <root-url> --out <dir> [options]
       halyard-mock record --har <file.har> [--har <more.har>…] --out <dir> [--base <url>]
       halyard-mock record --check <dir> <root-url> [options]
       halyard-mock record --check <dir> --har <newer.har> [--base <url>]

Options:
  --out <dir>            where to write api.ts, seed.json, documents.json, links.json, recording.json
  --check <dir>          crawl again and report drift from the recording in <dir>, then verify the
                         API read-only against <dir>/api.ts (exit 1 on drift or a failure)
  --har <file.har>       record from a HAR file (DevTools, Playwright's recordHar, a proxy)
                         instead of a crawl (repeatable); with a root URL, the crawl first and
                         the HAR fills the rest; with --check, the drift the newer traffic shows
  --base <url>           the API's root in the HAR (default: the most-used API origin, and
                         the base path its documents share)
  --header 'Name: value' send this header with every request (repeatable); its value is never
                         written anywhere, so it must be one that is safe to replace: 8
                         characters or more, no number, no true/false/null, no lowercase word
                         (or name the header in --keep to write its value as it is)
  --depth <n>            link hops from the root (default 8)
  --pages <n>            pages read per list by following next (default 1000)
  --records <n>          records to read at most (default 50000)
  --max-requests <n>     requests in all (default 100000)
  --rate <n>             requests per second (default: no limit)
  --max-time <s>         seconds the crawl may take, body reads included (default 300)
  --expansions <n>       values tried per variable of a templated link (default 3)
  --max-bytes <n>        body bytes kept in memory, the recording's bound (default 268435456)
  --var name=v1,v2       values to try for a templated link's variable (repeatable); an id-like
                         variable (blogId) that no data names is tried with 1
  --keep <member|/path>  do not redact this member or header, or documents under this path
                         (repeatable)
  --no-redact            redact nothing but the values of --header
  --quiet                no progress display
  -h, --help             show this help`

/** Prints a line made of what an API sent (URLs, names, reason phrases): controls escaped. */
const say = (line: string) => console.log(printable(line))

/** `name=v1,v2` pairs as values by variable name. */
const variablesOf = (pairs: readonly string[]): Record<string, string[]> => {
  const out: Record<string, string[]> = {}
  for (const pair of pairs) {
    const eq = pair.indexOf('=')
    if (eq < 1) throw new UsageError(`--var must look like name=value, not "${pair}"`)
    out[pair.slice(0, eq)] = pair
      .slice(eq + 1)
      .split(',')
      .filter(Boolean)
  }
  return out
}

const rootUrl = (raw: string | undefined): string => {
  if (raw === undefined) throw new UsageError('record needs the root URL of the API')
  try {
    const url = new URL(raw)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error()
    // As given: `/api/` and `/api` may be different resources (halacious redirects one to the other).
    url.hash = ''
    return url.href
  } catch {
    throw new UsageError(`"${raw}" is no http(s) URL`)
  }
}

/**
 * Runs `halyard-mock record …`: records an API into `--out`, or checks a recording with `--check`.
 * Returns the exit code: 0 done, 1 drift (or a failed crawl), 2 a usage error or a root that
 * cannot be read as a HAL document.
 *
 * @example
 * process.exitCode = await runRecord(['http://127.0.0.1:4010/api/v1.2', '--out', 'recorded'])
 */
export async function runRecord(argv: readonly string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(argv)
  } catch (error) {
    console.error(
      `halyard-mock record: ${printable((error as Error).message)}\nRun halyard-mock record --help for the options.`,
    )
    return 2
  }
  if (parsed === 'help') {
    console.log(HELP)
    return 0
  }
  const { root, out, check, options, quiet, har, base } = parsed
  // On a terminal, one line rewritten in place; in a file or pipe, whole lines, in order.
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
  try {
    if (har.length > 0 && check !== undefined) {
      const drift = await checkHar(check, har, { ...options, ...(base ? { base } : {}) })
      if (drift.length === 0)
        say(`No drift: the traffic of ${har.join(', ')} still matches the recording in ${check}.`)
      else {
        say(`Drift from the recording in ${check}, shown by the traffic:`)
        for (const d of drift) say(`  ${d.where}: ${d.change}`)
      }
      return drift.length === 0 ? 0 : 1
    }
    if (check !== undefined && root !== undefined) {
      const drift = await checkRecording(check, root, {
        ...options,
        ...(onProgress ? { onProgress } : {}),
      })
      if (!quiet && tty) process.stderr.write('\n')
      if (drift.length === 0) say(`No drift: ${root} still matches the recording in ${check}.`)
      else {
        say(`Drift from the recording in ${check}:`)
        for (const d of drift) say(`  ${d.where}: ${d.change}`)
      }
      const verified = await verifyRecording(check, root, options)
      return drift.length === 0 && verified ? 0 : 1
    }
    let recording: Recording
    if (har.length > 0) {
      const made = await recordHar(har, {
        ...options,
        ...(onProgress ? { onProgress } : {}),
        ...(base ? { base } : {}),
        ...(root ? { crawl: root } : {}),
      })
      if (!quiet && tty && root) process.stderr.write('\n')
      say(`API: ${made.traffic.chosen}`)
      recording = made
    } else {
      recording = await recordApi(root as string, {
        ...options,
        ...(onProgress ? { onProgress } : {}),
      })
      if (!quiet && tty) process.stderr.write('\n')
    }
    await writeRecording(out as string, recording.files)
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
    say(`Serve it: halyard-mock --api ${out}/api.ts`)
    return 0
  } catch (error) {
    console.error(`halyard-mock record: ${printable((error as Error).message)}`)
    // A root that cannot be read (or is no HAL document) is no recording at all, as a wrong URL.
    return error instanceof RecordError ? 2 : 1
  }
}

/**
 * `verify`, read-only, of the API at `root` against the definition recorded in `dir` (its api.ts):
 * statuses, validators, pages, links and schemas the shape comparison does not look at. Whether
 * it found no failure; its report is printed.
 */
async function verifyRecording(
  dir: string,
  root: string,
  options: {
    readonly headers: Record<string, string>
    readonly requests?: number
    readonly rate?: number
    readonly time?: number
    readonly pages?: number
    readonly variables?: Record<string, string[]>
  },
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

function parse(argv: readonly string[]) {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      out: { type: 'string' },
      check: { type: 'string' },
      header: { type: 'string', multiple: true },
      depth: { type: 'string' },
      pages: { type: 'string' },
      records: { type: 'string' },
      'max-requests': { type: 'string' },
      rate: { type: 'string' },
      'max-time': { type: 'string' },
      expansions: { type: 'string' },
      'max-bytes': { type: 'string' },
      keep: { type: 'string', multiple: true },
      var: { type: 'string', multiple: true },
      'no-redact': { type: 'boolean' },
      har: { type: 'string', multiple: true },
      base: { type: 'string' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) return 'help' as const
  const har = values.har ?? []
  if (positionals.length > 1) throw new UsageError('record takes one root URL')
  if (values.base !== undefined && har.length === 0)
    throw new UsageError('--base names the API in a HAR: give --har <file.har> too')
  if (positionals.length === 0 && har.length === 0)
    throw new UsageError('record needs the root URL of the API, or --har <file.har>')
  const root = positionals.length === 0 ? undefined : rootUrl(positionals[0])
  const base = values.base === undefined ? undefined : rootUrl(values.base)
  if (values.check === undefined && values.out === undefined) {
    throw new UsageError('record needs --out <dir> (or --check <dir>)')
  }
  const limits = {
    depth: wholeNumber('depth', values.depth, 0, 1000),
    pages: wholeNumber('pages', values.pages, 0, 1_000_000),
    records: wholeNumber('records', values.records, 0, 10_000_000),
    requests: wholeNumber('max-requests', values['max-requests'], 0, 10_000_000),
    rate: wholeNumber('rate', values.rate, 0, 10_000),
    time: ((s) => (s === undefined ? undefined : s * 1000))(
      wholeNumber('max-time', values['max-time'], 0, 86_400),
    ),
    expansions: wholeNumber('expansions', values.expansions, 0, 1000),
    bytes: wholeNumber('max-bytes', values['max-bytes'], 0, 2 ** 40),
  }
  const headers = headerLines(values.header ?? [])
  const weak = weakHeader(headers, values.keep ?? [])
  if (weak) throw new UsageError(weak)
  const options = {
    ...Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined)),
    headers,
    ...(values.keep ? { keep: values.keep } : {}),
    ...(values.var ? { variables: variablesOf(values.var) } : {}),
    ...(values['no-redact'] ? { redact: false } : {}),
  }
  return {
    root,
    out: values.out,
    check: values.check,
    options,
    quiet: values.quiet === true,
    har,
    base,
  }
}
