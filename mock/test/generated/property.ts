import fc from 'fast-check'
import { startGeneratedServer } from './hal-server.js'
import { roundTrip } from './round-trip.js'
import { type ServerSpec, serverSpec } from './spec.js'

// The round trip as a property over generated servers: each run draws a server from the seed,
// records it and checks its replay and both verifies. A failure shrinks to a minimal server.

/** Figures of a property run, for the report. */
export interface Figures {
  servers: number
  passed: number
  documents: number
}

/** Records, replays and verifies one generated server; throws what went wrong. */
export async function checkServer(spec: ServerSpec, figures: Figures): Promise<void> {
  const server = await startGeneratedServer(spec)
  try {
    figures.servers++
    const trip = await roundTrip(server, 'generated')
    figures.documents += trip.documents
    if (trip.problems.length > 0) throw new Error(trip.problems.slice(0, 8).join('\n'))
    figures.passed++
  } finally {
    await server.close()
  }
}

/** Runs the property on `runs` servers from `seed`; resolves to the figures or rejects with fast-check's report. */
export async function roundTrips(
  runs: number,
  seed: number,
  figures: Figures,
  specs: fc.Arbitrary<ServerSpec> = serverSpec,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(specs, (spec) => checkServer(spec, figures)),
    { numRuns: runs, seed, endOnFailure: false, verbose: 1 },
  )
}
