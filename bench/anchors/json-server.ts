import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { binOf, installed } from '../cache.js'
import { startServer } from '../process.js'
import type { Anchor } from './anchor.js'
import { readRecord } from './record.js'

const VERSION = '0.17.4'

/** json-server 0.17, serving the record from a one-article db.json. */
export const jsonServer: Anchor = {
  name: `json-server ${VERSION}`,
  path: '/articles/1',
  note: '`--quiet`, db.json with the record as articles[0]',
  async start() {
    const dir = await installed(`json-server-${VERSION}`, [`json-server@${VERSION}`])
    const db = join(dir, 'db.json')
    await writeFile(db, JSON.stringify({ articles: [await readRecord()] }))
    const bin = await binOf(dir, 'json-server')
    return startServer({
      name: this.name,
      command: process.execPath,
      args: (port) => [bin, db, '--port', String(port), '--host', '127.0.0.1', '--quiet'],
      readyPath: this.path,
    })
  },
}
