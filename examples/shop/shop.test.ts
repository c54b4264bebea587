// The shop's hypermedia-driven check, in-process: MSW's catch-all handler calls api.handle.
import { setupHalApi } from '@halyard/mock/node'
import { afterAll, afterEach, beforeAll } from 'vitest'
import shop from './api.js'
import { shopChecks } from './shop.checks.js'

const mock = setupHalApi(shop)
beforeAll(() => mock.server.listen({ onUnhandledFrame: 'error' }))
afterEach(async () => {
  mock.server.resetHandlers()
  await mock.reset()
})
afterAll(() => mock.server.close())

shopChecks(() => 'http://shop.test/api')
