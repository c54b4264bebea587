/**
 * The global that Halyard's Playwright routing (`routeHalApi`, so `testWithHalApi` and the Blog's
 * `test`) sets in every page it answers, before the page's own scripts run. The browser shell
 * reads it: a page whose API Playwright answers needs no service worker, and registering one there
 * fails (the fixture blocks service workers) or would answer before the routes do.
 */
export const ROUTED_MARKER = '__halyardRoutedByPlaywright'

/** Whether this page's API is answered by Halyard's Playwright routing (see {@link ROUTED_MARKER}). */
export function routedByPlaywright(): boolean {
  return (globalThis as Record<string, unknown>)[ROUTED_MARKER] === true
}
