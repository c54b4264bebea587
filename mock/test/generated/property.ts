import fc from 'fast-check'
import { startGeneratedServer } from './hal-server.js'
import { roundTrip } from './round-trip.js'
import { type ServerSpec, serverSpec } from './spec.js'

// The round trip as a property over generated servers: each run draws servers from the seed,
// records them and checks their replays and both verifies. A failure shrinks to a minimal server.

/** Figures of a property run, for the report. */
export interface Figures {
  servers: number
  passed: number
  documents: number
  /** Creates an original refused with 405, asked of its replay (which must refuse them too). */
  refusals: number
  /** Invalid writes an original refused, answered by its replays with its status and members. */
  invalid: number
}

/** Records (with `bin`), replays and verifies one generated server; throws what went wrong. */
export async function checkServer(bin: string, spec: ServerSpec, figures: Figures): Promise<void> {
  const server = await startGeneratedServer(spec)
  try {
    figures.servers++
    const trip = await roundTrip(bin, server, 'generated', { errors: true })
    figures.documents += trip.documents
    figures.refusals += trip.refusals
    figures.invalid += trip.invalid
    if (trip.problems.length > 0) throw new Error(trip.problems.slice(0, 8).join('\n'))
    figures.passed++
  } finally {
    await server.close()
  }
}

/**
 * Runs the property on `servers` servers from `seed`, recorded by `bin`, `together` at a time (the
 * bin's start and the crawl wait on I/O as much as on a core); rejects with fast-check's report,
 * the seed in it.
 */
export async function roundTrips(
  bin: string,
  servers: number,
  seed: number,
  figures: Figures,
  {
    specs = serverSpec,
    together = 2,
  }: { specs?: fc.Arbitrary<ServerSpec>; together?: number } = {},
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(
      fc.array(specs, { minLength: together, maxLength: together }),
      async (batch) => {
        const results = await Promise.allSettled(
          batch.map((spec) => checkServer(bin, spec, figures)),
        )
        const failed = results.find((r) => r.status === 'rejected')
        if (failed) throw failed.reason
      },
    ),
    { numRuns: Math.ceil(servers / together), seed, endOnFailure: false, verbose: 1 },
  )
}
