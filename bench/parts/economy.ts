import type { ClientOptions, State } from '@halyard/sdk'
import { type ArticlePage, createBlogClient } from '@halyard/sdk/blog'
import { API, DEV_TOKEN, startHalyard } from '../halyard.js'
import type { ChildServer } from '../process.js'
import { formatBytes, formatNumber, MISSING, type Table } from '../report.js'
import type { Part } from './part.js'

const ARTICLES = 1_000
const REREAD = 100
const PAGE_SIZE = 20

/** What one task cost: requests as the server logged them, body bytes as the client received. */
interface Cost {
  readonly task: string
  readonly how: string
  readonly requests: number
  /** Status → count, from the server's request log. */
  readonly statuses: Record<string, number>
  readonly bytes: number
}

/** A `fetch` that adds up the response body bytes it delivers. */
function recordingFetch() {
  let bytes = 0
  const pending: Promise<unknown>[] = []
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init)
    // A clone is read beside the caller's copy, which stays untouched.
    pending.push(
      response
        .clone()
        .arrayBuffer()
        .then((body) => {
          bytes += body.byteLength
        }),
    )
    return response
  }
  return {
    fetch: recording,
    /** The bytes delivered since the last call. */
    async take(): Promise<number> {
      await Promise.all(pending.splice(0))
      const taken = bytes
      bytes = 0
      return taken
    },
  }
}

/** Part 5: how many requests and bytes the SDK spends on everyday reads. */
export const economyPart: Part = {
  name: 'economy',
  title: '5. Request economy: what the SDK asks of the server',
  async run(context) {
    context.progress(`starting the mock with ${formatNumber(ARTICLES)} articles`)
    const server = await startHalyard(context.implementation, ARTICLES)
    const recorder = recordingFetch()
    const client = (options: Pick<ClientOptions, 'caching'> = {}) =>
      createBlogClient({
        baseUrl: server.origin,
        token: DEV_TOKEN,
        fetch: recorder.fetch,
        ...options,
      })
    const costs: Cost[] = []
    /** Runs a task on a fresh request log and counts what it cost. */
    const measure = async (task: string, how: string, work: () => Promise<void>) => {
      await fetch(`${server.origin}/__admin/reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      })
      await recorder.take()
      await work()
      costs.push({ task, how, ...(await logged(server)), bytes: await recorder.take() })
    }
    try {
      let read = 0
      await measure(
        `read all ${formatNumber(ARTICLES)} articles`,
        '`articles(1)`: root, blog, then pages of 100',
        async () => {
          for await (const _ of client().articles(1)) read++
        },
      )
      if (read !== ARTICLES) throw new Error(`read ${read} articles, not ${ARTICLES}`)

      const api = client()
      const uris = Array.from(
        { length: REREAD },
        (_, i) => `${server.origin}${API}/blogs/1/articles/${i + 1}`,
      )
      await measure(`read ${REREAD} articles`, '`article(uri).get()` each', async () => {
        for (const uri of uris) await api.article(uri).get()
      })
      await measure(
        `get the same ${REREAD} again, unchanged`,
        '`article(uri).get()`: the API says `no-cache`, so each is revalidated',
        async () => {
          for (const uri of uris) await api.article(uri).get()
        },
      )
      await measure(
        `re-read the same ${REREAD}, unchanged`,
        '`article(uri).refresh()`: If-None-Match from the cached ETag',
        async () => {
          for (const uri of uris) await api.article(uri).refresh()
        },
      )
      const keeping = client({ caching: 'until-invalidated' })
      for (const uri of uris) await keeping.article(uri).get()
      await measure(
        `get the same ${REREAD} again, until invalidated`,
        "`article(uri).get()` with `caching: 'until-invalidated'`: from the cache",
        async () => {
          for (const uri of uris) await keeping.article(uri).get()
        },
      )

      let page: State<ArticlePage> | undefined
      const reader = client()
      await measure(
        `read a page of ${PAGE_SIZE}`,
        '`articlePage(1, { pageSize })`: root, blog, page',
        async () => {
          page = await reader.articlePage(1, { pageSize: PAGE_SIZE }).get()
        },
      )
      const items = page?.embedded('item') ?? []
      if (items.length !== PAGE_SIZE) throw new Error(`the page held ${items.length} items`)
      await measure(
        `follow its ${PAGE_SIZE} items`,
        '`article(item.uri).get()`: an embedded copy lives as long as its page, which is `no-cache`',
        async () => {
          for (const item of items) await reader.article(item.uri).get()
        },
      )
      const keeper = client({ caching: 'until-invalidated' })
      const kept = (await keeper.articlePage(1, { pageSize: PAGE_SIZE }).get()).embedded('item')
      await measure(
        `follow its ${PAGE_SIZE} items, until invalidated`,
        "`article(item.uri).get()` with `caching: 'until-invalidated'`: the embedded copies",
        async () => {
          for (const item of kept) await keeper.article(item.uri).get()
        },
      )
      await measure(
        `the same ${PAGE_SIZE} items without the SDK`,
        'plain `fetch` of each item’s self link',
        async () => {
          for (const item of items) await (await recorder.fetch(item.uri)).arrayBuffer()
        },
      )
    } finally {
      await server.stop()
    }
    const table: Table = {
      title: `Blog 1 with ${formatNumber(ARTICLES)} articles`,
      columns: ['task', 'how', 'requests', 'statuses', 'response bytes'],
      align: ['left', 'left', 'right', 'left', 'right'],
      rows: costs.map((cost) => [
        cost.task,
        cost.how,
        formatNumber(cost.requests),
        Object.entries(cost.statuses)
          .map(([status, count]) => `${count} × ${status}`)
          .join(', ') || MISSING,
        formatBytes(cost.bytes),
      ]),
      notes: [
        '- Requests and statuses: the mock’s own log (GET /__admin/requests), emptied before each task.',
        '- Bytes: response bodies as the SDK’s `fetch` received them (no compression), headers excluded.',
        "- The SDK follows HTTP caching by default, and the Blog API answers `Cache-Control: no-cache`: every `get()` of a state it holds is a conditional request (a 304, no body), and an embedded copy is read again. `caching: 'until-invalidated'` asks nothing until a write or `refresh()`.",
      ],
    }
    return { tables: [table], goals: [], figures: { articles: ARTICLES, costs } }
  },
}

/** The requests the mock logged since its last reset, with their statuses. */
async function logged(server: ChildServer): Promise<Pick<Cost, 'requests' | 'statuses'>> {
  const response = await fetch(`${server.origin}/__admin/requests`)
  const { requests } = (await response.json()) as { requests: { status: number }[] }
  const statuses: Record<string, number> = {}
  for (const { status } of requests) statuses[status] = (statuses[status] ?? 0) + 1
  return { requests: requests.length, statuses }
}
