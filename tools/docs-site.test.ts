import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { repositoryUrl } from '../docs/.vitepress/repository-links.js'
import { guideSidebar } from '../docs/.vitepress/sidebar.js'
import { githubSlug } from '../docs/.vitepress/slug.js'
import { entriesOf, entryPoints, joinTagLines, typedocName } from './docs-api.js'
import {
  deadLinksInMarkdown,
  deadLinksInSite,
  deadRepositoryLinks,
  REPOSITORY_FILES,
} from './docs-links.js'

// The docs build's own parts: what the API reference is generated from, the sidebar read from the
// folder, and the link check that fails the build.
let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'halyard-docs-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

async function files(tree: Record<string, string>) {
  for (const [path, text] of Object.entries(tree)) {
    await mkdir(dirname(join(dir, path)), { recursive: true })
    await writeFile(join(dir, path), text)
  }
}

describe('the API reference', () => {
  it('documents every entry of every workspace manifest, by the specifier users import', async () => {
    const specifiers = (await entryPoints()).map((e) => e.specifier)
    expect(specifiers).toEqual(
      expect.arrayContaining([
        '@halyard/mock',
        '@halyard/mock/node',
        '@halyard/mock/server',
        '@halyard/mock/browser',
        '@halyard/mock/playwright',
        '@halyard/mock/blog',
        '@halyard/mock/blog/node',
        '@halyard/sdk',
        '@halyard/sdk/blog',
      ]),
    )
    expect(specifiers).not.toContain('@halyard/mock/package.json')
  })

  it('takes the source file of each export, and names modules as TypeDoc does', () => {
    const entries = entriesOf(
      {
        name: '@halyard/query',
        exports: {
          '.': { '@halyard/source': './src/index.ts', default: './dist/index.js' },
          './react': { '@halyard/source': './src/react/index.ts' },
          './package.json': './package.json',
        },
      },
      'query',
    )
    expect(entries).toEqual([
      { package: '@halyard/query', specifier: '@halyard/query', source: 'query/src/index.ts' },
      {
        package: '@halyard/query',
        specifier: '@halyard/query/react',
        source: 'query/src/react/index.ts',
      },
    ])
    expect(entries.map((e) => typedocName(e, entries))).toEqual(['.', 'react'])
    const sdk = { package: '@halyard/sdk', specifier: '@halyard/sdk', source: 'sdk/src/index.ts' }
    expect(typedocName(sdk, [sdk, ...entries])).toBe('sdk/src')
  })
})

describe('the generated Markdown', () => {
  it('never starts a paragraph line with a tag, which VitePress would read as HTML', () => {
    const markdown = [
      'Runs as `halyard-mock --api',
      '<module>` from the command line.',
      '',
      '```ts',
      '<not joined>',
      '```',
      '| a |',
      '<b>',
    ].join('\n')
    expect(joinTagLines(markdown).split('\n')).toEqual([
      'Runs as `halyard-mock --api <module>` from the command line.',
      '',
      '```ts',
      '<not joined>',
      '```',
      '| a |',
      '<b>',
    ])
  })
})

describe('the guides sidebar', () => {
  it('lists every page of docs/guide: known ones in their groups, any other under More guides', async () => {
    await files({
      'guide/getting-started.md': '# Getting started\n',
      'guide/mock-in-node.md': '# Mock in Node tests\n',
      'guide/shells.md': '---\ntitle: One factory per host\n---\n\n# Shells\n',
      'guide/zeta.md': 'No heading here\n',
    })
    expect(guideSidebar(dir)).toEqual([
      { text: 'Start', items: [{ text: 'Getting started', link: '/guide/getting-started' }] },
      {
        text: 'Mock an API',
        items: [
          { text: 'Mock in Node tests', link: '/guide/mock-in-node' },
          { text: 'One factory per host', link: '/guide/shells' },
        ],
      },
      { text: 'More guides', items: [{ text: 'zeta', link: '/guide/zeta' }] },
    ])
  })
})

