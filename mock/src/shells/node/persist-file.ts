import { randomBytes } from 'node:crypto'
import { unlinkSync } from 'node:fs'
import { open, readFile, rename, unlink } from 'node:fs/promises'
import {
  loadRecords,
  parseRecordsFile,
  RecordsError,
  type RecordsHolder,
  recordsOf,
} from '../../store/records-file.js'

/** An API's records kept in a JSON file (see {@link persistToFile}). */
export interface FilePersistence {
  /** The file's absolute or relative path, as given. */
  readonly file: string
  /**
   * Settles once the file is this process's (its lock taken) and its records, if it exists,
   * replaced the seed; rejects with a `RecordsError` naming what is wrong.
   */
  readonly ready: Promise<void>
  /** Notes a write: the file is written once writes pause for a moment, or within a second. */
  changed(): void
  /** Writes a noted change now; settles when the file holds it. */
  flush(): Promise<void>
  /** Writes a noted change, then gives the file up (its lock removed). */
  close(): Promise<void>
}

/** How long writes must pause before the file is written. */
const DEBOUNCE_MS = 100
/** The longest a write waits for the file, however steady the writes: what a crash may lose. */
const MAX_WAIT_MS = 1000

/**
 * Keeps an API instance's records in a JSON file, `json-server`'s `db.json` habit: the file's
 * records, if it exists, replace the seed at start (checked as a seed is); after {@link
 * FilePersistence.changed}, every record is written once writes pause for 100 ms, and at the
 * latest a second after the first write not yet in the file, to a new file beside it (created
 * exclusively, under a random name: never a path that exists, a planted link followed) that is
 * then renamed over it, so that a crash never leaves half a file. One process holds the file at a
 * time: `<file>.lock` holds its pid; another process's live lock is refused, a dead one's taken over.
 *
 * @example
 * const kept = persistToFile(api, 'db.json')
 * await kept.ready
 * // after each write: kept.changed()
 */
export function persistToFile(api: RecordsHolder, file: string): FilePersistence {
  let timer: ReturnType<typeof setTimeout> | undefined
  /** When the oldest write not yet in the file was noted. */
  let pendingSince: number | undefined
  let writing: Promise<void> = Promise.resolve()
  const lockFile = `${file}.lock`
  let locked = false
  // A process that ends (even by an uncaught error) gives its lock up; `kill -9` leaves it, dead.
  const unlock = () => {
    if (!locked) return
    locked = false
    process.off('exit', unlock)
    try {
      unlinkSync(lockFile)
    } catch {
      // Already gone: nothing to give up.
    }
  }
  const ready = (async () => {
    await lock(lockFile, file)
    locked = true
    process.on('exit', unlock)
    try {
      await restore(api, file)
    } catch (error) {
      unlock()
      throw error
    }
  })()
  // Awaiting `ready` still rejects; persistence nobody awaits must not end the process with it.
  ready.catch(() => undefined)
  const write = (): Promise<void> => {
    timer = undefined
    pendingSince = undefined
    // One write at a time, in order: the last one holds the last records.
    writing = writing.then(async () => {
      if (!locked) return
      const temporary = `${file}.${randomBytes(8).toString('hex')}.tmp`
      try {
        // `wx`: O_CREAT | O_EXCL, which fails on any existing path, a symbolic link included.
        const handle = await open(temporary, 'wx', 0o600)
        try {
          await handle.writeFile(`${JSON.stringify(recordsOf(api), null, 2)}\n`)
        } finally {
          await handle.close()
        }
        await rename(temporary, file)
      } catch (error) {
        await unlink(temporary).catch(() => undefined)
        console.warn(`[halyard-mock] could not write ${file}: ${(error as Error).message}`)
      }
    })
    return writing
  }
  const flush = (): Promise<void> => {
    if (timer === undefined) return writing
    clearTimeout(timer)
    return write()
  }
  return {
    file,
    ready,
    changed() {
      const now = Date.now()
      pendingSince ??= now
      if (timer !== undefined) clearTimeout(timer)
      // The pause restarts with each write, but never past the ceiling of the oldest.
      timer = setTimeout(
        write,
        Math.max(0, Math.min(DEBOUNCE_MS, pendingSince + MAX_WAIT_MS - now)),
      )
    },
    flush,
    async close() {
      await ready.catch(() => undefined)
      await flush()
      unlock()
    },
  }
}

/**
 * Takes `lockFile` for this process: created exclusively with its pid. A lock whose process is
 * gone (killed) is taken over; a live one is refused, naming the file and the process.
 */
async function lock(lockFile: string, file: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await open(lockFile, 'wx', 0o600)
      try {
        await handle.writeFile(`${process.pid}\n`)
      } finally {
        await handle.close()
      }
      return
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) {
        throw new RecordsError(`cannot lock ${file} (${lockFile}): ${(error as Error).message}`)
      }
    }
    const pid = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim())
    if (Number.isSafeInteger(pid) && pid > 0 && alive(pid)) {
      const who = pid === process.pid ? 'this process' : `process ${pid}`
      throw new RecordsError(
        `${file} is in use by ${who} (its lock ${lockFile}): stop it, or pick another --persist file`,
      )
    }
    // A lock left by a process that died: remove it and take the file (once; a race is refused).
    await unlink(lockFile).catch(() => undefined)
  }
}

/** Whether a process of that pid runs (EPERM: it does, as another user's). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function restore(api: RecordsHolder, file: string): Promise<void> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return api.ready
    throw new RecordsError(`cannot read ${file}: ${(error as Error).message}`)
  }
  const data = parseRecordsFile(text, file)
  try {
    await loadRecords(api, data)
  } catch (error) {
    throw new RecordsError(`${file}: ${(error as Error).message}`)
  }
}
