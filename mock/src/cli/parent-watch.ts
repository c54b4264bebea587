import { fstatSync } from 'node:fs'

/** How often the process looks for the wrapper that started it. */
const PARENT_CHECK_MS = 500

/**
 * Calls `gone` once the process that started the server has ended, even killed with SIGKILL and
 * even through `npx`, whose wrappers (npm, a shell) outlive it:
 *
 * - stdin a pipe or socket (Playwright's `webServer`, `spawn()` by default): its writing end is
 *   the parent's, so its end means the parent is gone; a terminal, `/dev/null` or a file is no sign;
 * - an IPC channel (`fork()`): its disconnection;
 * - under npm (`npm start`, `npx`), the parent changing (the wrapper died, the server was orphaned).
 *
 * @example
 * watchParent((why) => void stop(why))
 */
export function watchParent(gone: (why: string) => void): void {
  if (stdinIsPipe()) {
    process.stdin.on('error', () => gone('stdin failed'))
    process.stdin.once('end', () => gone('stdin closed: the process that started the server ended'))
    process.stdin.resume() // read (and drop) what comes, to see its end
  }
  if (process.channel) process.once('disconnect', () => gone('the parent process disconnected'))
  // Only under npm: a server started with `nohup` or `&` may outlive its shell.
  if (process.env.npm_execpath === undefined) return
  const parent = process.ppid
  setInterval(() => {
    if (process.ppid !== parent) gone('the process that started the server ended')
  }, PARENT_CHECK_MS).unref()
}

function stdinIsPipe(): boolean {
  try {
    const stat = fstatSync(0)
    return stat.isFIFO() || stat.isSocket()
  } catch {
    return false // no stdin at all
  }
}
