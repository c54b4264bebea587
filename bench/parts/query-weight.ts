import { formatBytes, goal, type Table } from '../report.js'
import type { Part } from './part.js'
import { type Subject, type Weight, weigh } from './weight.js'

const BASE = [`export * from '@halyard/sdk'`, `export * from '@tanstack/query-core'`]

/** What an app that uses TanStack Query over the SDK bundles, without and with `@halyard/query`. */
const SUBJECTS: readonly Subject[] = [
  { name: '@halyard/sdk + @tanstack/query-core', entry: BASE.join('\n') },
  {
    name: '@halyard/sdk + @tanstack/query-core + @halyard/query',
    entry: [...BASE, `export * from '@halyard/query'`].join('\n'),
  },
]

/** The goal of the package: what it adds on top of the SDK and query-core, gzipped. */
const BUDGET = 3 * 1024

/** Part 4b: what `@halyard/query` adds to a browser bundle that already has the SDK and query-core. */
export const queryWeightPart: Part = {
  name: 'query-weight',
  title: '4b. @halyard/query weight: what it adds to the SDK and query-core',
  async run(context) {
    const weights: Weight[] = []
    for (const subject of SUBJECTS) {
      context.progress(`bundling ${subject.name}`)
      weights.push(await weigh(subject))
    }
    const [base, withQuery] = weights
    const added = (key: 'minified' | 'gzipped') =>
      base?.[key] !== undefined && withQuery?.[key] !== undefined
        ? withQuery[key] - base[key]
        : undefined
    const table: Table = {
      title: 'esbuild --bundle --minify --format=esm --platform=browser, then gzip -9',
      columns: ['bundle', 'minified', 'min + gzip'],
      rows: [
        ...weights.map((weight) => [
          weight.name,
          formatBytes(weight.minified),
          formatBytes(weight.gzipped),
        ]),
        ['added by @halyard/query', formatBytes(added('minified')), formatBytes(added('gzipped'))],
      ],
      notes: [
        '- Each bundle holds the whole public entries (`export * from …`), the workspace packages from their sources.',
        ...weights.filter((w) => w.failure).map((w) => `- Not run, ${w.name}: ${w.failure}`),
      ],
    }
    return {
      tables: [table],
      goals: [goal('@halyard/query added, gzipped', added('gzipped'), { atMost: BUDGET }, ' B')],
      figures: { weights, added: { minified: added('minified'), gzipped: added('gzipped') } },
    }
  },
}
