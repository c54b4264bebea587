import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlogApi } from '../../src/blog/index.js'
import { createMockServer } from '../../src/blog/shells/server.js'
import type { HalApiDefinition } from '../../src/definition/api.js'
import type { HalApi } from '../../src/index.js'
import { compileApi } from '../../src/model/compile.js'
import { createHalServer } from '../../src/shells/server/index.js'
import { type VerifyRule, verifyApi } from '../../src/verify/index.js'
import { ruleCatalogue } from '../../src/verify/rules.js'
import { libraryApi } from '../fixtures/library-api.js'
import { mutatingProxy } from './mutating-proxy.js'
import { ruleMutant } from './rule-mutants.js'

// Each rule of verify's catalogue broken alone, by its operator, in front of a correct server:
// verify fails naming that rule. The mutants of one API run one after another against one server
// (a mutant's writes must not move another's totals); the three APIs run side by side.

const TOKEN = 'dev-token'

interface Subject {
  readonly name: string
  readonly api: { readonly definition: HalApiDefinition }
  start(): Promise<{ url: string; close(): Promise<void> }>
  /** What the server holds when no run left anything (its seed): the same after every mutant. */
  count(url: string): Promise<unknown>
}

const shopModule = new URL('../../../examples/shop/api.ts', import.meta.url).href

const subjects: (() => Promise<Subject>)[] = [
  async () => ({
    name: 'Blog API v1.2',
    api: createBlogApi(),
    // Enough articles for three small pages: a first, a middle and a last.
    start: () => createMockServer({ port: 0, log: false, articles: 25 }),
    count: (url) => json(`${url}/blogs/1/articles?pageSize=1`).then((p) => p.totalArticles),
  }),
  async () => {
    const shop = ((await import(shopModule)) as { default: HalApi }).default
    return {
      name: 'shop (examples/shop)',
      api: shop,
      start: () => createHalServer(shop, { port: 0, log: false }),
      count: (url) => json(`${url}/orders`).then((p) => p.page?.totalElements),
    }
  },
  async () => {
    const api = libraryApi()
    return {
      name: 'library (mock/test/fixtures/library-api.ts)',
      api,
      start: () => createHalServer(api, { port: 0, log: false }),
      count: (url) => json(`${url}/authors/1/books`).then((p) => p.page?.totalElements),
    }
  },
]

/** A page of the Blog's convention or of Spring Data REST's, for its count. */
interface Counted {
  readonly totalArticles?: number
  readonly page?: { readonly totalElements?: number }
}

async function json(url: string): Promise<Counted> {
  return (await fetch(url)).json() as Promise<Counted>
}

const names = ['Blog API v1.2', 'shop', 'library']
describe.concurrent.each(subjects.map((s, i) => [names[i], s] as const))(
  'mutants of the %s',
  (_name, load) => {
    let subject: Subject
    let server: { url: string; close(): Promise<void> }
    beforeAll(async () => {
      subject = await load()
      server = await subject.start()
    })
    afterAll(() => server.close())

    it('verify passes the server unmutated, then fails every mutant naming its rule', async () => {
      const model = compileApi(subject.api.definition)
      const seeded = await subject.count(server.url)
      const clean = await verifyApi({ url: server.url, api: subject.api, token: TOKEN })
      expect(
        clean.findings
          .filter((f) => f.severity === 'failure')
          .map((f) => `${f.rule}: ${f.message}`),
      ).toEqual([])
      const rules = [...new Set(ruleCatalogue(model).map((r) => r.rule))]
      // A rule of reads is broken in a run that only reads: a few hundred requests fewer.
      const reads = new Set(ruleCatalogue(model, { readOnly: true }).map((r) => r.rule))
      const escaped: string[] = []
      /** One mutant: verify through its proxy, then what it kept the run from deleting, deleted. */
      const mutant = async (rule: VerifyRule) => {
        const mutation = ruleMutant(rule, model)
        if (!mutation) {
          escaped.push(`${rule}: no operator`)
          return
        }
        const proxy = await mutatingProxy(server.url, mutation)
        try {
          const url = `${proxy.origin}${new URL(server.url).pathname}`
          // Two pages reach a middle and a last page; a mutant linking next from the last is not followed.
          const report = await verifyApi({
            url,
            api: subject.api,
            token: TOKEN,
            readOnly: reads.has(rule),
            samples: 1,
            pages: 2,
          })
          const failed = new Set<VerifyRule>(
            report.findings.filter((f) => f.severity === 'failure').map((f) => f.rule),
          )
          if (!failed.has(rule))
            escaped.push(`${rule} (failed: ${[...failed].join(', ') || 'none'})`)
          for (const left of report.leftovers) {
            const at = new URL(left)
            await fetch(`${new URL(server.url).origin}${at.pathname}`, {
              method: 'DELETE',
              headers: { 'x-access-token': TOKEN },
            })
          }
        } finally {
          await proxy.close()
        }
      }
      // Runs that only read change nothing: four at a time. Those that write, one after another,
      // so that no run sees another's records in its totals.
      const reading = rules.filter((rule) => reads.has(rule))
      for (let i = 0; i < reading.length; i += 4)
        await Promise.all(reading.slice(i, i + 4).map(mutant))
      for (const rule of rules.filter((r) => !reads.has(r))) {
        await mutant(rule)
        expect(await subject.count(server.url), `records left by the ${rule} mutant`).toEqual(
          seeded,
        )
      }
      console.log(
        `${subject.name}: verify caught ${rules.length - escaped.length} of ${rules.length} mutants`,
      )
      expect(escaped).toEqual([])
    }, 600_000)
  },
)
