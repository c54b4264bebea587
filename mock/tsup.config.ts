import { defineConfig } from 'tsup'

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    node: 'src/node.ts',
    server: 'src/server/index.ts',
    cli: 'src/server/cli.ts',
  },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts', node: 'src/node.ts', server: 'src/server/index.ts' } },
  target: 'node22',
  clean: true,
  sourcemap: true,
})
