import { API, startHalyard } from '../halyard.js'
import { createHttpClient, type HttpClient } from '../http.js'
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
import type { Part } from './part.js'

const PAGE_SIZE = 20
/** Goals are checked at the largest size against the smallest. */
const MAX_SLOWDOWN = 1.5
const MAX_START_SECONDS = 5
/** A start this slow misses the goal by far: the row says so rather than stall the run. */
const START_TIMEOUT_MS = 60_000

/** One size of blog 1. */
interface ScaleRow {
  readonly articles: number
  readonly failure?: string
  readonly startMs?: number
  readonly rssBytes?: number
  readonly peakRssBytes?: number
  readonly articleMs?: number
  readonly firstPageMs?: number
  readonly lastPageMs?: number
  /** Answers other than 200. */
  readonly errors?: number
}

/** Part 2: does the mock start, and answer, as fast with a million articles as with a thousand? */
export const scalePart: Part = {
  name: 'scale',
  title: '2. Scale: blog 1 with more and more articles',
  async run(context) {
    const { timing } = context
    const rows: ScaleRow[] = []
    for (const articles of timing.scaleSizes) {
      context.progress(`starting the mock with ${formatNumber(articles)} articles`)
      let server: Awaited<ReturnType<typeof startHalyard>>
      try {
        server = await startHalyard(context.implementation, articles, START_TIMEOUT_MS)
      } catch (error) {
        rows.push({ articles, failure: (error as Error).message })
        continue
      }
      const http = createHttpClient(1)
      try {
        const collection = `${server.origin}${API}/blogs/1/articles`
        const lastPage = Math.max(1, Math.ceil(articles / PAGE_SIZE))
        // Reads spread over the whole blog, so that an index degrading to a scan would show.
        const pick = (i: number) => 1 + ((i * 7919) % articles)
        const count = timing.scaleRequests
        const article = await latency(http, (i) => `${collection}/${pick(i)}`, count)
        const first = await latency(
          http,
          () => `${collection}?pageIndex=1&pageSize=${PAGE_SIZE}`,
          count,
        )
        const last = await latency(
          http,
          () => `${collection}?pageIndex=${lastPage}&pageSize=${PAGE_SIZE}`,
          count,
        )
        const memory = await server.memory()
        rows.push({
          articles,
          startMs: server.startMs,
          ...(memory && { rssBytes: memory.rss, peakRssBytes: memory.peak }),
          articleMs: article.medianMs,
          firstPageMs: first.medianMs,
          lastPageMs: last.medianMs,
          errors: article.errors + first.errors + last.errors,
        })
      } finally {
        http.close()
        await server.stop()
      }
    }
    return outcome(rows, timing.scaleRequests)
  },
}

/** The median time of `count` sequential GETs, after `count` more to warm up. */
async function latency(
  http: HttpClient,
  url: (i: number) => string,
  count: number,
): Promise<{ medianMs: number; errors: number }> {
  const times: number[] = []
  let errors = 0
  for (let i = 0; i < 2 * count; i++) {
    const started = performance.now()
    const { status } = await http.send('GET', url(i))
    const elapsed = performance.now() - started
    if (status !== 200) errors++
    if (i >= count) times.push(elapsed)
  }
  return { medianMs: median(times), errors }
}

function outcome(rows: readonly ScaleRow[], requests: number) {
  const base = rows[0]
  const largest = rows.at(-1)
  const vs = (row: ScaleRow, key: 'articleMs' | 'firstPageMs' | 'lastPageMs') =>
    ratio(row[key], base?.[key])
  const table: Table = {
    title: 'Start, memory and median latency by size',
    columns: [
      'articles',
      'start to first answer (s)',
      'RSS',
      'GET article (ms)',
      'GET first page (ms)',
      'GET last page (ms)',
      `article ÷ ${formatNumber(base?.articles)}`,
      'first page ÷',
      'last page ÷',
    ],
    rows: rows.map((row) =>
      row.failure
        ? [formatNumber(row.articles), 'not run', ...Array<string>(7).fill(MISSING)]
        : [
            formatNumber(row.articles),
            formatNumber((row.startMs ?? Number.NaN) / 1000, 2),
            formatBytes(row.rssBytes),
            formatNumber(row.articleMs, 3),
            formatNumber(row.firstPageMs, 3),
            formatNumber(row.lastPageMs, 3),
            formatRatio(vs(row, 'articleMs')),
            formatRatio(vs(row, 'firstPageMs')),
            formatRatio(vs(row, 'lastPageMs')),
          ],
    ),
    notes: [
      `- Start: from the spawn of the mock's process (bench/servers/halyard.ts) to its first 200 on GET article 1.`,
      `- Latency: median of ${requests} sequential GETs on one kept-alive connection, after ${requests} more to warm up; the bench's node:http client is included. Article ids are spread over the whole blog; pages hold ${PAGE_SIZE}, and each is read again and again: the mock reads its rows every time, and serves it from its memo of recent pages while they are unchanged.`,
      '- RSS: VmRSS of the mock from /proc after the requests.',
      ...rows
        .filter((row) => row.failure || row.errors)
        .map((row) =>
          row.failure
            ? `- ${formatNumber(row.articles)} articles, not run: ${row.failure}`
            : `- ${formatNumber(row.articles)} articles: ${row.errors} answers other than 200`,
        ),
    ],
  }
  const at = `at ${formatNumber(largest?.articles)} ÷ at ${formatNumber(base?.articles)}`
  const goals =
    largest && largest !== base
      ? [
          goal(`GET article ${at}`, vs(largest, 'articleMs'), { atMost: MAX_SLOWDOWN }),
          goal(`GET first page ${at}`, vs(largest, 'firstPageMs'), { atMost: MAX_SLOWDOWN }),
          goal(`GET last page ${at}`, vs(largest, 'lastPageMs'), { atMost: MAX_SLOWDOWN }),
          goal(
            `Start with ${formatNumber(largest.articles)} articles`,
            (largest.startMs ?? Number.NaN) / 1000,
            { below: MAX_START_SECONDS },
            ' s',
          ),
        ]
      : []
  return { tables: [table], goals, figures: { pageSize: PAGE_SIZE, requests, rows } }
}
