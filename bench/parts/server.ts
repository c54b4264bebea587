import { ANCHORS, bareHttp, jsonServer, wiremock } from '../anchors/index.js'
import { API, ARTICLE_PATH, DEV_TOKEN, startHalyard } from '../halyard.js'
import { createHttpClient, type HttpClient } from '../http.js'
import type { LoadResult, LoadSpec } from '../load/index.js'
import type { ChildServer } from '../process.js'
import {
  formatBytes,
  formatNumber,
  formatRatio,
  goal,
  MISSING,
  median,
  ratio,
  type Table,
} from '../report.js'
import type { Part, RunContext } from './part.js'

const MOCK = 'Halyard mock'

/** One request measured under load on one server. */
interface Pair {
  readonly server: string
  readonly request: string
  readonly spec: Omit<LoadSpec, 'seconds'>
  readonly expect: number
  /** A JIT that needs the long warm-up. */
  readonly jit: boolean
  /** Run after each load (POST: restore the seed, so that every round writes to the same data). */
  readonly after?: () => Promise<unknown>
  readonly rounds: LoadResult[]
  warmUp?: LoadResult | undefined
  failure?: string
}

/** The medians of a pair's rounds. */
interface Summary {
  readonly server: string
  readonly request: string
  readonly failure?: string
  readonly rps: number
  readonly p50Ms: number
  readonly p99Ms: number
  readonly bytesPerResponse: number
  readonly errors: number
  readonly requests: number
}

/** Part 1: the mock's throughput and latency under load, beside the anchors, in one run. */
export const serverPart: Part = {
  name: 'server',
  title: '1. Real server: throughput and latency',
  async run(context) {
    const { timing } = context
    const servers: ChildServer[] = []
    const pairs: Pair[] = []
    /** Resident memory of each server after its rounds. */
    const memory = new Map<string, number | undefined>()
    const http = createHttpClient()
    try {
      context.progress(`starting the mock (${context.implementation.kind})`)
      const mock = await startOrFail(MOCK, () => startHalyard(context.implementation), pairs)
      if (mock) {
        servers.push(mock)
        pairs.push(...(await mockPairs(mock, http)))
      }
      for (const anchor of ANCHORS) {
        context.progress(`starting ${anchor.name}`)
        const server = await startOrFail(anchor.name, () => anchor.start(), pairs)
        if (!server) continue
        servers.push(server)
        pairs.push(
          pair(anchor.name, 'GET record', { url: server.origin + anchor.path }, 200, anchor.jit),
        )
      }
      for (const each of pairs) await precheck(each, http)
      for (const each of pairs.filter((p) => !p.failure)) {
        const seconds = timing.warmUpSeconds + (each.jit ? timing.jitWarmUpSeconds : 0)
        context.progress(`warming up ${each.server}, ${each.request} (${seconds} s)`)
        each.warmUp = await measure(context, each, seconds)
      }
      for (let round = 1; round <= timing.rounds; round++)
        for (const each of pairs.filter((p) => !p.failure)) {
          context.progress(`round ${round}/${timing.rounds}: ${each.server}, ${each.request}`)
          const result = await measure(context, each, timing.measureSeconds)
          if (result) each.rounds.push(result)
        }
      for (const server of servers) memory.set(server.name, (await server.memory())?.rss)
    } finally {
      http.close()
      await Promise.all(servers.map((server) => server.stop()))
    }
    return outcome(context, pairs, memory)
  },
}

function pair(
  server: string,
  request: string,
  spec: Omit<LoadSpec, 'seconds'>,
  expect: number,
  jit = false,
  after?: () => Promise<unknown>,
): Pair {
  return { server, request, spec, expect, jit, rounds: [], ...(after && { after }) }
}

/** Starts a server; when it cannot start, records a failed pair that says why. */
async function startOrFail(
  name: string,
  start: () => Promise<ChildServer>,
  pairs: Pair[],
): Promise<ChildServer | undefined> {
  try {
    return await start()
  } catch (error) {
    const failed = pair(name, name === MOCK ? 'all' : 'GET record', { url: '' }, 0)
    failed.failure = (error as Error).message
    pairs.push(failed)
    return undefined
  }
}

/** The mock's four requests: GET article, GET page, conditional GET (304), POST article. */
async function mockPairs(mock: ChildServer, http: HttpClient): Promise<Pair[]> {
  const article = mock.origin + ARTICLE_PATH
  const { headers } = await http.send('GET', article)
  const etag = typeof headers.etag === 'string' ? headers.etag : ''
  const reset = () =>
    http.send('POST', `${mock.origin}/__admin/reset`, {
      headers: { 'content-type': 'application/json' },
    })
  return [
    pair(MOCK, 'GET article', { url: article }, 200),
    pair(MOCK, 'GET page (20)', { url: `${mock.origin}${API}/blogs/1/articles?pageSize=20` }, 200),
    pair(MOCK, 'GET article, 304', { url: article, headers: { 'if-none-match': etag } }, 304),
    pair(
      MOCK,
      'POST article',
      {
        url: `${mock.origin}${API}/blogs/1/articles`,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-access-token': DEV_TOKEN },
        body: JSON.stringify({ title: 'Benchmark article' }),
      },
      201,
      false,
      reset,
    ),
  ]
}

