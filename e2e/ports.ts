import { e2ePort } from './port.js'

/** The real mock server the e2e run starts (Playwright's `webServer`): `HALYARD_E2E_MOCK_PORT`. */
export const MOCK_PORT = await e2ePort('HALYARD_E2E_MOCK_PORT')
/** The example app's Vite dev server: `HALYARD_E2E_APP_PORT`. */
export const APP_PORT = await e2ePort('HALYARD_E2E_APP_PORT')
/** The React Query example's Vite dev server: `HALYARD_E2E_REACT_QUERY_PORT`. */
export const REACT_QUERY_PORT = await e2ePort('HALYARD_E2E_REACT_QUERY_PORT')
/** The real server's API root, for specs that point the app or the SDK at it. */
export const MOCK_API = `http://127.0.0.1:${MOCK_PORT}/api/v1.2`
