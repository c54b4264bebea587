// The shop's server checked against its own definition by `verify`, as a user's suite would:
// a test per collection and rule, from one run over real HTTP.
import { createHalServer, type HalServer } from '@halyard/mock/server'
import { verifyTests } from '@halyard/mock/verify'
import { afterAll, beforeAll, describe, test } from 'vitest'
import shop from './api.js'

let server: HalServer<typeof shop>
beforeAll(async () => {
  server = await createHalServer(shop, { port: 0, log: false })
})
afterAll(() => server.close())

verifyTests(
  () => ({ url: server.url, api: shop, token: 'dev-token' }),
  { describe, test, beforeAll: (run) => beforeAll(run, 60_000) },
  shop,
)
