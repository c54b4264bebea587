import { defineConfig } from 'tsup'

export default defineConfig({
  entry: { index: 'src/index.ts', forms: 'src/hal-forms.ts', blog: 'src/blog/index.ts' },
  format: ['esm'],
  dts: true,
  // Browsers and Node alike: the SDK uses fetch, URL and Headers only.
  platform: 'neutral',
  target: 'es2022',
  clean: true,
  sourcemap: true,
})
