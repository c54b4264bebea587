import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The shells know no API: they take any definition, and the Blog API reaches them only through
// its conveniences in src/blog-shells/ (and the CLI's default, through the package's entry).
const SRC = fileURLToPath(new URL('../src/', import.meta.url))
const BLOG = join(SRC, 'blog')

/** The relative modules a source file imports or re-exports, as absolute paths of .ts files. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8')
  const specifiers = [
    ...source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'/g),
    ...source.matchAll(/(?:^|\n)\s*import\s+'([^']+)'/g),
    ...source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g),
  ].map((match) => match[1] ?? '')
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolve(dirname(file), specifier.replace(/\.js$/, '.ts')))
}

function sourcesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .map((name) => join(folder, name))
}

const inBlog = (file: string) => file.startsWith(`${BLOG}/`)
const shown = (file: string) => relative(SRC, file)

/** Every module `file` reaches through relative imports, itself included. */
function reachable(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  for (const next of importsOf(file)) reachable(next, seen)
  return seen
}

const SHELLS = [
  ...sourcesUnder(join(SRC, 'server')),
  ...sourcesUnder(join(SRC, 'playwright')),
  ...sourcesUnder(join(SRC, 'node')),
  join(SRC, 'node.ts'),
  join(SRC, 'browser.ts'),
]

describe('the shells', () => {
  it('import nothing from blog/, tests included', () => {
    expect(SHELLS.length).toBeGreaterThan(10)
    const offending = SHELLS.flatMap((file) =>
      importsOf(file)
        .filter(inBlog)
        .map((target) => `${shown(file)} -> ${shown(target)}`),
    )
    expect(offending).toEqual([])
  })

  it('reach no Blog code from the generic server, route, fixture, Node setup and worker', () => {
    const generic = [
      'server/server.ts',
      'playwright/route.ts',
      'playwright/fixture.ts',
      'node/setup.ts',
      'browser.ts',
    ].map((file) => join(SRC, file))
    for (const file of generic) {
      const reached = [...reachable(file)].filter(inBlog).map(shown)
      expect(reached, shown(file)).toEqual([])
    }
  })

  it('would see an import of blog/ (the check reads imports as written)', () => {
    const conveniences = sourcesUnder(join(SRC, 'blog-shells'))
    expect(conveniences.some((file) => importsOf(file).some(inBlog))).toBe(true)
  })
})
