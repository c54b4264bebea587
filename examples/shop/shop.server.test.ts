// The shop's hypermedia-driven check over real HTTP: `halyard-mock --api`'s server, which calls
// api.handle directly.

import type { MockServer } from '@halyard/mock/blog/server'
import { createHalServer } from '@halyard/mock/server'
import { afterAll, afterEach, beforeAll } from 'vitest'
import shop from './api.js'
import { shopChecks } from './shop.checks.js'

let server: MockServer<typeof shop>
beforeAll(async () => {
  server = await createHalServer(shop, { port: 0, log: false })
})
afterEach(() => server.api.reset())
afterAll(() => server.close())

shopChecks(() => server.url)
