import { API, ARTICLE_PATH, DEV_TOKEN, startHalyard } from '../halyard.js'
import { type Answer, createHttpClient, type HttpClient } from '../http.js'
import type { ChildServer } from '../process.js'
import { formatBytes, formatNumber, goal, median, type Table } from '../report.js'
import type { Part } from './part.js'

/** Requests in flight at any time. */
const CONCURRENCY = 16
const SEED_ARTICLES = 42
/** Once the soak's own articles reach this many, each new one is matched by a deletion. */
const LIVE_TARGET = 300
/** Memory is judged on the samples after this: the heap and the JIT settle first. */
const SETTLE_SECONDS = 10
/** Flat: the last third of the samples within this much of the first third. */
const MAX_GROWTH_PERCENT = 10

const OPERATIONS = ['GET article', 'GET page', 'GET article, 304', 'POST', 'PUT', 'DELETE'] as const
type Operation = (typeof OPERATIONS)[number]

/** An article the soak created and has not deleted: what it must read back at the end. */
interface Live {
  readonly uri: string
  title: string
  etag: string
}

/** Part 6: a minute of mixed reads and writes: no error, flat memory, nothing lost. */
export const soakPart: Part = {
  name: 'soak',
  title: '6. Soak: mixed reads and writes at the real server',
  async run(context) {
    const seconds = context.timing.soakSeconds
    const server = await startHalyard(context.implementation)
    const http = createHttpClient(CONCURRENCY)
    try {
      context.progress(`soak: ${seconds} s of mixed requests, ${CONCURRENCY} at a time`)
      const load = new Load(server, http)
      await load.prepare()
      const samples: { seconds: number; rss: number }[] = []
      const started = performance.now()
      const sampler = setInterval(async () => {
        const memory = await server.memory()
        if (memory) samples.push({ seconds: (performance.now() - started) / 1000, rss: memory.rss })
      }, 1000)
      const deadline = started + seconds * 1000
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (performance.now() < deadline) await load.step()
        }),
      )
      clearInterval(sampler)
      const elapsed = (performance.now() - started) / 1000
      context.progress('soak: reading every created article back')
      const check = await load.verify()
      return outcome(load, check, samples, elapsed)
    } finally {
      http.close()
      await server.stop()
    }
  },
}

/** The mixed load: which request comes next, what it must answer, and what the soak wrote. */
class Load {
  readonly counts = Object.fromEntries(OPERATIONS.map((op) => [op, 0])) as Record<Operation, number>
  errors = 0
  readonly errorSamples: string[] = []
  /** Created and not deleted, oldest first; an entry out of the list is being written. */
  readonly live: Live[] = []
  readonly deleted: string[] = []
  created = 0
  #next = 0
  #etag = ''
  readonly #collection: string
  readonly #article: string
  readonly #server: ChildServer
  readonly #http: HttpClient

  constructor(server: ChildServer, http: HttpClient) {
    this.#server = server
    this.#http = http
    this.#collection = `${server.origin}${API}/blogs/1/articles`
    this.#article = server.origin + ARTICLE_PATH
  }

  async prepare(): Promise<void> {
    const { headers } = await this.#http.send('GET', this.#article)
    this.#etag = String(headers.etag ?? '')
  }

