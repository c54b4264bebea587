/**
 * Does reading one article, or one page, cost the same at 1 000, 100 000 and 1 000 000 articles?
 * Measures through the MSW handlers (`getResponse`), as a request would, and the seed time.
 * Run: npm run bench
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { getResponse } from 'msw'
import { createBlogApi } from '../src/blog/index.js'
import { fixed, medianMicros } from './measure.js'

const SIZES = [1_000, 100_000, 1_000_000]
const ORIGIN = 'http://bench.test/api/v1.2/blogs/1'

interface Row {
  articles: number
  seedMs: number
  getArticleUs: number
  getPageUs: number
  getLastPageUs: number
  putArticleUs: number
}

async function measure(articles: number): Promise<Row> {
  const seedStart = performance.now()
  const api = createBlogApi({ articles })
  await api.ready
  const seedMs = performance.now() - seedStart
  const get = (path: string) => getResponse(api.handlers, new Request(ORIGIN + path))
  // Spread reads over the whole data set, so an index that degraded to a scan would show.
  const pick = (i: number) => 1 + ((i * 7919) % articles)
  const pages = Math.ceil(articles / 20)
  const getArticleUs = await medianMicros((i) => get(`/articles/${pick(i)}`))
  const getPageUs = await medianMicros((i) =>
    get(`/articles?pageIndex=${1 + (i % pages)}&pageSize=20`),
  )
  const getLastPageUs = await medianMicros(() => get(`/articles?pageIndex=${pages}&pageSize=20`))
  const putArticleUs = await medianMicros(
    (i) =>
      getResponse(
        api.handlers,
        new Request(`${ORIGIN}/articles/${pick(i)}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
          body: JSON.stringify({ title: `Edited ${i}` }),
        }),
      ),
    { rounds: 11, batch: 20 },
  )
  return { articles, seedMs, getArticleUs, getPageUs, getLastPageUs, putArticleUs }
}

const rows: Row[] = []
for (const size of SIZES) rows.push(await measure(size))
const [small] = rows as [Row]
const large = rows.at(-1) as Row
const ratio = (key: keyof Row) => fixed(large[key] / small[key])

console.log('\n### Lookups through the MSW handlers (median µs per request)\n')
console.log('| articles | seed (ms) | GET article | GET page (20) | GET last page | PUT article |')
console.log('|---:|---:|---:|---:|---:|---:|')
for (const r of rows) {
  console.log(
    `| ${r.articles} | ${fixed(r.seedMs, 0)} | ${fixed(r.getArticleUs)} | ${fixed(r.getPageUs)} | ${fixed(r.getLastPageUs)} | ${fixed(r.putArticleUs)} |`,
  )
}
console.log(
  `| ratio ${large.articles}/${small.articles} | ${ratio('seedMs')} | ${ratio('getArticleUs')} | ${ratio('getPageUs')} | ${ratio('getLastPageUs')} | ${ratio('putArticleUs')} |`,
)
const out = new URL('../../.bench/', import.meta.url)
await mkdir(out, { recursive: true })
await writeFile(
  new URL('lookup.json', out),
  `${JSON.stringify({ node: process.version, rows }, null, 2)}\n`,
)
console.log(`\nWritten to ${new URL('lookup.json', out).pathname}`)
