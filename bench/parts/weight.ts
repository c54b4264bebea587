import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { installed } from '../cache.js'
import { ROOT } from '../implementation.js'
import { formatBytes, formatRatio, goal, MISSING, ratio, type Table } from '../report.js'
import type { Part } from './part.js'

/** A library bundled for the browser: its entry module, and where its packages are installed. */
export interface Subject {
  readonly name: string
  /** The entry module's code, importing the library's whole public entry. */
  readonly entry: string
  /** The directory whose node_modules hold it; `undefined`: the project's. */
  readonly install?: { readonly name: string; readonly packages: readonly string[] }
  readonly alias?: Record<string, string>
  readonly note?: string
}

const KETTING = '8.0.0'
const TRAVERSON = '8.0.3'
const TRAVERSON_HAL = '8.1.1'

/** What a read-only app calls: a client, a followed rel, a read and a walk through the items. */
const READ_ONLY = [
  `import { createClient } from '@halyard/sdk'`,
  `const root = createClient({ baseUrl: location.origin }).go()`,
  `const list = root.follow('items')`,
  `console.log(await list.get())`,
  `for await (const item of list.items()) console.log(item.data)`,
].join('\n')

const SUBJECTS: readonly Subject[] = [
  { name: '@halyard/sdk', entry: `export * from '@halyard/sdk'` },
  {
    name: '@halyard/sdk, read only',
    entry: READ_ONLY,
    note: '`createClient` + `follow` + `get` + `items` called, nothing else imported',
  },
  { name: '@halyard/sdk/blog', entry: `export * from '@halyard/sdk/blog'` },
  { name: 'ky (the SDK’s dependency)', entry: `export { default } from 'ky'` },
  {
    name: `Ketting ${KETTING}`,
    entry: `export * from 'ketting'`,
    install: {
      name: `ketting-${KETTING}`,
      packages: [`ketting@${KETTING}`, 'events@3.3.0', 'querystring-es3@0.2.1'],
    },
    // Ketting imports Node's `events` and `querystring`: a browser build needs these polyfills.
    alias: { querystring: 'querystring-es3' },
    note: 'needs the `events` and `querystring-es3` polyfills (installed with it, querystring aliased)',
  },
  {
    name: `Traverson ${TRAVERSON} + traverson-hal ${TRAVERSON_HAL}`,
    entry: [
      `import traverson from 'traverson'`,
      `import JsonHalAdapter from 'traverson-hal'`,
      'traverson.registerMediaType(JsonHalAdapter.mediaType, JsonHalAdapter)',
      'export default traverson',
    ].join('\n'),
    install: {
      name: `traverson-${TRAVERSON}`,
      packages: [`traverson@${TRAVERSON}`, `traverson-hal@${TRAVERSON_HAL}`],
    },
    note: 'the HAL media type registered, as traverson-hal’s README does',
  },
]

export interface Weight {
  readonly name: string
  readonly minified?: number
  readonly gzipped?: number
  readonly failure?: string
}

/** Part 4: the SDK's weight in a browser bundle, against the HAL clients people use. */
export const weightPart: Part = {
  name: 'weight',
  title: '4. SDK weight: minified and gzipped for the browser',
  async run(context) {
    const weights: Weight[] = []
    for (const subject of SUBJECTS) {
      context.progress(`bundling ${subject.name}`)
      weights.push(await weigh(subject))
    }
    const sdk = weights[0]?.gzipped
    const readOnly = weights[1]?.gzipped
    const ketting = weights.find((weight) => weight.name.startsWith('Ketting'))?.gzipped
    const table: Table = {
      title: 'esbuild --bundle --minify --format=esm --platform=browser, then gzip -9',
      columns: ['library', 'minified', 'min + gzip', '÷ @halyard/sdk'],
      rows: weights.map((weight) =>
        weight.failure
          ? [weight.name, 'not run', MISSING, MISSING]
          : [
              weight.name,
              formatBytes(weight.minified),
              formatBytes(weight.gzipped),
              formatRatio(ratio(weight.gzipped, sdk)),
            ],
      ),
      notes: [
        '- Each bundle holds the library’s whole public entry (`export * from …`) with every dependency; the SDK from its sources, as sdk/test/bundle.test.ts bundles it.',
        ...SUBJECTS.filter((subject) => subject.note).map((s) => `- ${s.name}: ${s.note}.`),
        ...weights.filter((w) => w.failure).map((w) => `- Not run, ${w.name}: ${w.failure}`),
      ],
    }
    return {
      tables: [table],
      goals: [
        goal('@halyard/sdk ÷ Ketting, gzipped', ratio(sdk, ketting), { atMost: 0.5 }),
        goal('@halyard/sdk, gzipped', sdk, { atMost: 16 * 1024 }, ' B'),
        goal('@halyard/sdk read only, gzipped', readOnly, { atMost: 13 * 1024 }, ' B'),
      ],
      figures: { weights },
    }
  },
}

export async function weigh(subject: Subject): Promise<Weight> {
  try {
    const dir = subject.install
      ? await installed(subject.install.name, subject.install.packages)
      : ROOT
    const result = await build({
      stdin: { contents: subject.entry, resolveDir: dir, sourcefile: 'entry.js', loader: 'js' },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      // The workspace packages resolve to their sources, as in the SDK's own bundle test.
      conditions: ['@halyard/source'],
      // esbuild resolves an alias's target from the working directory, not from the importer.
      absWorkingDir: dir,
      ...(subject.alias && { alias: subject.alias }),
      write: false,
      logLevel: 'silent',
    })
    const code = result.outputFiles[0]?.contents ?? new Uint8Array()
    return {
      name: subject.name,
      minified: code.byteLength,
      gzipped: gzipSync(code, { level: 9 }).byteLength,
    }
  } catch (error) {
    // An esbuild failure lists its errors; the first one says what is missing.
    const first = (error as { errors?: { text: string }[] }).errors?.[0]?.text
    return { name: subject.name, failure: first ?? (error as Error).message }
  }
}
