import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// A package's README is what npm shows and what lands in node_modules, where no repository is
// around it: every link must be absolute, and the manifest must say where the project lives.
// Packed without scripts (no build), as only the README and the manifest are read.
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const run = promisify(execFile)

interface Manifest {
  name: string
  private?: boolean
  workspaces?: string[]
  repository?: { type?: string; url?: string; directory?: string } | string
  homepage?: string
  bugs?: { url?: string } | string
}

/**
 * The links of a Markdown text that are not absolute URLs (nor in-page anchors, which npm keeps),
 * in inline (`[a](b)`), reference (`[a]: b`) and HTML (`href=`, `src=`) form.
 *
 * @example
 * relativeLinks('[docs](../README.md) [npm](https://npmjs.com)') // ['../README.md']
 */
export function relativeLinks(markdown: string): string[] {
  const text = markdown.replace(/^\s*```[\s\S]*?^\s*```/gm, '')
  const targets = [
    ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
    ...[...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]),
    ...[...text.matchAll(/\b(?:href|src)\s*=\s*["']([^"']+)["']/g)].map((m) => m[1]),
  ]
  return targets.filter(
    (target): target is string =>
      target !== undefined && !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'),
  )
}

const root = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as Manifest
const workspaces = root.workspaces ?? []
let dir = ''
const readmes = new Map<string, string>()

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'halyard-readmes-'))
  const args = ['pack', '--json', '--ignore-scripts', '--pack-destination', dir]
  const { stdout } = await run('npm', [...args, ...workspaces.flatMap((w) => ['--workspace', w])], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  })
  const packed = JSON.parse(stdout.slice(stdout.indexOf('['))) as {
    name: string
    filename: string
  }[]
  for (const { name, filename } of packed) {
    const tarball = join(dir, filename.replace(/^@/, '').replace('/', '-'))
    const { stdout: readme } = await run('tar', ['-xzOf', tarball, 'package/README.md'])
    readmes.set(name, readme)
  }
}, 120_000)

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('the packed READMEs', () => {
  it('are in every workspace tarball', async () => {
    const names = await Promise.all(
      workspaces.map(
        async (w) =>
          (JSON.parse(await readFile(join(ROOT, w, 'package.json'), 'utf8')) as Manifest).name,
      ),
    )
    expect([...readmes.keys()].sort()).toEqual(names.sort())
  })

  it.each(workspaces)('of %s link only to absolute URLs', async (workspace) => {
    const manifest = JSON.parse(
      await readFile(join(ROOT, workspace, 'package.json'), 'utf8'),
    ) as Manifest
    const readme = readmes.get(manifest.name)
    expect(readme, manifest.name).toBeDefined()
    expect(relativeLinks(readme ?? '')).toEqual([])
  })

  it.each(workspaces)('of %s come with repository, homepage and bugs', async (workspace) => {
    const manifest = JSON.parse(
      await readFile(join(ROOT, workspace, 'package.json'), 'utf8'),
    ) as Manifest
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
