import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitepress'
import { guideSidebar, internalsSidebar, referenceSidebar } from './sidebar.js'
import { githubSlug } from './slug.js'

const DOCS = fileURLToPath(new URL('..', import.meta.url))
const REPOSITORY = 'https://github.com/halyard-dev/halyard'

// The site of https://halyard-dev.github.io/halyard/. The sidebars are read from the folders when
// the site is built, so a new guide or API module needs no change here. Dead links fail the build
// (VitePress's own check for pages, tools/docs-links.ts for anchors after it).
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
