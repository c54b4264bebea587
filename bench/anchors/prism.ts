import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { binOf, installed } from '../cache.js'
import { startServer } from '../process.js'
import type { Anchor } from './anchor.js'
import { articleDocument } from './openapi.js'
import { RECORD_PATH, readRecord } from './record.js'

const VERSION = '5.16.0'

/** Prism 5.16 mocking from an OpenAPI document whose example is the record. */
export const prism: Anchor = {
  name: `Prism ${VERSION}`,
  path: RECORD_PATH,
  note: '`prism mock` (static examples) of bench/anchors/openapi.ts',
  async start() {
    const dir = await installed(`prism-${VERSION}`, [`@stoplight/prism-cli@${VERSION}`])
    const document = join(dir, 'openapi.json')
    await writeFile(document, JSON.stringify(articleDocument(await readRecord())))
    const bin = await binOf(dir, '@stoplight/prism-cli', 'prism')
    return startServer({
      name: this.name,
      command: process.execPath,
      args: (port) => [bin, 'mock', document, '--host', '127.0.0.1', '--port', String(port)],
      readyPath: this.path,
    })
  },
}
