/** Why the worker did not register, and the fix, for the error `start()` rejects with. */
export function registrationAdvice(
  error: unknown,
  serviceWorkers = typeof navigator === 'undefined' || 'serviceWorker' in navigator,
): string {
  const reason = error instanceof Error ? error.message : String(error)
  const fix = /blocked by Playwright/i.test(reason)
    ? "This page runs under Playwright with service workers blocked: drive it with testWithHalApi or routeHalApi from '@halyard/mock/playwright' (the worker then steps aside by itself), or give the context serviceWorkers: 'allow'."
    : /\(404\)|does not exist/i.test(reason)
      ? "Serve /mockServiceWorker.js at your app's root: `npx msw init public --save`, or Vite's plugin `msw({ mode: 'worker-only' })` from 'msw/vite' (under another base, pass start({ serviceWorker: { url } }))."
      : !serviceWorkers
        ? 'This page has no service workers: serve it from https or localhost (a plain-http address other than localhost has none), outside a private window that disables them.'
        : "Check the browser console for the registration's own error; /mockServiceWorker.js must be served at your app's root from the same origin, over https or localhost."
  return `@halyard/mock could not start its service worker: ${reason.trim()}\n${fix}`
}
