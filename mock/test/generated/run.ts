import { parseArgs } from 'node:util'
import { type Figures, roundTrips } from './property.js'
import { ensureBuilt } from './round-trip.js'

// `npm run test:roundtrip -- --runs 500 [--seed n]`: the round trip's long run, on the bin built
// once at its start.

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '500' },
    seed: { type: 'string', default: String(Date.now() % 2 ** 31) },
  },
})
const runs = Number(values.runs)
const seed = Number(values.seed)
await ensureBuilt(true)
const figures: Figures = { servers: 0, passed: 0, documents: 0, refusals: 0 }
const started = Date.now()
let code = 0
try {
  await roundTrips(runs, seed, figures)
} catch (error) {
  console.error((error as Error).message)
  code = 1
}
console.log(
  `round trip, seed ${seed}: ${figures.passed} of ${figures.servers} servers passed, ${figures.documents} documents compared, ${figures.refusals} refused creates, ${((Date.now() - started) / 1000).toFixed(0)} s`,
)
process.exit(code)
