/**
 * A project of its own for the packed tarballs, installable with `npm ci --offline`: its lockfile
 * copies the repository's entries for every package the tarballs need. `npm ci` leaves the
 * tarballs of the repository's lockfile in npm's cache under their integrity, but not the registry
 * metadata a plain `npm install` would ask for, so on a machine where only `npm ci` ran, an
 * install of the tarballs offline works only with a lockfile.
 */

/** One entry of `packages` in a lockfile (v3). */
interface LockEntry {
  version?: string
  resolved?: string
  link?: boolean
  dev?: boolean
  devOptional?: boolean
  optional?: boolean
  peer?: boolean
  name?: string
  license?: string
  bin?: Record<string, string>
  engines?: Record<string, string>
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
}

export interface Lockfile {
  lockfileVersion: number
  packages: Record<string, LockEntry>
}

/** A workspace packed to a tarball: its folder in the repository and the tarball's file name. */
export interface PackedWorkspace {
  name: string
  folder: string
  tarball: string
}

/**
 * The `package.json` and `package-lock.json` of a project that depends on the tarballs and on
 * `extra` (packages of the repository's lockfile, at its versions).
 *
 * @example
 * offlineProject(lock, [{ name: '@halyard/sdk', folder: 'sdk', tarball: 'halyard-sdk-0.1.0.tgz' }], [])
 */
export function offlineProject(
  repoLock: Lockfile,
  packed: readonly PackedWorkspace[],
  extra: readonly string[],
): { packageJson: object; packageLock: object } {
  const source = repoLock.packages
  const packages: Record<string, LockEntry> = {}
  const dependencies: Record<string, string> = {}

  // Node's lookup, on lockfile paths: `from`'s own node_modules, then each parent's.
  const find = (name: string, from: string): string | undefined => {
    for (let at = from; ; ) {
      const path = `${at ? `${at}/` : ''}node_modules/${name}`
      if (source[path] && !source[path].link) return path
      if (!at) return undefined
      const parent = at.lastIndexOf('/node_modules/')
      at = parent < 0 ? '' : at.slice(0, parent)
    }
  }
  const resolve = (name: string, from: string): string => {
    const path = find(name, from)
    if (path) return path
    throw new Error(`${name} (needed by ${from || 'the project'}) is not in the lockfile`)
  }
  // A workspace's own copies (`mock/node_modules/x`) sit under the installed package instead.
  const installedAt = (path: string): string => {
    const workspace = packed.find(({ folder }) => path.startsWith(`${folder}/node_modules/`))
    return workspace
      ? `node_modules/${workspace.name}/${path.slice(workspace.folder.length + 1)}`
      : path
  }
  const added = new Set<string>()
  const add = (path: string): void => {
    if (added.has(path)) return
    added.add(path)
    const { dev: _dev, devOptional: _devOptional, ...entry } = source[path] ?? {}
    packages[installedAt(path)] = entry
    const needed = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter(
        (peer) => !entry.peerDependenciesMeta?.[peer]?.optional,
      ),
    ]
    for (const name of needed) add(resolve(name, path))
    // Optional ones only where the repository has them (other platforms' binaries it has not).
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      const optional = find(name, path)
      if (optional) add(optional)
    }
  }

  for (const { name, folder, tarball } of packed) {
    const workspace = source[folder]
    if (!workspace) throw new Error(`${folder} is not a workspace of the lockfile`)
    // The tarball's manifest has no devDependencies for npm to install; name comes from the key.
    const {
      dev: _dev,
      devOptional: _devOptional,
      name: _name,
      devDependencies: _devDependencies,
      ...published
    } = workspace
    packages[`node_modules/${name}`] = { ...published, resolved: `file:${tarball}` }
    dependencies[name] = `file:${tarball}`
    for (const dependency of Object.keys(workspace.dependencies ?? {})) {
      add(resolve(dependency, folder))
    }
  }
  for (const name of extra) {
    const path = resolve(name, '')
    add(path)
    dependencies[name] = source[path]?.version ?? '*'
  }

  const root = { name: 'halyard-packages-check', private: true, type: 'module', dependencies }
  return {
    packageJson: root,
    packageLock: {
      name: root.name,
      lockfileVersion: 3,
      requires: true,
      packages: { '': { name: root.name, dependencies }, ...packages },
    },
  }
}
