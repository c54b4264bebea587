import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The shells know no API: they take any definition, and the Blog API reaches them only through
// its conveniences in src/blog/shells/ (and the CLI's default, through the Blog's entry).
const SRC = fileURLToPath(new URL('../src/', import.meta.url))
const BLOG = join(SRC, 'blog')
const BLOG_SHELLS = join(SRC, 'blog/shells')
const MANIFEST = fileURLToPath(new URL('../package.json', import.meta.url))

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
const isBlogCode = (file: string) => inBlog(file) || file.startsWith(`${BLOG_SHELLS}/`)
const shown = (file: string) => relative(SRC, file)

/** Every module `file` reaches through relative imports, itself included. */
function reachable(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  for (const next of importsOf(file)) reachable(next, seen)
  return seen
}

const SHELLS = sourcesUnder(join(SRC, 'shells'))

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

  it("leave the CLI to take its default, the Blog, from the Blog's public entries alone", () => {
    const entries = publicEntries()
    const offending = sourcesUnder(join(SRC, 'cli')).flatMap((file) =>
      importsOf(file)
        .filter((target) => inBlog(target) && !entries.has(target))
        .map((target) => `${shown(file)} -> ${shown(target)}`),
    )
    expect(offending).toEqual([])
  })

  it('reach no Blog code from the generic server, route, fixture, Node setup and worker', () => {
    const generic = [
      'shells/server/server.ts',
      'shells/playwright/route.ts',
      'shells/playwright/fixture.ts',
      'shells/node/setup.ts',
      'shells/browser/index.ts',
    ].map((file) => join(SRC, file))
    for (const file of generic) {
      const reached = [...reachable(file)].filter(inBlog).map(shown)
      expect(reached, shown(file)).toEqual([])
    }
  })

  it('would see an import of blog/ (the check reads imports as written)', () => {
    const conveniences = sourcesUnder(BLOG_SHELLS)
    expect(conveniences.some((file) => importsOf(file).some(inBlog))).toBe(true)
  })
})

/** The source file of every entry of the package (`exports`, under the `@halyard/source` condition). */
function publicEntries(): Set<string> {
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as {
    exports: Record<string, string | Record<string, string>>
  }
  return new Set(
    Object.values(manifest.exports).flatMap((target) =>
      typeof target === 'object' && target['@halyard/source'] !== undefined
        ? [resolve(dirname(MANIFEST), target['@halyard/source'])]
        : [],
    ),
  )
}

/**
 * The import cycles of a graph (module → the modules it imports), by Tarjan's strongly connected
 * components: each set of more than one module, or a module importing itself.
 */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const found: string[][] = []
  const visit = (file: string): void => {
    index.set(file, index.size)
    low.set(file, index.get(file) ?? 0)
    stack.push(file)
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue
      if (!index.has(next)) {
        visit(next)
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0))
      } else if (stack.includes(next)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0))
      }
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      component.push(member)
      if (member === file) break
    }
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(component.sort())
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return found
}

describe('the import graph of mock/src', () => {
  it('has no cycle, tests included', () => {
    const files = sourcesUnder(SRC)
    expect(files.length).toBeGreaterThan(100)
    const graph = new Map(files.map((file) => [file, importsOf(file)]))
    expect(cycles(graph).map((cycle) => cycle.map(shown))).toEqual([])
  })

  it('would see a cycle, a long one or a self-import', () => {
    const graph = new Map([
      ['index.ts', ['blog/api.ts']],
      ['blog/api.ts', ['blog/definition.ts']],
      ['blog/definition.ts', ['index.ts', 'serve/api.ts']],
      ['serve/api.ts', ['serve/api.ts']],
    ])
    expect(cycles(graph)).toEqual([
      ['serve/api.ts'],
      ['blog/api.ts', 'blog/definition.ts', 'index.ts'],
    ])
  })
})

describe('the command line', () => {
  // A test may run a command to see what a user sees (record/hostile.test.ts).
  const modulesUnder = (room: string) =>
    sourcesUnder(join(SRC, room)).filter((file) => !file.endsWith('.test.ts'))
  const importsInto = (files: readonly string[], rooms: readonly string[]) =>
    files.flatMap((file) =>
      importsOf(file)
        .filter((target) => rooms.some((room) => target.startsWith(join(SRC, room, '/'))))
        .map((target) => `${shown(file)} -> ${shown(target)}`),
    )

  it('is read in cli/ alone: the modules of record/ and verify/ import nothing of cli/', () => {
    const rooms = [...modulesUnder('record'), ...modulesUnder('verify')]
    expect(rooms.length).toBeGreaterThan(20)
    expect(importsInto(rooms, ['cli'])).toEqual([])
  })

  it('leaves remote/, the client of record and verify, importing none of the three', () => {
    expect(importsInto(modulesUnder('remote'), ['cli', 'record', 'verify'])).toEqual([])
  })
})

describe('the Blog API', () => {
  it('is not in the main entry: @halyard/mock reaches no Blog module', () => {
    const reached = [...reachable(join(SRC, 'index.ts'))].filter(isBlogCode).map(shown)
    expect(reached).toEqual([])
  })

  it('imports only public names of the toolkit: from outside blog/, only the package entries', () => {
    const entries = publicEntries()
    expect(entries.has(join(SRC, 'index.ts'))).toBe(true)
    const blogCode = [...sourcesUnder(BLOG), ...sourcesUnder(BLOG_SHELLS)]
    const offending = blogCode.flatMap((file) =>
      importsOf(file)
        .filter((target) => !isBlogCode(target) && !entries.has(target))
        .map((target) => `${shown(file)} -> ${shown(target)}`),
    )
    expect(offending).toEqual([])
  })
})
