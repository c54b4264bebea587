import { createMockServer, type MockServer } from '@halyard/mock/blog/server'
import { afterAll, beforeAll, beforeEach, describe } from 'vitest'
import { authCases } from './suite/auth.case.js'
import { describeSdk, type SdkTarget } from './suite/suite.js'

// The SDK suite over real HTTP, against the mock server on a free port of 127.0.0.1.
let server: MockServer | undefined
beforeAll(async () => {
  server = await createMockServer({ port: 0, log: false })
})
afterAll(() => server?.close())

const running = (): MockServer => {
  if (!server) throw new Error('the mock server is not listening yet')
  return server
}

const target = (): SdkTarget => ({
  name: 'the real HTTP server (createMockServer)',
  get apiUrl() {
    return `${running().origin}/api/v1.2`
  },
  use: (...handlers) => running().use(...handlers),
  async reset() {
    running().resetHandlers()
    await running().api.reset()
  },
})

describeSdk(target)

describe('@halyard/sdk over real HTTP only', () => {
  beforeEach(() => target().reset())
  authCases(target)
})
