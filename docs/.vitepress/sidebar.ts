import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { DefaultTheme } from 'vitepress'

/**
 * The guides' sidebar, read from the folder when the site is built, so a new guide appears
 * without touching the config. Known pages are grouped in reading order; any other page of the
 * folder follows under "More guides".
 */
const GROUPS: readonly (readonly [string, readonly string[]])[] = [
  ['Start', ['getting-started', 'first-hour']],
  [
    'Mock an API',
    [
      'mock-in-node',
      'mock-in-browser',
      'mock-in-playwright',
      'mock-server',
      'shells',
      'your-own-api',
      'defining-an-api',
      'recording',
      'record-from-the-browser',
      'api-model',
    ],
  ],
  ['Use the SDK', ['sdk', 'typed-client', 'sdk-protocol', 'tanstack-query']],
  ['Test', ['testing-real-servers', 'ci-against-staging', 'example-app']],
]

/** A page's title: its frontmatter `title`, else its first `# ` heading, else its file name. */
export function titleOf(file: string): string {
  const text = readFileSync(file, 'utf8')
  const front = /^---\n[\s\S]*?^title:\s*(.+)$[\s\S]*?^---$/m.exec(text)
  const heading = /^# (.+)$/m.exec(text)
  const title = front?.[1] ?? heading?.[1] ?? file.replace(/^.*\//, '').replace(/\.md$/, '')
  return title.replace(/`/g, '').trim()
}

/** The pages (file names without `.md`) of a folder of the site, sorted. */
export function pagesIn(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md') && name !== 'index.md')
    .map((name) => name.slice(0, -3))
    .sort()
}

/** The guide sidebar: known pages in their groups, then every other page of `docs/guide/`. */
export function guideSidebar(docs: string): DefaultTheme.SidebarItem[] {
  const dir = join(docs, 'guide')
  const present = new Set(pagesIn(dir))
  const item = (page: string) => ({
    text: titleOf(join(dir, `${page}.md`)),
    link: `/guide/${page}`,
  })
  const groups: DefaultTheme.SidebarItem[] = []
  const placed = new Set<string>()
  for (const [text, pages] of GROUPS) {
    const items = pages.filter((page) => present.has(page)).map(item)
    for (const page of pages) placed.add(page)
    if (items.length > 0) groups.push({ text, items })
  }
  const others = [...present].filter((page) => !placed.has(page)).map(item)
  if (others.length > 0) groups.push({ text: 'More guides', items: others })
  return groups
}

/** The reference sidebar: the hand-written pages, then one entry per generated API module. */
export function referenceSidebar(docs: string): DefaultTheme.SidebarItem[] {
  const api = join(docs, 'reference/api')
  const modules: DefaultTheme.SidebarItem[] = []
  // typedoc-plugin-markdown writes one folder per package and per sub-entry (`mock/node`).
  const walk = (folder: string, specifier: string) => {
    if (existsSync(join(api, folder, 'index.md'))) {
      modules.push({ text: specifier, link: `/reference/api/${folder}/` })
    }
    for (const entry of readdirSync(join(api, folder), { withFileTypes: true })) {
      const sub = join(api, folder, entry.name)
      const isEntry = entry.isDirectory() && existsSync(join(sub, 'index.md'))
      if (isEntry) walk(`${folder}/${entry.name}`, `${specifier}/${entry.name}`)
    }
  }
  if (existsSync(api)) {
    for (const entry of readdirSync(api, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(entry.name, `@halyard/${entry.name}`)
    }
  }
  return [
    {
      text: 'Reference',
      items: [
        { text: 'Overview', link: '/reference/' },
        { text: 'The Blog API v1.2', link: '/api' },
        ...pagesIn(join(docs, 'reference')).map((page) => ({
          text: titleOf(join(docs, 'reference', `${page}.md`)),
          link: `/reference/${page}`,
        })),
      ],
    },
    { text: 'API (from the TSDoc)', link: '/reference/api/', items: modules },
  ]
}

/** The internals sidebar: every page of `docs/internals/`, overview first. */
export function internalsSidebar(docs: string): DefaultTheme.SidebarItem[] {
  const dir = join(docs, 'internals')
  return [
    {
      text: 'Internals',
      items: [
        { text: 'Overview', link: '/internals/' },
        ...pagesIn(dir).map((page) => ({
          text: titleOf(join(dir, `${page}.md`)),
          link: `/internals/${page}`,
        })),
      ],
    },
  ]
}
