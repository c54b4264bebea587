import { spawnSync } from 'node:child_process'
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { installed, Unavailable } from '../cache.js'
import { startServer } from '../process.js'
import type { Anchor } from './anchor.js'
import { RECORD_PATH, readRecord } from './record.js'

const VERSION = '3.13.2'

/**
 * WireMock 3.13, the jar the `wiremock` npm package ships, run on the machine's Java directly (the
 * package's launcher would put a Node process between the bench and the JVM).
 */
export const wiremock: Anchor = {
  name: `WireMock ${VERSION}`,
  path: RECORD_PATH,
  jit: true,
  note: 'the jar of npm `wiremock`, `--no-request-journal` (else its journal grows with every request)',
  async start() {
    const java = spawnSync('java', ['-version'], { encoding: 'utf8' })
    if (java.status !== 0) throw new Unavailable('WireMock needs Java 11+ on the PATH: none found')
    const dir = await installed(`wiremock-${VERSION}`, [`wiremock@${VERSION}`])
    const build = join(dir, 'node_modules', 'wiremock', 'build')
    const jar = (await readdir(build)).find((file) => file.endsWith('.jar'))
    if (!jar) throw new Unavailable(`no jar in ${build}`)
    const root = join(dir, 'root')
    await mkdir(join(root, 'mappings'), { recursive: true })
    const mapping = {
      request: { method: 'GET', url: RECORD_PATH },
      response: {
        status: 200,
        headers: { 'Content-Type': 'application/hal+json' },
        body: JSON.stringify(await readRecord()),
      },
    }
    await writeFile(join(root, 'mappings', 'article.json'), JSON.stringify(mapping))
    return startServer({
      name: this.name,
      command: 'java',
      args: (port) => [
        '-jar',
        join(build, jar),
        '--port',
        String(port),
        '--bind-address',
        '127.0.0.1',
        '--root-dir',
        root,
        '--disable-banner',
        '--no-request-journal',
      ],
      readyPath: this.path,
    })
  },
}
