/** Where the Blog API lives on every server (docs/api.md, Resources). */
export const API_PATH = '/api/v1.2'

/** The server under test: its origin and its API root. */
export interface ServerUnderTest {
  /** e.g. `http://127.0.0.1:4010` */
  readonly origin: string
  /** e.g. `http://127.0.0.1:4010/api/v1.2` */
  readonly apiUrl: string
}

/**
 * Reads a server's address given either as its origin or as its API root, with or without a
 * trailing slash. The API must sit at `/api/v1.2` on its origin (docs/api.md, Resources): the suites address
 * it by absolute paths, so any other path is refused with a message saying what to give instead.
 *
 * @example
 * serverAt('http://127.0.0.1:4010') // { origin: 'http://127.0.0.1:4010', apiUrl: 'http://127.0.0.1:4010/api/v1.2' }
 * serverAt('http://127.0.0.1:4010/api/v1.2/') // the same
 */
export function serverAt(address: string, what = 'E2E_BASE_URL'): ServerUnderTest {
  const expected = `${what} must be the server's origin (http://127.0.0.1:4010) or its API root (http://127.0.0.1:4010${API_PATH})`
  let url: URL
  try {
    url = new URL(address)
  } catch {
    throw new TypeError(`${expected}, not "${address}".`)
  }
  const path = url.pathname.replace(/\/+$/, '')
  if (
    !['http:', 'https:'].includes(url.protocol) ||
    (path !== '' && path !== API_PATH) ||
    url.search !== '' ||
    url.hash !== ''
  ) {
    throw new TypeError(`${expected}, not "${address}".`)
  }
  // Credentials would be echoed in every test name and message; tokens go in headers.
  if (url.username !== '' || url.password !== '') {
    throw new TypeError(`${what} must not carry credentials: ${expected}.`)
  }
  return { origin: url.origin, apiUrl: `${url.origin}${API_PATH}` }
}
