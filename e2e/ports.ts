/** The real mock server the e2e run starts (Playwright's `webServer`). */
export const MOCK_PORT = 4311
/** The example app's Vite dev server. */
export const APP_PORT = 5311
/** The real server's API root, for specs that point the app or the SDK at it. */
export const MOCK_API = `http://127.0.0.1:${MOCK_PORT}/api/v1.2`
