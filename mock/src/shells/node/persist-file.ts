import { readFile, rename, writeFile } from 'node:fs/promises'
import {
  loadRecords,
  RecordsError,
  type RecordsHolder,
  recordsOf,
} from '../../store/records-file.js'

/** An API's records kept in a JSON file (see {@link persistToFile}). */
export interface FilePersistence {
  /** The file's absolute or relative path, as given. */
  readonly file: string
  /**
   * Settles once the file's records, if it exists, replaced the seed; rejects with a
   * `RecordsError` naming what is wrong.
   */
  readonly ready: Promise<void>
  /** Notes a write: the file is written once writes pause for a moment. */
  changed(): void
  /** Writes a noted change now; settles when the file holds it. */
  flush(): Promise<void>
}

/** How long writes must pause before the file is written. */
const DEBOUNCE_MS = 100

/**
 * Keeps an API instance's records in a JSON file, `json-server`'s `db.json` habit: the file's
 * records, if it exists, replace the seed at start (checked as a seed is); after {@link
 * FilePersistence.changed}, every record is written, once writes pause, to a file beside it that
 * is then renamed over it, so that a crash never leaves half a file.
 *
 * @example
 * const kept = persistToFile(api, 'db.json')
 * await kept.ready
 * // after each write: kept.changed()
 */
export function persistToFile(api: RecordsHolder, file: string): FilePersistence {
  let timer: ReturnType<typeof setTimeout> | undefined
  let writing: Promise<void> = Promise.resolve()
  const ready = restore(api, file)
  // Awaiting `ready` still rejects; persistence nobody awaits must not end the process with it.
  ready.catch(() => undefined)
  const write = (): Promise<void> => {
    timer = undefined
    // One write at a time, in order: the last one holds the last records.
    writing = writing.then(async () => {
      const temporary = `${file}.${process.pid}.tmp`
      try {
        await writeFile(temporary, `${JSON.stringify(recordsOf(api), null, 2)}\n`)
        await rename(temporary, file)
      } catch (error) {
        console.warn(`[halyard-mock] could not write ${file}: ${(error as Error).message}`)
      }
    })
    return writing
  }
  return {
    file,
    ready,
    changed() {
      if (timer !== undefined) clearTimeout(timer)
      timer = setTimeout(write, DEBOUNCE_MS)
    },
    flush() {
      if (timer === undefined) return writing
      clearTimeout(timer)
      return write()
    },
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
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    throw new RecordsError(`${file} is not valid JSON`)
  }
  try {
    await loadRecords(api, data)
  } catch (error) {
    throw new RecordsError(`${file}: ${(error as Error).message}`)
  }
}
