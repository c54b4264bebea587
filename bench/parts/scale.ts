import { API, SHOP_API, startHalyard, startShop } from '../halyard.js'
import { createHttpClient, type HttpClient } from '../http.js'
import type { Implementation } from '../implementation.js'
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
import type { Part } from './part.js'

const PAGE_SIZE = 20
/** Goals are checked at the largest size against the smallest. */
const MAX_SLOWDOWN = 1.5
const MAX_START_SECONDS = 5
/** A start this slow misses the goal by far: the row says so rather than stall the run. */
const START_TIMEOUT_MS = 60_000

/** What is scaled: blog 1's articles, or the shop's orders (an API made with defineHalApi). */
interface Subject {
  /** The table's title and its first column. */
  readonly title: string
  readonly unit: 'articles' | 'orders'
  start(implementation: Implementation, size: number, timeoutMs: number): Promise<ChildServer>
  /** The path of one record, of the first page and of the last page. */
  item(id: number): string
  firstPage(): string
  lastPage(size: number): string
}

const lastPageOf = (size: number) => Math.max(1, Math.ceil(size / PAGE_SIZE))

const SUBJECTS: readonly Subject[] = [
  {
    title: 'Start, memory and median latency by size',
    unit: 'articles',
    start: startHalyard,
    item: (id) => `${API}/blogs/1/articles/${id}`,
    firstPage: () => `${API}/blogs/1/articles?pageIndex=1&pageSize=${PAGE_SIZE}`,
    lastPage: (size) =>
      `${API}/blogs/1/articles?pageIndex=${lastPageOf(size)}&pageSize=${PAGE_SIZE}`,
  },
  {
    title: 'The shop (examples/shop, on defineHalApi): start, memory and median latency by orders',
    unit: 'orders',
    start: startShop,
    item: (id) => `${SHOP_API}/orders/${id}`,
    firstPage: () => `${SHOP_API}/orders?page=0&size=${PAGE_SIZE}`,
    lastPage: (size) => `${SHOP_API}/orders?page=${lastPageOf(size) - 1}&size=${PAGE_SIZE}`,
  },
]

/** One size of a subject. */
interface ScaleRow {
  /** Records of the subject's unit. */
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
  title: '2. Scale: blog 1 with more and more articles, and the shop with more and more orders',
  async run(context) {
    const { timing } = context
    const results = []
    for (const subject of SUBJECTS) {
      const rows: ScaleRow[] = []
      for (const articles of timing.scaleSizes) {
        context.progress(`starting the mock with ${formatNumber(articles)} ${subject.unit}`)
        rows.push(await measure(subject, context.implementation, articles, timing.scaleRequests))
      }
      results.push(outcome(subject, rows, timing.scaleRequests))
    }
    const [blog, shop] = results
    return {
      tables: results.flatMap((result) => result.tables),
      goals: results.flatMap((result) => result.goals),
      figures: { ...blog?.figures, shop: shop?.figures.rows },
    }
  },
}

/** Starts the subject with `articles` records, reads it, and stops it. */
async function measure(
  subject: Subject,
  implementation: Implementation,
  articles: number,
  count: number,
): Promise<ScaleRow> {
  let server: ChildServer
  try {
    server = await subject.start(implementation, articles, START_TIMEOUT_MS)
  } catch (error) {
    return { articles, failure: (error as Error).message }
  }
  const http = createHttpClient(1)
  try {
    // Reads spread over the whole collection, so that an index degrading to a scan would show.
    const pick = (i: number) => 1 + ((i * 7919) % articles)
    const at = (path: string) => `${server.origin}${path}`
    const article = await latency(http, (i) => at(subject.item(pick(i))), count)
    const first = await latency(http, () => at(subject.firstPage()), count)
    const last = await latency(http, () => at(subject.lastPage(articles)), count)
    const memory = await server.memory()
    return {
      articles,
      startMs: server.startMs,
      ...(memory && { rssBytes: memory.rss, peakRssBytes: memory.peak }),
      articleMs: article.medianMs,
      firstPageMs: first.medianMs,
      lastPageMs: last.medianMs,
      errors: article.errors + first.errors + last.errors,
    }
  } finally {
    http.close()
    await server.stop()
  }
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

function outcome(subject: Subject, rows: readonly ScaleRow[], requests: number) {
  const { unit } = subject
  const base = rows[0]
  const largest = rows.at(-1)
  const vs = (row: ScaleRow, key: 'articleMs' | 'firstPageMs' | 'lastPageMs') =>
    ratio(row[key], base?.[key])
  const table: Table = {
    title: subject.title,
    columns: [
      unit,
      'start to first answer (s)',
      'RSS',
      `GET ${unit === 'articles' ? 'article' : 'order'} (ms)`,
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
      unit === 'articles'
        ? `- Start: from the spawn of the mock's process (bench/servers/halyard.ts) to its first 200 on GET article 1.`
        : `- Start: from the spawn of the mock's process (bench/servers/shop.ts, createHalServer as halyard-mock --api) to its first 200 on GET order 1; the seed is checked by the collection's schema and loaded in bulk, as the Blog's.`,
      `- Latency: median of ${requests} sequential GETs on one kept-alive connection, after ${requests} more to warm up; the bench's node:http client is included. Ids are spread over the whole collection; pages hold ${PAGE_SIZE}, and each is read again and again: the mock serves it from its memo while nothing it shows has changed.`,
      '- RSS: VmRSS of the mock from /proc after the requests.',
      ...rows
        .filter((row) => row.failure || row.errors)
        .map((row) =>
          row.failure
            ? `- ${formatNumber(row.articles)} ${unit}, not run: ${row.failure}`
            : `- ${formatNumber(row.articles)} ${unit}: ${row.errors} answers other than 200`,
        ),
    ],
  }
  const at = `at ${formatNumber(largest?.articles)} ÷ at ${formatNumber(base?.articles)}`
  const what = unit === 'articles' ? 'article' : 'order (shop)'
  const pages = unit === 'articles' ? 'page' : 'page (shop)'
  const goals =
    largest && largest !== base
      ? [
          goal(`GET ${what} ${at}`, vs(largest, 'articleMs'), { atMost: MAX_SLOWDOWN }),
          goal(`GET first ${pages} ${at}`, vs(largest, 'firstPageMs'), { atMost: MAX_SLOWDOWN }),
          goal(`GET last ${pages} ${at}`, vs(largest, 'lastPageMs'), { atMost: MAX_SLOWDOWN }),
          goal(
            `Start with ${formatNumber(largest.articles)} ${unit}`,
            (largest.startMs ?? Number.NaN) / 1000,
            { below: MAX_START_SECONDS },
            ' s',
          ),
        ]
      : []
  return { tables: [table], goals, figures: { pageSize: PAGE_SIZE, requests, rows } }
}