  /** One request of the mix: of 20, 14 article reads, 2 page reads, 1 conditional read, 3 writes. */
  async step(): Promise<void> {
    const turn = this.#next++
    const slot = turn % 20
    if (slot < 14) {
      const id = 1 + ((turn * 7) % SEED_ARTICLES)
      await this.#expect('GET article', 200, 'GET', `${this.#collection}/${id}`)
    } else if (slot < 16) {
      const page = `${this.#collection}?pageIndex=${1 + (turn % 3)}&pageSize=20`
      await this.#expect('GET page', 200, 'GET', page)
    } else if (slot === 16) {
      const headers = { 'if-none-match': this.#etag }
      await this.#expect('GET article, 304', 304, 'GET', this.#article, { headers })
    } else {
      // Writes take their article out of the list while in flight, so that no two race on it.
      const deletes = slot === 19 && this.live.length >= LIVE_TARGET
      const taken = slot === 17 || deletes ? this.live.shift() : undefined
      if (!taken) await this.#create(turn)
      else if (slot === 17) await this.#replace(taken, turn)
      else await this.#delete(taken)
    }
  }

  async #create(turn: number): Promise<void> {
    const title = `Soak ${turn}`
    const answer = await this.#expect('POST', 201, 'POST', this.#collection, write({ title }))
    const location = answer?.headers.location
    if (!answer || !location) return
    this.created++
    this.live.push({ uri: location, title, etag: String(answer.headers.etag) })
  }

  async #replace(article: Live, turn: number): Promise<void> {
    const title = `Soak ${turn}, replaced`
    const init = write({ title }, { 'if-match': article.etag })
    const answer = await this.#expect('PUT', 200, 'PUT', article.uri, init)
    if (answer) Object.assign(article, { title, etag: String(answer.headers.etag) })
    this.live.push(article)
  }

  async #delete(article: Live): Promise<void> {
    const init = { headers: { 'x-access-token': DEV_TOKEN, 'if-match': article.etag } }
    const answer = await this.#expect('DELETE', 204, 'DELETE', article.uri, init)
    if (answer) this.deleted.push(article.uri)
    else this.live.push(article)
  }

  /** Sends a request; any other status, or a network error, is counted as an error. */
  async #expect(
    op: Operation,
    status: number,
    method: string,
    url: string,
    init: { headers?: Record<string, string>; body?: string } = {},
  ): Promise<Answer | undefined> {
    this.counts[op]++
    try {
      const answer = await this.#http.send(method, url, init)
      if (answer.status === status) return answer
      this.#error(`${method} ${url.replace(this.#server.origin, '')} answered ${answer.status}`)
    } catch (error) {
      this.#error(`${method} ${url}: ${(error as Error).message}`)
    }
    return undefined
  }

  #error(text: string): void {
    this.errors++
    if (this.errorSamples.length < 5) this.errorSamples.push(text)
  }

  /** Every live article reads back with its last title, every deleted one is gone, the count adds up. */
  async verify() {
    const present = await pool(this.live, async ({ uri, title }) => {
      const { status, body } = await this.#http.send('GET', uri)
      return status === 200 && (JSON.parse(body.toString()) as { title?: string }).title === title
    })
    const gone = await pool(
      this.deleted,
      async (uri) => (await this.#http.send('GET', uri)).status === 404,
    )
    const page = await this.#http.send('GET', `${this.#collection}?pageSize=1`)
    const total = (JSON.parse(page.body.toString()) as { totalArticles?: number }).totalArticles
    return {
      present: present.filter(Boolean).length,
      gone: gone.filter(Boolean).length,
      totalArticles: total,
      expectedTotal: SEED_ARTICLES + this.live.length,
    }
  }
}

const write = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/json', 'x-access-token': DEV_TOKEN, ...headers },
  body: JSON.stringify(body),
})

/** `check` over `items`, CONCURRENCY at a time. */
async function pool<T>(
  items: readonly T[],
  check: (item: T) => Promise<boolean>,
): Promise<boolean[]> {
  const results: boolean[] = []
  let index = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (index < items.length) {
        const at = index++
        results[at] = await check(items[at] as T).catch(() => false)
      }
    }),
  )
  return results
}

/** Least-squares slope of y over x. */
function slope(points: readonly { x: number; y: number }[]): number {
  const n = points.length
  if (n < 2) return Number.NaN
  const mx = points.reduce((sum, p) => sum + p.x, 0) / n
  const my = points.reduce((sum, p) => sum + p.y, 0) / n
  const num = points.reduce((sum, p) => sum + (p.x - mx) * (p.y - my), 0)
  const den = points.reduce((sum, p) => sum + (p.x - mx) ** 2, 0)
  return den ? num / den : Number.NaN
}

