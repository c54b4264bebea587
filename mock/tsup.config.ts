import { cp, writeFile } from 'node:fs/promises'
import { defineConfig } from 'tsup'
import { bundleExplorerSdk } from './src/explorer/sdk-bundle.js'

const publicEntries = {
  index: 'src/index.ts',
  kit: 'src/kit.ts',
  node: 'src/shells/node/index.ts',
  browser: 'src/shells/browser/index.ts',
  playwright: 'src/shells/playwright/index.ts',
  server: 'src/shells/server/index.ts',
  blog: 'src/blog/index.ts',
  'blog-node': 'src/blog/shells/node.ts',
  'blog-browser': 'src/blog/shells/browser.ts',
  'blog-playwright': 'src/blog/shells/playwright.ts',
  'blog-server': 'src/blog/shells/server.ts',
  verify: 'src/verify/index.ts',
}

export default defineConfig({
  entry: { ...publicEntries, cli: 'src/cli/main.ts' },
  format: ['esm'],
  dts: { entry: publicEntries },
  target: 'node22',
  clean: true,
  sourcemap: true,
  // Peers stay imports: the user's Playwright and MSW, never a bundled copy.
  // esbuild too: the explorer bundles the SDK with it only when running from the sources.
  external: ['@playwright/test', 'msw', 'esbuild'],
  // `halyard-mock record` reads HAL with the SDK's own reader: bundled from its sources, so the
  // mock builds without the SDK built first.
  esbuildOptions(options) {
    options.conditions = ['@halyard/source']
  },
  // The explorer's page files are served, not bundled: copy them beside the chunk that reads them
  // (src/explorer/explorer.ts), without the type-checking files.
  async onSuccess() {
    await cp('src/explorer/explorer-ui', 'dist/explorer-ui', {
      recursive: true,
      filter: (source) => !/\.(d\.ts|json)$/.test(source),
    })
    // The empty tsconfig.json `--api` compiles a module with when it has no trusted one of its own.
    await cp('src/cli/no-project.tsconfig.json', 'dist/no-project.tsconfig.json')
    // The SDK's HAL reading, which the page imports as ./sdk.js.
    await writeFile('dist/explorer-ui/sdk.js', await bundleExplorerSdk(process.cwd()))
  },
})
