/**
 * The API reference of the docs site: TypeDoc over every entry of every workspace's `exports`
 * (its `@halyard/source` file), written as Markdown into `docs/reference/api/` for VitePress.
 * A public export without TSDoc fails it (and so do TypeDoc's warnings, a broken `{@link}` among
 * them), so the reference never has a blank entry. Run by `npm run docs:api`, before the site's build.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  Application,
  DeclarationReflection,
  type ProjectReflection,
  ReferenceReflection,
  ReflectionKind,
} from 'typedoc'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
export const API_OUT = join(ROOT, 'docs/reference/api')
const CACHE = join(ROOT, 'node_modules/.cache/halyard-docs')

/** One public entry: the specifier users import and the source file behind it. */
export interface EntryPoint {
  readonly package: string
  readonly specifier: string
  readonly source: string
}

interface Manifest {
  readonly name: string
  readonly workspaces?: readonly string[]
  readonly exports?: Record<string, unknown>
}

/**
 * The public entries of a package manifest: each key of `exports` whose conditions name a
 * `@halyard/source` file (`./package.json` and the like have none).
 *
 * @example
 * entriesOf({ name: '@halyard/sdk', exports: { './blog': { '@halyard/source': './src/blog/index.ts' } } }, 'sdk')
 * // [{ package: '@halyard/sdk', specifier: '@halyard/sdk/blog', source: 'sdk/src/blog/index.ts' }]
 */
export function entriesOf(manifest: Manifest, folder: string): EntryPoint[] {
  const entries: EntryPoint[] = []
  for (const [key, target] of Object.entries(manifest.exports ?? {})) {
    if (typeof target !== 'object' || target === null) continue
    const source = (target as Record<string, unknown>)['@halyard/source']
    if (typeof source !== 'string') continue
    const specifier = key === '.' ? manifest.name : `${manifest.name}${key.slice(1)}`
    entries.push({ package: manifest.name, specifier, source: join(folder, source) })
  }
  return entries
}

/** Every public entry of every workspace of the repository, read from the manifests. */
export async function entryPoints(root = ROOT): Promise<EntryPoint[]> {
  const read = async (path: string) =>
    JSON.parse(await readFile(join(root, path), 'utf8')) as Manifest
  const { workspaces = [] } = await read('package.json')
  const entries: EntryPoint[] = []
  for (const folder of workspaces) {
    entries.push(...entriesOf(await read(join(folder, 'package.json')), folder))
  }
  return entries
}

/**
 * The exports of every module that have no TSDoc: on the export itself, on one of its
 * signatures, or on the function a constant holds. Members of exported types need none (their
 * names and types often say it all); an export always does.
 *
 * @example
 * undocumentedExports(project) // ['@halyard/sdk.isSomethingError']
 */
export function undocumentedExports(project: ProjectReflection): string[] {
  const documented = (reflection: DeclarationReflection): boolean => {
    if (reflection.hasComment()) return true
    if (reflection.signatures?.some((signature) => signature.hasComment())) return true
    const type = reflection.type
    return type?.type === 'reflection'
      ? (type.declaration.signatures?.some((signature) => signature.hasComment()) ?? false)
      : false
  }
  const missing: string[] = []
  for (const module of project.getChildrenByKind(ReflectionKind.Module)) {
    for (const child of module.children ?? []) {
      const target =
        child instanceof ReferenceReflection ? child.tryGetTargetReflectionDeep() : child
      if (target instanceof DeclarationReflection && !documented(target)) {
        missing.push(`${module.name}.${child.name}`)
      }
    }
  }
  return missing
}

/**
 * The Markdown with each paragraph line that starts with `<` joined to the line before it. A
 * comment wrapped inside a code span (`` `halyard-mock --api\n<module>` ``) would otherwise start a
 * line with a tag, which VitePress reads as the start of an HTML block (a Vue component); joined,
 * it is the same soft line break, read as a space.
 *
 * @example
 * joinTagLines('Run `a\n<module>` now') // 'Run `a <module>` now'
 */
export function joinTagLines(markdown: string): string {
  const lines = markdown.split('\n')
  const out: string[] = []
  let fenced = false
  for (const line of lines) {
    if (/^\s*```/.test(line)) fenced = !fenced
    const previous = out.at(-1)
    const inParagraph = previous !== undefined && /^[^\s|#>`<-]/.test(previous)
    if (!fenced && line.startsWith('<') && inParagraph) out[out.length - 1] = `${previous} ${line}`
    else out.push(line)
  }
  return out.join('\n')
}

