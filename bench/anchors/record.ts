import { readFile } from 'node:fs/promises'

/** Where every anchor serves the record (json-server excepted: its routes are its own). */
export const RECORD_PATH = '/api/v1.2/blogs/1/articles/1'

/** The one small JSON article every anchor serves: the mock's article 1, as the mock answers it. */
export async function readRecord(): Promise<Record<string, unknown>> {
  const url = new URL('../servers/record.json', import.meta.url)
  return JSON.parse(await readFile(url, 'utf8')) as Record<string, unknown>
}
