import { beforeAll, expect, it } from 'vitest'
import { packedBin } from '../packed.js'
import { type Figures, roundTrips } from './property.js'

// The round trip on 50 generated servers (seeded; `npm run test:roundtrip -- --runs 500` runs
// more): each recorded by the packed tarball's bin, replayed and verified both ways (docs/internals/testing.md).

const SEED = Number(process.env.ROUNDTRIP_SEED ?? 20_261_202)

let bin = ''
beforeAll(async () => {
  bin = await packedBin()
}, 300_000)

it('every generated server round-trips: recorded, replayed in the same shape, verified both ways', async () => {
  const figures: Figures = { servers: 0, passed: 0, documents: 0, refusals: 0, invalid: 0 }
  await roundTrips(bin, 50, SEED, figures)
  console.log(
    `round trip, seed ${SEED}: ${figures.passed} of ${figures.servers} servers, ${figures.documents} documents compared, ${figures.refusals} refused creates, ${figures.invalid} invalid writes`,
  )
  expect(figures.passed).toBe(figures.servers)
  expect(figures.refusals).toBeGreaterThan(0)
  expect(figures.invalid).toBeGreaterThan(0)
}, 600_000)