/** One request before the load: a server that answers the wrong status is not measured. */
async function precheck(each: Pair, http: HttpClient): Promise<void> {
  if (each.failure) return
  const { url, method = 'GET', headers, body } = each.spec
  try {
    const { status } = await http.send(method, url, {
      ...(headers && { headers }),
      ...(body !== undefined && { body }),
    })
    if (status !== each.expect) each.failure = `answered ${status}, not ${each.expect}`
    await each.after?.()
  } catch (error) {
    each.failure = (error as Error).message
  }
}

async function measure(
  context: RunContext,
  each: Pair,
  seconds: number,
): Promise<LoadResult | undefined> {
  try {
    return await context.load.run({ ...each.spec, seconds })
  } catch (error) {
    each.failure = `${context.load.name} failed: ${(error as Error).message}`
    return undefined
  } finally {
    await each.after?.()
  }
}

function summarize(each: Pair): Summary {
  const of = (key: keyof LoadResult) => median(each.rounds.map((round) => round[key]))
  return {
    server: each.server,
    request: each.request,
    ...(each.failure && { failure: each.failure }),
    rps: of('rps'),
    p50Ms: of('p50Ms'),
    p99Ms: of('p99Ms'),
    bytesPerResponse: of('bytesPerResponse'),
    errors: each.rounds.reduce((sum, round) => sum + round.errors, 0),
    requests: each.rounds.reduce((sum, round) => sum + round.requests, 0),
  }
}

function outcome(
  context: RunContext,
  pairs: Pair[],
  memory: ReadonlyMap<string, number | undefined>,
) {
  const { timing, load } = context
  const rows = pairs.map(summarize)
  const record = (server: string) => rows.find((row) => row.server === server)?.rps
  const mockGet = rows.find((row) => row.server === MOCK && row.request === 'GET article')?.rps
  const bare = record(bareHttp.name)
  const main: Table = {
    title: `Under load: ${load.settings}, ${timing.rounds} × ${timing.measureSeconds} s per row after a warm-up, medians`,
    columns: [
      'server',
      'request',
      'req/s',
      'p50 (ms)',
      'p99 (ms)',
      'bytes/response',
      'errors',
      '÷ node:http',
    ],
    align: ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right'],
    rows: rows.map((row) =>
      row.failure
        ? [row.server, row.request, 'not run', MISSING, MISSING, MISSING, MISSING, MISSING]
        : [
            row.server,
            row.request,
            formatNumber(row.rps),
            formatNumber(row.p50Ms, 2),
            formatNumber(row.p99Ms, 2),
            formatBytes(row.bytesPerResponse),
            formatNumber(row.errors),
            formatRatio(ratio(row.rps, bare)),
          ],
    ),
    notes: notes(context, pairs),
  }
  const versus: Table = {
    title: 'GET article on the mock against the same record on each anchor',
    columns: ['anchor', 'anchor req/s', 'mock req/s', 'mock ÷ anchor', 'anchor RSS', 'mock RSS'],
    rows: ANCHORS.map((anchor) => [
      anchor.name,
      formatNumber(record(anchor.name)),
      formatNumber(mockGet),
      formatRatio(ratio(mockGet, record(anchor.name))),
      formatBytes(memory.get(anchor.name)),
      formatBytes(memory.get(MOCK)),
    ]),
    notes: ['- RSS: resident memory of each server process after its rounds (VmRSS, /proc).'],
  }
  const goals = [
    goal(`GET article ÷ ${jsonServer.name}`, ratio(mockGet, record(jsonServer.name)), {
      atLeast: 2,
    }),
    goal(`GET article ÷ ${bareHttp.name}`, ratio(mockGet, bare), { atLeast: 0.55 }),
    goal(`GET article ÷ warm ${wiremock.name} (aim)`, ratio(mockGet, record(wiremock.name)), {
      atLeast: 1,
    }),
  ]
  const figures = {
    loadGenerator: load.name,
    timing: {
      warmUpSeconds: timing.warmUpSeconds,
      jitWarmUpSeconds: timing.jitWarmUpSeconds,
      measureSeconds: timing.measureSeconds,
      rounds: timing.rounds,
    },
    rows,
    rssBytes: Object.fromEntries(memory),
    raw: pairs.map(({ server, request, spec, expect, rounds, warmUp, failure }) => ({
      server,
      request,
      method: spec.method ?? 'GET',
      url: spec.url,
      expect,
      warmUp,
      rounds,
      failure,
    })),
  }
  return { tables: [main, versus], goals, figures }
}

function notes(context: RunContext, pairs: Pair[]): string[] {
  const lines = [
    `The mock: \`createMockServer\` in its own process (bench/servers/halyard.ts), ${context.implementation.kind} (${context.implementation.reason}), blog 1 with 42 articles; the seed is restored after each POST round. Each row asks for one URL again and again: the mock looks the records up every time, and serves an unchanged article or page from its memo of recent representations.`,
    `Load: ${context.load.settings}; it shares the machine's cores with the server. Bytes per response include the headers.`,
  ]
  for (const anchor of ANCHORS) if (anchor.note) lines.push(`${anchor.name}: ${anchor.note}.`)
  const jit = pairs.find((each) => each.server === wiremock.name)?.warmUp
  if (jit)
    lines.push(
      `${wiremock.name} while its JIT warmed up (${context.timing.warmUpSeconds + context.timing.jitWarmUpSeconds} s): ${formatNumber(jit.rps)} req/s.`,
    )
  for (const each of pairs.filter((p) => p.failure))
    lines.push(`Not run, ${each.server} (${each.request}): ${each.failure}`)
  return lines.map((line) => `- ${line}`)
}
