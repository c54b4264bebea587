import { writeFileSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import type { HalApiDefinition } from '../definition/api.js'
import { compileApi } from '../model/compile.js'
import { RemoteClient } from '../remote/client.js'
import { tokenHeaderOf } from './engine.js'

/** What a leftovers file holds: the records a run created and could not delete. */
interface LeftoversFile {
  readonly url: string
  readonly records: readonly string[]
}

/**
 * Writes the records a run could not delete to a file, for {@link cleanupLeftovers} (no
 * credentials in it).
 *
 * @example
 * if (report.leftovers.length > 0) await writeLeftovers('leftovers.json', report)
 */
export async function writeLeftovers(
  file: string,
  report: { readonly url: string; readonly leftovers: readonly string[] },
): Promise<void> {
  await writeFile(file, leftoversText(report))
}

/**
 * {@link writeLeftovers} at once, for a process about to end (a second Ctrl-C): nothing is
 * awaited.
 */
export function writeLeftoversNow(
  file: string,
  report: { readonly url: string; readonly leftovers: readonly string[] },
): void {
  writeFileSync(file, leftoversText(report))
}

function leftoversText(report: { readonly url: string; readonly leftovers: readonly string[] }) {
  const content: LeftoversFile = { url: report.url, records: report.leftovers }
  return `${JSON.stringify(content, null, 2)}\n`
}

/**
 * Deletes the records a leftovers file lists (`verify --cleanup <file>`): each with the token, a
 * 404 counting as deleted. Returns what is still left, and the API URL the file names.
 *
 * @example
 * const { left } = await cleanupLeftovers('leftovers.json', { api: shop, token: 'dev-token' })
 */
export async function cleanupLeftovers(
  file: string,
  options: {
    readonly api: HalApiDefinition | { readonly definition: HalApiDefinition }
    readonly headers?: Readonly<Record<string, string>>
    readonly token?: string
  },
): Promise<{ url: string; deleted: string[]; left: string[] }> {
  const content = JSON.parse(await readFile(file, 'utf8')) as Partial<LeftoversFile>
  const records = Array.isArray(content.records) ? content.records.map(String) : []
  const definition = 'definition' in options.api ? options.api.definition : options.api
  const url = typeof content.url === 'string' ? content.url : ''
  if (!URL.canParse(url)) throw new TypeError(`${file} names no API URL: not a leftovers file`)
  // Deletes go to the API's origin only, as every request of a run.
  const client = new RemoteClient({
    root: url,
    headers: options.headers ?? {},
    tokenHeader: tokenHeaderOf(compileApi(definition)),
    token: options.token,
    maxRequests: Number.POSITIVE_INFINITY,
    rate: undefined,
    maxTime: Number.POSITIVE_INFINITY,
    signal: undefined,
  })
  const deleted: string[] = []
  const left: string[] = []
  for (const record of records) {
    const answer = await client.send('DELETE', record, { cleanup: true })
    ;([200, 202, 204, 404, 410].includes(answer.status) ? deleted : left).push(record)
  }
  client.close()
  return { url, deleted, left }
}
