import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitepress'
import { repositoryLinks } from './repository-links.js'
import { guideSidebar, internalsSidebar, referenceSidebar } from './sidebar.js'
import { githubSlug } from './slug.js'

const DOCS = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '')
const ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '')
const REPOSITORY = 'https://github.com/halyard-dev/halyard'

// The site of https://halyard-dev.github.io/halyard/. The sidebars are read from the folders when
// the site is built, so a new guide or API module needs no change here. Dead links fail the build
// (VitePress's own check for pages, repository-links.ts for files outside the docs,
// tools/docs-links.ts for anchors after the build).
export default defineConfig({
  title: 'Halyard',
  description:
    'Mock, navigate and test HAL APIs in TypeScript: a stateful mock on MSW, a typed client on ky.',
  base: '/halyard/',
  lang: 'en',
  srcExclude: ['**/README.md'],
  ignoreDeadLinks: false,
  lastUpdated: false,
  // Anchors as GitHub makes them, so a link to `page.md#anchor` works in both places.
  markdown: {
    anchor: { slugify: githubSlug },
    // A link to a repository file outside the docs leads to it on GitHub, as it does on GitHub.
    config: (md) =>
      repositoryLinks(md, { docs: DOCS, root: ROOT, repository: REPOSITORY, branch: 'main' }),
    theme: { light: 'github-light', dark: 'github-dark' },
  },
  // The local search index is one chunk; it is loaded only when the search opens.
  vite: { build: { chunkSizeWarningLimit: 2000 } },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/getting-started' },
      { text: 'Reference', link: '/reference/' },
      { text: 'Internals', link: '/internals/' },
    ],
    sidebar: {
      '/guide/': guideSidebar(DOCS),
      '/reference/': referenceSidebar(DOCS),
      '/api': referenceSidebar(DOCS),
      '/internals/': internalsSidebar(DOCS),
    },
    outline: { level: [2, 3] },
    search: { provider: 'local' },
    socialLinks: [{ icon: 'github', link: REPOSITORY }],
    editLink: { pattern: `${REPOSITORY}/edit/main/docs/:path` },
  },
})
