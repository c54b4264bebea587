import { readFile, writeFile } from 'node:fs/promises'
import type { HalApiDefinition } from '../definition/api.js'
import { compileApi } from '../model/compile.js'
import { VerifyClient } from './client.js'
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
  const content: LeftoversFile = { url: report.url, records: report.leftovers }
  await writeFile(file, `${JSON.stringify(content, null, 2)}\n`)
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
  const client = new VerifyClient({
    headers: options.headers ?? {},
    tokenHeader: tokenHeaderOf(compileApi(definition)),
    token: options.token,
    maxRequests: Number.POSITIVE_INFINITY,
    rate: undefined,
    maxTime: Number.POSITIVE_INFINITY,
    signal: undefined,
    onRequest: () => {},
  })
  const deleted: string[] = []
  const left: string[] = []
  for (const url of records) {
    const answer = await client.send('DELETE', url, { cleanup: true })
    ;([200, 202, 204, 404, 410].includes(answer.status) ? deleted : left).push(url)
  }
  return { url: typeof content.url === 'string' ? content.url : '', deleted, left }
}
