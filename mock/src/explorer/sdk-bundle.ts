/**
 * What the explorer's page takes of `@halyard/sdk`: its HAL and HAL-FORMS reading and its URI
 * template expansion, so that the page reads documents as the SDK does rather than by code of its
 * own. The SDK is a workspace package with no Node built-ins; bundled, these parts are a few KB.
 */
const ENTRY = [
  "export { expandTemplate } from '@halyard/sdk'",
  "export { halFormsAdapter } from '@halyard/sdk/forms'",
].join('\n')

/**
 * The page's `sdk.js`: the SDK's parts bundled into one ES module for the browser with esbuild (a
 * build tool: tsup runs this once into dist/explorer-ui/, and a server running from the sources
 * runs it on the first request for the file).
 *
 * @example
 * await writeFile('dist/explorer-ui/sdk.js', await bundleExplorerSdk(process.cwd()))
 */
export async function bundleExplorerSdk(resolveDir: string): Promise<string> {
  const { build } = await import('esbuild')
  const result = await build({
    stdin: { contents: ENTRY, resolveDir, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['@halyard/source'],
    minify: true,
    write: false,
    logLevel: 'silent',
  })
  const [output] = result.outputFiles
  if (output === undefined) throw new Error('esbuild wrote no bundle of the SDK')
  return output.text
}
