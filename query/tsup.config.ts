import { defineConfig } from 'tsup'

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  dts: true,
  // Browsers and Node alike, as the SDK and query-core.
  platform: 'neutral',
  target: 'es2022',
  clean: true,
  sourcemap: true,
  // Peers stay imports: the app brings its own SDK and query-core.
  external: ['@halyard/sdk', '@tanstack/query-core'],
})
