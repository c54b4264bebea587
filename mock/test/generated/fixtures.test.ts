import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveFetch } from '../listen-local.js'
import { packedBin } from '../packed.js'
import { startHalaciousServer } from '../record/halacious-server.js'
import { startLibraryServer } from '../record/library-server.js'
import { oddNamesServer } from '../record/odd-names-server.js'
import { startRelativeHrefsServer } from '../record/relative-hrefs-server.js'
import { springDataRestServer } from '../record/spring-data-rest-server.js'
import { startSpringHateoasServer } from '../record/spring-hateoas-server.js'
import { startTrackerServer, TRACKER_TOKEN } from '../record/tracker-server.js'
import { type Original, roundTrip } from './round-trip.js'

// The same round trip as the generated servers', on the fixtures shaped after real servers:
// recorded by the packed tarball's bin, replayed, verified both ways, the recording untouched.

const FIXTURES: readonly {
  name: string
  start(): Promise<{ origin: string; close(): Promise<void> }>
  path: string
  credential?: Original['credential']
}[] = [
  { name: 'halacious', start: startHalaciousServer, path: '/api' },
  { name: 'spring-hateoas', start: startSpringHateoasServer, path: '/api' },
  { name: 'spring-data-rest', start: () => serveFetch(springDataRestServer()), path: '/' },
  { name: 'library', start: startLibraryServer, path: '/api' },
  { name: 'odd-names', start: () => serveFetch(oddNamesServer), path: '/' },
  { name: 'relative-hrefs', start: startRelativeHrefsServer, path: '/shop' },
  {
    name: 'tracker (halson)',
    start: startTrackerServer,
    path: '/tracker',
    credential: { name: 'Authorization', value: `Bearer ${TRACKER_TOKEN}` },
  },
]

let bin = ''
beforeAll(async () => {
  bin = await packedBin()
}, 300_000)

describe.each(FIXTURES)('$name', ({ name, start, path, credential }) => {
  let server: { origin: string; close(): Promise<void> }
  beforeAll(async () => {
    server = await start()
  })
  afterAll(() => server.close())

  it('round-trips with no edit of the recording', async () => {
    const root = `${server.origin}${path}`
    const trip = await roundTrip(
      bin,
      { root, ...(credential ? { credential } : {}) },
      `fixture-${name.replace(/\W+/g, '-')}`,
    )
    expect(trip.documents).toBeGreaterThan(1)
    expect(trip.problems).toEqual([])
  }, 120_000)
})
