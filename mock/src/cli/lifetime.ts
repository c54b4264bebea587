import { watchParent } from './parent-watch.js'

/**
 * Closes the server and ends the process on SIGINT and SIGTERM, and when the process that started
 * it is gone (see `watchParent`): `npx halyard-mock` runs node under wrappers that may die without
 * passing a signal on, or outlive a parent killed outright; the server stops instead of holding its
 * port.
 *
 * @example
 * stopWithProcess(() => server.close())
 */
export function stopWithProcess(close: () => Promise<void>): void {
  let stopping = false
  const stop = async (why: string) => {
    if (stopping) return
    stopping = true
    console.log(`${why}: closing`)
    try {
      await close()
    } finally {
      process.exit(0)
    }
  }
  process.once('SIGINT', () => void stop('SIGINT'))
  process.once('SIGTERM', () => void stop('SIGTERM'))
  process.once('SIGHUP', () => void stop('SIGHUP'))
  watchParent((why) => void stop(why))
}
