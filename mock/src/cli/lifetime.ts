/** How often the process looks for the wrapper that started it. */
const PARENT_CHECK_MS = 500

/**
 * Closes the server and ends the process on SIGINT and SIGTERM, and when the process that started
 * it is gone. `npx halyard-mock` runs node under a shell that dies of a SIGTERM without passing it
 * on; the server, orphaned, sees its parent change and stops instead of holding its port.
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
  // Only under npm (`npm start`, `npx`): a server started with `nohup` or `&` may outlive its shell.
  if (process.env.npm_execpath === undefined) return
  const parent = process.ppid
  setInterval(() => {
    if (process.ppid !== parent) void stop('the process that started the server ended')
  }, PARENT_CHECK_MS).unref()
}
