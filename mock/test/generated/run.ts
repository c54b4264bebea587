import { parseArgs } from 'node:util'
import { packedBin } from '../packed.js'
import { type Figures, roundTrips } from './property.js'
import { serverSpecs } from './spec.js'

// `npm run test:roundtrip -- --runs 500 [--seed n] [--gaps]`: the round trip's long run, on the
// packed tarball's bin (packed and installed at its start, reused for the same sources). `--gaps`
// draws the conventions it does not pass yet too (`Gaps` in spec.ts).

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '500' },
    seed: { type: 'string', default: String(Date.now() % 2 ** 31) },
    gaps: { type: 'boolean', default: false },
  },
})
const runs = Number(values.runs)
const seed = Number(values.seed)
const bin = await packedBin()
const figures: Figures = { servers: 0, passed: 0, documents: 0, refusals: 0, invalid: 0 }
const started = Date.now()
let code = 0
try {
  const gaps = values.gaps ? { specs: serverSpecs({ writableFlatItemsOfNestedLists: true }) } : {}
  await roundTrips(bin, runs, seed, figures, gaps)
} catch (error) {
  console.error((error as Error).message)
  code = 1
}
console.log(
  `round trip, seed ${seed}: ${figures.passed} of ${figures.servers} servers passed, ${figures.documents} documents compared, ${figures.refusals} refused creates, ${figures.invalid} invalid writes, ${((Date.now() - started) / 1000).toFixed(0)} s`,
)
process.exit(code)