describe('the link check', () => {
  it('finds links to missing pages and anchors in the built site, and passes the others', async () => {
    await files({
      'index.html': [
        '<h1 id="top">Home</h1>',
        '<a href="/site/guide/a.html#usage">ok</a>',
        '<a href="/site/guide/a.html#nowhere">anchor</a>',
        '<a href="/site/guide/missing.html">page</a>',
        '<a href="guide/">folder</a>',
        '<a href="#top">self</a>',
        '<a href="https://example.com/x">external</a>',
        '<pre><a href="/site/in-code.html">code</a></pre>',
      ].join('\n'),
      'guide/a.html': '<h2 id="usage">Usage</h2>',
      'guide/index.html': '<h1 id="guide">Guide</h1>',
    })
    expect(deadLinksInSite(dir, '/site/')).toEqual([
      {
        page: 'index.html',
        href: '/site/guide/a.html#nowhere',
        reason: 'no #nowhere on guide/a.html',
      },
      { page: 'index.html', href: '/site/guide/missing.html', reason: 'no such page' },
    ])
  })

  it('reads repository Markdown as GitHub does: files relative to it, anchors from headings', async () => {
    await files({
      'README.md': [
        '[guide](docs/guide.md#the-seeds-quirks)',
        '[bad anchor](docs/guide.md#quirks)',
        '[missing](docs/gone.md)',
        '[here](#halyard)',
        '```md',
        '[in a fence](nowhere.md)',
        '```',
        '# Halyard',
      ].join('\n'),
      'docs/guide.md': "# Guide\n\n## The seed's quirks\n",
    })
    expect(deadLinksInMarkdown(dir, 'README.md')).toEqual([
      {
        page: 'README.md',
        href: 'docs/guide.md#quirks',
        reason: 'no heading #quirks in docs/guide.md',
      },
      { page: 'README.md', href: 'docs/gone.md', reason: 'no such file' },
    ])
  })

  it("checks a page's links to the repository's files on GitHub against the repository", async () => {
    await files({
      'docs/guide/a.md': [
        `[ok](${REPOSITORY_FILES}examples/shop/api.ts#L3)`,
        `[relative written absolute](${REPOSITORY_FILES}./your-own-api.md)`,
      ].join('\n'),
      'examples/shop/api.ts': '',
    })
    expect(deadRepositoryLinks(dir, 'docs/guide/a.md')).toEqual([
      {
        page: 'docs/guide/a.md',
        href: `${REPOSITORY_FILES}./your-own-api.md`,
        reason: 'no such file in the repository',
      },
    ])
  })

  it('finds no docs page linking a repository file that is not there', async () => {
    const root = fileURLToPath(new URL('..', import.meta.url))
    const guide = await readdir(join(root, 'docs/guide'))
    const dead = guide
      .filter((name) => name.endsWith('.md'))
      .flatMap((name) => deadRepositoryLinks(root, `docs/guide/${name}`))
    expect(dead).toEqual([])
  })

  it("checks a README's links to the published site against the built site", async () => {
    await files({
      'README.md': [
        '[ok](https://site.test/docs/guide/a.html#usage)',
        '[folder](https://site.test/docs/guide/)',
        '[gone](https://site.test/docs/guide/b.html)',
        '[anchor](https://site.test/docs/guide/a.html#nowhere)',
        '[elsewhere](https://other.test/x.html)',
      ].join('\n'),
      'dist/guide/a.html': '<h2 id="usage">Usage</h2>',
      'dist/guide/index.html': '<h1 id="guide">Guide</h1>',
    })
    const site = { url: 'https://site.test/docs/', dist: join(dir, 'dist') }
    expect(deadLinksInMarkdown(dir, 'README.md', site)).toEqual([
      {
        page: 'README.md',
        href: 'https://site.test/docs/guide/b.html',
        reason: 'no such page on the site',
      },
      {
        page: 'README.md',
        href: 'https://site.test/docs/guide/a.html#nowhere',
        reason: 'no #nowhere on guide/a.html',
      },
    ])
  })

  it('makes anchors as GitHub does, so the site and GitHub agree', () => {
    expect(githubSlug("The seed's quirks")).toBe('the-seeds-quirks')
    expect(githubSlug('`createBlogApi(options)` — `@halyard/mock`')).toBe(
      'createblogapioptions--halyardmock',
    )
    expect(githubSlug('Partial update (ext)')).toBe('partial-update-ext')
  })
})

describe('links from the site to repository files', () => {
  it('lead to the file or folder on GitHub, and fail the build when there is none', async () => {
    await files({ 'docs/guide/a.md': '', 'examples/shop/api.ts': '' })
    const options = {
      docs: join(dir, 'docs'),
      root: dir,
      repository: 'https://github.com/o/r',
      branch: 'main',
    }
    const page = join(dir, 'docs/guide/a.md')
    expect(repositoryUrl('../../examples/shop/api.ts#L3', page, options)).toBe(
      'https://github.com/o/r/blob/main/examples/shop/api.ts#L3',
    )
    expect(repositoryUrl('../../examples/shop/', page, options)).toBe(
      'https://github.com/o/r/tree/main/examples/shop',
    )
    // Pages of the site, anchors and URLs are the site's own business.
    for (const href of ['./b.md', '../api.md#x', '#here', 'https://x.test/', '/guide/b']) {
      expect(repositoryUrl(href, page, options), href).toBeUndefined()
    }
    expect(() => repositoryUrl('../../examples/gone.ts', page, options)).toThrow(
      'Dead link ../../examples/gone.ts in docs/guide/a.md',
    )
    expect(() => repositoryUrl('../../../outside.md', page, options)).toThrow(/Dead link/)
  })
})
