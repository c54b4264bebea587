import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { relativeLinks } from './markdown-links.js'

// What npm shows of each package: its README (packed as it is in the workspace folder; the
// installed tarballs' copies are checked again in packages.test.ts) and where the project lives.
const ROOT = fileURLToPath(new URL('..', import.meta.url))

interface Manifest {
  name: string
  workspaces?: string[]
  repository?: { type?: string; url?: string; directory?: string } | string
  homepage?: string
  bugs?: { url?: string } | string
}

const read = async (path: string) =>
  JSON.parse(await readFile(join(ROOT, path), 'utf8')) as Manifest
const workspaces = (await read('package.json')).workspaces ?? []

describe('each package as npm shows it', () => {
  it.each(workspaces)('%s: its README links only to absolute URLs', async (workspace) => {
    const readme = await readFile(join(ROOT, workspace, 'README.md'), 'utf8')
    expect(relativeLinks(readme)).toEqual([])
  })

  it.each(workspaces)('%s: its manifest names repository, homepage and bugs', async (workspace) => {
    const manifest = await read(join(workspace, 'package.json'))
    const repository = typeof manifest.repository === 'string' ? {} : (manifest.repository ?? {})
    expect(repository.url, `${manifest.name} repository.url`).toMatch(/^git\+https:\/\//)
    expect(repository.directory, `${manifest.name} repository.directory`).toBe(workspace)
    expect(manifest.homepage, `${manifest.name} homepage`).toMatch(/^https:\/\//)
    const bugs = typeof manifest.bugs === 'string' ? manifest.bugs : manifest.bugs?.url
    expect(bugs, `${manifest.name} bugs`).toMatch(/^https:\/\//)
  })
})

describe('relativeLinks', () => {
  it('finds inline, reference and HTML links that are not absolute, outside code fences', () => {
    const markdown = [
      '[a](../README.md) [b](https://x.test/y) [c](#here) [d](docs/api.md "title")',
      '[ref]: ./guide.md',
      '<img src="docs/shot.png"> <a href="mailto:x@y.test">mail</a>',
      '```md',
      '[in a fence](nowhere.md)',
      '```',
    ].join('\n')
    expect(relativeLinks(markdown)).toEqual([
      '../README.md',
      'docs/api.md',
      './guide.md',
      'docs/shot.png',
    ])
  })
})