function outcome(
  load: Load,
  check: Awaited<ReturnType<Load['verify']>>,
  samples: readonly { seconds: number; rss: number }[],
  elapsed: number,
) {
  const requests = Object.values(load.counts).reduce((sum, n) => sum + n, 0)
  const settled = samples.filter((sample) => sample.seconds >= SETTLE_SECONDS)
  const third = Math.max(1, Math.floor(settled.length / 3))
  const first = median(settled.slice(0, third).map((s) => s.rss))
  const last = median(settled.slice(-third).map((s) => s.rss))
  const growthPercent = (last / first - 1) * 100
  const rss = settled.map((s) => s.rss)
  const mibPerMinute = slope(settled.map((s) => ({ x: s.seconds / 60, y: s.rss / 2 ** 20 })))
  const lost = load.live.length - check.present
  const ghosts = load.deleted.length - check.gone
  const countOk = check.totalArticles === check.expectedTotal
  const table: Table = {
    title: `${Math.round(elapsed)} s, ${CONCURRENCY} requests in flight`,
    columns: ['measure', 'value'],
    align: ['left', 'left'],
    rows: [
      ['requests', `${formatNumber(requests)} (${formatNumber(requests / elapsed)} req/s)`],
      ['by operation', OPERATIONS.map((op) => `${op} ${formatNumber(load.counts[op])}`).join(', ')],
      ['errors (unexpected status or network error)', formatNumber(load.errors)],
      [
        'created, deleted, live at the end',
        [load.created, load.deleted.length, load.live.length]
          .map((n) => formatNumber(n))
          .join(', '),
      ],
      [
        'live articles read back with their last title',
        `${formatNumber(check.present)} of ${formatNumber(load.live.length)}`,
      ],
      [
        'deleted articles answering 404',
        `${formatNumber(check.gone)} of ${formatNumber(load.deleted.length)}`,
      ],
      ['totalArticles at the end', `${check.totalArticles} (expected ${check.expectedTotal})`],
      [
        `RSS after ${SETTLE_SECONDS} s: first, last sample`,
        `${formatBytes(rss[0])}, ${formatBytes(rss.at(-1))}`,
      ],
      [
        `RSS after ${SETTLE_SECONDS} s: min, max`,
        `${formatBytes(Math.min(...rss))}, ${formatBytes(Math.max(...rss))}`,
      ],
      ['RSS growth: median of last third ÷ first third − 1', `${formatNumber(growthPercent, 1)} %`],
      ['RSS trend (least squares)', `${formatNumber(mibPerMinute, 2)} MiB/min`],
    ],
    notes: [
      `- Mix per 20 requests: 14 GET article (the ${SEED_ARTICLES} seeded), 2 GET page, 1 conditional GET (304), 3 writes: POST, PUT with If-Match, and DELETE with If-Match once the soak's own articles reach ${LIVE_TARGET} (a second POST before).`,
      '- Memory: VmRSS of the mock from /proc every second; flat means the growth above is within the goal.',
      ...load.errorSamples.map((sample) => `- Error: ${sample}`),
    ],
  }
  return {
    tables: [table],
    goals: [
      goal('Errors', load.errors, { atMost: 0 }, ''),
      goal(
        'Created articles lost, deleted ones still there, count off',
        lost + ghosts + (countOk ? 0 : 1),
        { atMost: 0 },
        '',
      ),
      goal(
        `RSS growth after the first ${SETTLE_SECONDS} s`,
        growthPercent,
        { atMost: MAX_GROWTH_PERCENT },
        ' %',
      ),
    ],
    figures: {
      seconds: elapsed,
      requests,
      counts: load.counts,
      errors: load.errors,
      errorSamples: load.errorSamples,
      created: load.created,
      deleted: load.deleted.length,
      live: load.live.length,
      check,
      growthPercent,
      mibPerMinute,
      samples,
    },
  }
}
