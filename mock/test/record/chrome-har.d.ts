// chrome-har (sitespeed.io's converter of DevTools-protocol events into HAR 1.2) ships no types:
// the little of its index.js the browser tests call.
declare module 'chrome-har' {
  /** A DevTools-protocol event as the session emitted it. */
  interface Message {
    readonly method: string
    readonly params?: object
  }
  interface Options {
    /** Writes `response.body` (set by the caller from `Network.getResponseBody`) as `content.text`. */
    readonly includeTextFromResponseBody?: boolean
    readonly includeResourcesFromDiskCache?: boolean
  }
  /** The HAR 1.2 of a session's events, in the order they were emitted. */
  export function harFromMessages(
    messages: readonly Message[],
    options?: Options,
  ): { log: { version: string; entries: object[] } }
}
