/**
 * The TypeScript snippets of the repository's READMEs and of the docs site's pages, so that a test
 * can type-check and run them.
 * A fenced block whose info string is `ts` or `typescript` is a snippet; `ts fragment` marks one
 * that is not a whole file on purpose (none today: prefer a snippet that runs as pasted), which is
 * left out.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

export interface Snippet {
  /** README path from the repository root, and the line of the opening fence. */
  readme: string
  line: number
  code: string
  /** How it is checked beyond the type-check: see {@link howToRun}. */
  run: 'vitest' | 'node' | 'typecheck-only'
}

// Entries (and their subpaths) that need a browser, Playwright's runner or Vite: type-checked, not run.
const NOT_IN_NODE = [
  '@halyard/mock/browser',
  '@halyard/mock/playwright',
  '@halyard/mock/blog/browser',
  '@halyard/mock/blog/playwright',
  'msw/vite',
  '@playwright/test',
]

/**
 * A snippet that imports from `vitest` runs as a test file; one that imports an entry needing a
 * browser, Playwright or Vite is only type-checked; any other runs as a Node script.
 *
 * @example
 * howToRun("import { it } from 'vitest'") // 'vitest'
 */
export function howToRun(code: string): Snippet['run'] {
  const imports = [...code.matchAll(/^import [^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1])
  if (imports.includes('vitest')) return 'vitest'
  const browserOnly = (name: string) =>
    NOT_IN_NODE.some((entry) => name === entry || name.startsWith(`${entry}/`))
  if (imports.some((name) => name !== undefined && browserOnly(name))) {
    return 'typecheck-only'
  }
  return 'node'
}

/**
 * Every snippet of `markdown`, indented ones (in a list) included.
 *
 * @example
 * snippetsOf('README.md', '```ts\nconst a = 1\n```\n')
 */
export function snippetsOf(readme: string, markdown: string): Snippet[] {
  const snippets: Snippet[] = []
  // `ts` or `typescript` exactly: a `tsx` block (a component) is not a file this check can run.
  const fence = /^( *)```(ts|typescript)((?:[ \t][^\n]*)?)\n([\s\S]*?)^\1```/gm
  for (const match of markdown.matchAll(fence)) {
    const [, indent = '', , info = '', body = ''] = match
    if (info.trim().split(/\s+/).includes('fragment')) continue
    const code = body
      .split('\n')
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
      .join('\n')
    const line = markdown.slice(0, match.index).split('\n').length
    snippets.push({ readme, line, code, run: howToRun(code) })
  }
  return snippets
}

/**
 * Every README.md under `root` (outside node_modules, dist and dot folders).
 *
 * @example
 * await readmes('/work/halyard') // ['README.md', 'examples/browser/README.md', …]
 */
export async function readmes(root: string, under = ''): Promise<string[]> {
  const found: string[] = []
  for (const entry of await readdir(join(root, under), { withFileTypes: true })) {
    const path = under ? `${under}/${entry.name}` : entry.name
    if (entry.isFile() && entry.name === 'README.md') found.push(path)
    const skipped = entry.name.startsWith('.') || ['node_modules', 'dist'].includes(entry.name)
    if (entry.isDirectory() && !skipped) found.push(...(await readmes(root, path)))
  }
  return found.sort()
}

/**
 * Every Markdown page of the docs site under `root`'s `docs/`, but the API reference, which
 * TypeDoc generates from the TSDoc (its examples are checked where they are written).
 *
 * @example
 * await docsPages('/work/halyard') // ['docs/api.md', 'docs/guide/getting-started.md', …]
 */
export async function docsPages(root: string, under = 'docs'): Promise<string[]> {
  const found: string[] = []
  for (const entry of await readdir(join(root, under), { withFileTypes: true })) {
    const path = `${under}/${entry.name}`
    if (entry.isFile() && entry.name.endsWith('.md') && entry.name !== 'README.md') found.push(path)
    const skipped =
      entry.name.startsWith('.') || entry.name === 'node_modules' || path === 'docs/reference/api'
    if (entry.isDirectory() && !skipped) found.push(...(await docsPages(root, path)))
  }
  return found.sort()
}

/** The snippets of every README and every docs page under `root`. */
export async function allSnippets(root: string): Promise<Snippet[]> {
  const found: Snippet[] = []
  for (const readme of [...(await readmes(root)), ...(await docsPages(root))]) {
    found.push(...snippetsOf(readme, await readFile(join(root, readme), 'utf8')))
  }
  return found
}