/**
 * The name TypeDoc gives an entry's module: its path from the entries' common folder, without
 * the extension or a last `/index`.
 *
 * @example
 * typedocName({ package: '@halyard/sdk', specifier: '@halyard/sdk/blog', source: 'sdk/src/blog/index.ts' }, all) // 'sdk/src/blog'
 */
export function typedocName(entry: EntryPoint, all: readonly EntryPoint[]): string {
  const folders = all.map((e) => e.source.split('/').slice(0, -1))
  const common: string[] = []
  for (const [i, part] of (folders[0] ?? []).entries()) {
    if (!folders.every((f) => f[i] === part)) break
    common.push(part)
  }
  const path = entry.source.split('/').slice(common.length).join('/')
  return path.replace(/\.[cm]?tsx?$/, '').replace(/(^|\/)index$/, '') || '.'
}

/** Generates the reference; resolves to false (after logging why) when TypeDoc refused. */
async function generate(): Promise<boolean> {
  const entries = await entryPoints()
  // A program over the workspaces' sources alone: the tests and the explorer's page script stay out.
  await mkdir(CACHE, { recursive: true })
  const tsconfig = join(CACHE, 'tsconfig.json')
  const folders = [...new Set(entries.map((e) => e.source.split('/')[0] ?? '.'))]
  await writeFile(
    tsconfig,
    JSON.stringify({
      extends: relative(CACHE, join(ROOT, 'tsconfig.base.json')),
      compilerOptions: { composite: false, noEmit: true, types: ['node'] },
      include: folders.map((folder) => relative(CACHE, join(ROOT, folder, 'src'))),
      exclude: ['**/*.test.ts', '**/explorer-ui/**'].map((p) => relative(CACHE, join(ROOT, p))),
    }),
  )
  const app = await Application.bootstrapWithPlugins({
    entryPoints: entries.map((e) => join(ROOT, e.source)),
    tsconfig,
    plugin: ['typedoc-plugin-markdown'],
    out: API_OUT,
    readme: 'none',
    // tsc -b checks the types; TypeDoc only reads them.
    skipErrorChecking: true,
    excludeExternals: true,
    excludePrivate: true,
    excludeInternal: true,
    // Exports without TSDoc are found below (undocumentedExports); TypeDoc checks the links.
    validation: { notDocumented: false, notExported: false, invalidLink: true },
    treatValidationWarningsAsErrors: true,
    treatWarningsAsErrors: true,
    logLevel: 'Warn',
    disableSources: true,
    githubPages: false,
    hideGenerator: true,
    // typedoc-plugin-markdown: one page per module and per class or interface, titles without
    // decorations, so VitePress makes the anchors the pages link to.
    ...({
      entryFileName: 'index',
      excludeScopesInPaths: true,
      hidePageHeader: true,
      hideBreadcrumbs: true,
      useCodeBlocks: true,
      parametersFormat: 'table',
      enumMembersFormat: 'table',
    } as Record<string, unknown>),
  })
  const project = await app.convert()
  if (!project) return false
  // Modules are named by the specifier users import, not by TypeDoc's name for their file.
  const byName = new Map(entries.map((e) => [typedocName(e, entries), e.specifier]))
  for (const module of project.getChildrenByKind(ReflectionKind.Module)) {
    const specifier = byName.get(module.name)
    if (!specifier) throw new Error(`docs:api: no entry point is named ${module.name}`)
    module.name = specifier
  }
  app.validate(project)
  const undocumented = undocumentedExports(project)
  for (const name of undocumented) console.error(`${name} is exported without TSDoc`)
  if (undocumented.length > 0 || app.logger.hasErrors() || app.logger.hasWarnings()) return false
  await rm(API_OUT, { recursive: true, force: true })
  await mkdir(dirname(API_OUT), { recursive: true })
  await app.generateOutputs(project)
  for (const file of await readdir(API_OUT, { recursive: true })) {
    if (!file.endsWith('.md')) continue
    const path = join(API_OUT, file)
    await writeFile(path, joinTagLines(await readFile(path, 'utf8')))
  }
  return !app.logger.hasErrors()
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now()
  if (!(await generate())) {
    console.error('docs:api: the API reference was not generated (see the messages above).')
    process.exit(1)
  }
  console.log(
    `docs:api: ${relative(ROOT, API_OUT)} in ${Math.round(performance.now() - started)} ms`,
  )
}
