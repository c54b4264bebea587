import type { TestProject } from 'vitest/node'
import { type ServerUnderTest, serverAt } from './base-url.js'
import { startMockProcess } from './mock-process.js'
import { type ConformanceServer, RESET_PATH, requestReset } from './target.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server the conformance suites run against, found once by the global setup. */
    server: ConformanceServer
  }
}

/**
 * Global setup of the `conformance` project: the server under test is `E2E_BASE_URL` when set,
 * otherwise the mock's CLI started in a process of its own (as a user runs `npm start`). Before any
 * case runs, it checks that the API root answers and, for the mock's own process, that the reset
 * control exists, so a wrong address fails once, with a message saying what to do.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.E2E_BASE_URL
  const server = given ? { ...serverAt(given), stop: async () => {} } : await startMockProcess()
  const name = given
    ? `the server at ${server.apiUrl} (E2E_BASE_URL)`
    : 'the mock server in its own process (npm start)'
  try {
    await expectApiRoot(server.apiUrl)
    // The reset control is the mock's: a server given by E2E_BASE_URL is checked without it.
    if (!given) await expectResetControl(server)
  } catch (error) {
    await server.stop()
    throw error
  }
  project.provide('server', { name, origin: server.origin, apiUrl: server.apiUrl })
  return () => server.stop()
}

async function expectApiRoot(apiUrl: string): Promise<void> {
  let response: Response
  try {
    response = await fetch(apiUrl, { headers: { accept: 'application/hal+json' } })
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message
    throw new Error(
      `Nothing answers at ${apiUrl} (${cause}). Start the server first, or fix E2E_BASE_URL.`,
    )
  }
  await response.body?.cancel()
  if (response.status !== 200) {
    throw new Error(`GET ${apiUrl} answered ${response.status}: is it a Blog API v1.2 server?`)
  }
}

/**
 * Every case starts from the seed of docs/api.md, Mock controls and most of them write, so the suites restore the
 * seed before each case through the reset control. Without it a run's results would depend on the
 * order of the cases and on what the server held before: no verdict on the server at all. So a
 * server lacking the control is refused here, once, instead of failing case after case.
 */
async function expectResetControl(server: ServerUnderTest): Promise<void> {
  const status = await requestReset(server)
  if (status >= 200 && status <= 299) return
  const url = `${server.origin}${RESET_PATH}`
  if (status === 404) {
    throw new Error(
      `The server lacks the reset control: POST ${url} answered 404. The conformance suites ` +
        'restore the seed of docs/api.md, Mock controls (blog 1 with 42 articles, blog 2 empty) before every case ' +
        'through this route, an extension the mock server has; they cannot give a verdict on a ' +
        'server without it. Add the route, or run them against `npm start`.',
    )
  }
  throw new Error(`The reset control failed: POST ${url} answered ${status}.`)
}
