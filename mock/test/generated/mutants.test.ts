import { join } from 'node:path'
import fc from 'fast-check'
import { beforeAll, expect, it } from 'vitest'
import { compileApi } from '../../src/model/compile.js'
import type { HalApi } from '../../src/serve/api.js'
import { type VerifyReport, type VerifyRule, verifyApi } from '../../src/verify/index.js'
import { ruleCatalogue } from '../../src/verify/rules.js'
import { packedBin } from '../packed.js'
import { mutatingProxy } from '../verify/mutating-proxy.js'
import { ruleMutant } from '../verify/rule-mutants.js'
import { startGeneratedServer } from './hal-server.js'
import { recordWithBin, verifyCredentials } from './round-trip.js'
import { type ServerSpec, serverSpec } from './spec.js'

// Each rule a generated server holds, broken alone by its operator (mock/test/verify/rule-mutants.ts)
// in front of that server: verify, with the server's own recording as definition, fails naming the
// rule. Every mutant gets a fresh server of the same spec, so mutants that write run side by side.

// A seed whose servers write (create, replace, patch, delete): their rules are mutated too.
const SEED = Number(process.env.MUTANTS_SEED ?? 99)
const SERVERS = 4
/** Mutants verified at a time (each a server, a proxy and a run, mostly waiting on sockets). */
const TOGETHER = 6

/** Small servers: one or two collections of 3 to 8 records (enough for two pages). */
const small: fc.Arbitrary<ServerSpec> = serverSpec.map((spec) => ({
  ...spec,
  collections: spec.collections
    .slice(0, 2)
    .map((c) => ({ ...c, records: Math.min(8, Math.max(3, c.records)) })),
}))

/** What the run left a rule as, over its collections: a failure anywhere wins, then a hold. */
function statusOf(report: VerifyReport, rule: VerifyRule): 'failed' | 'held' | 'not checked' {
  const failed = report.findings.some((f) => f.severity === 'failure' && f.rule === rule)
  if (failed) return 'failed'
  const of = report.rules.filter((r) => r.rule === rule)
  return of.some((r) => r.status === 'held') ? 'held' : 'not checked'
}

interface Tally {
  held: number
  mutants: number
  caught: number
  notChecked: string[]
  escaped: string[]
}

async function mutantsOf(spec: ServerSpec, index: number): Promise<Tally> {
  const original = await startGeneratedServer(spec)
  let api: HalApi
  let clean: VerifyReport
  const credentials = verifyCredentials(original)
  try {
    const dir = await recordWithBin(bin, original, `mutants-${index}`)
    api = (await import(join(dir, 'api.ts'))).default as HalApi
    clean = await verifyApi({ url: original.root, api, ...credentials })
  } finally {
    await original.close()
  }
  expect(
    clean.findings.filter((f) => f.severity === 'failure').map((f) => `${f.rule}: ${f.message}`),
    `server ${index} unmutated`,
  ).toEqual([])
  const model = compileApi(api.definition)
  const rules = [...new Set(ruleCatalogue(model).map((r) => r.rule))].filter(
    (rule) => statusOf(clean, rule) === 'held',
  )
  // A rule of reads is broken in a run that only reads: fewer requests, nothing written.
  const reads = new Set(ruleCatalogue(model, { readOnly: true }).map((r) => r.rule))
  const tally: Tally = { held: rules.length, mutants: 0, caught: 0, notChecked: [], escaped: [] }
  const mutant = async (rule: VerifyRule) => {
    const mutation = ruleMutant(rule, model)
    if (!mutation) {
      tally.escaped.push(`${rule}: no operator`)
      return
    }
    tally.mutants++
    const server = await startGeneratedServer(spec)
    const proxy = await mutatingProxy(server.origin, mutation)
    try {
      const report = await verifyApi({
        url: `${proxy.origin}${new URL(server.root).pathname}`,
        api,
        ...credentials,
        readOnly: reads.has(rule),
        samples: 1,
        // Up to 8 records, at a third of the list a page: every page, the last too; a mutant
        // linking next from the last is followed no further.
        pages: 10,
      })
      const status = statusOf(report, rule)
      if (status === 'failed') tally.caught++
      else if (status === 'not checked') tally.notChecked.push(rule)
      else {
        const failed = new Set(
          report.findings.filter((f) => f.severity === 'failure').map((f) => f.rule),
        )
        tally.escaped.push(`${rule} (failed: ${[...failed].join(', ') || 'none'})`)
      }
    } finally {
      await proxy.close()
      await server.close()
    }
  }
  for (let i = 0; i < rules.length; i += TOGETHER)
    await Promise.all(rules.slice(i, i + TOGETHER).map(mutant))
  return tally
}

let bin = ''
beforeAll(async () => {
  bin = await packedBin()
}, 300_000)

it('verify fails every mutant of a sample of generated servers, naming its rule', async () => {
  const specs = fc.sample(small, { seed: SEED, numRuns: SERVERS })
  const lines: string[] = []
  const missed: string[] = []
  const total = { held: 0, mutants: 0, caught: 0 }
  for (const [i, spec] of specs.entries()) {
    const t = await mutantsOf(spec, i)
    total.held += t.held
    total.mutants += t.mutants
    total.caught += t.caught
    lines.push(
      `server ${i} (${spec.collections.map((c) => `${c.name}:${c.records}`).join(', ')}, ${spec.auth}): ` +
        `${t.held} rules held, ${t.mutants} mutants, ${t.caught} caught` +
        (t.notChecked.length ? `; not checked: ${t.notChecked.join(', ')}` : '') +
        (t.escaped.length ? `; not caught: ${t.escaped.join(', ')}` : ''),
    )
    missed.push(...t.escaped.map((e) => `seed ${SEED} server ${i}: ${e}`))
    missed.push(...t.notChecked.map((r) => `seed ${SEED} server ${i}: ${r} not checked`))
  }
  console.log(
    [
      `mutants of generated servers, seed ${SEED}: ${specs.length} servers, ${total.held} rules held, ` +
        `${total.mutants} mutants, ${total.caught} caught`,
      ...lines,
    ].join('\n'),
  )
  expect(missed).toEqual([])
}, 600_000)
