import type { ContractTarget } from '../../mock/test/contract/target.js'
import { sendRaw } from '../../mock/test/raw-http.js'
import type { SdkTarget } from '../../sdk/test/suite/target.js'
import type { ServerUnderTest } from './base-url.js'

/** The reset control of docs/api.md, Mock controls, an extension: it restores the seed. */
export const RESET_PATH = '/__admin/reset'

/** A server the conformance suites run against, named for their reports. */
export interface ConformanceServer extends ServerUnderTest {
  readonly name: string
}

/**
 * Asks the server to restore its seed; the status it answered. As JSON, which the mock requires
 * (no web page may send it without a CORS preflight).
 */
export async function requestReset(server: ServerUnderTest): Promise<number> {
  const response = await fetch(`${server.origin}${RESET_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  })
  await response.body?.cancel()
  return response.status
}

async function reset(server: ServerUnderTest): Promise<void> {
  const status = await requestReset(server)
  if (status < 200 || status > 299) throw new Error(`POST ${RESET_PATH} answered ${status}`)
}

/**
 * The contract suite's view of a server reached over real HTTP: plain fetch from Node, which can
 * send every request the cases need, and the reset control before each case.
 *
 * @example
 * describeContract(() => contractTarget(inject('server')))
 */
export function contractTarget(server: ConformanceServer): ContractTarget {
  return {
    name: server.name,
    origin: server.origin,
    fetch: (path, init) => fetch(`${server.origin}${path}`, init),
    raw: (request) => sendRaw(server.origin, request),
    reset: () => reset(server),
  }
}

/**
 * The SDK suite's view of a server reached over real HTTP. It has no route overrides (`use`), so
 * the cases that need them are not registered.
 *
 * @example
 * describeSdk(() => sdkTarget(inject('server')))
 */
export function sdkTarget(server: ConformanceServer): SdkTarget {
  return { name: server.name, apiUrl: server.apiUrl, reset: () => reset(server) }
}

/**
 * The contract cases' view of a server given by E2E_BASE_URL, for every case that writes nothing:
 * plain fetch and raw requests from Node, but no reset (a foreign server has no reset control) nor
 * the mock's admin routes, so the cases needing those are not registered.
 *
 * @example
 * describeContract(() => foreignTarget(inject('server')))
 */
export function foreignTarget(server: ConformanceServer): ContractTarget {
  return {
    name: server.name,
    origin: server.origin,
    fetch: (path, init) => fetch(`${server.origin}${path}`, init),
    raw: (request) => sendRaw(server.origin, request),
    capabilities: ['cookie-header', 'raw-http', 'cors'],
    reset: () =>
      Promise.reject(
        new Error(`${server.name} has no reset control: only the cases that write nothing run.`),
      ),
  }
}
