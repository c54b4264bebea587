import { expect, it } from 'vitest'
import { type Lockfile, offlineProject } from './offline-project.js'

const lock: Lockfile = {
  lockfileVersion: 3,
  packages: {
    '': { dependencies: {} },
    pkg: {
      version: '1.0.0',
      dependencies: { a: '^1', b: '^2' },
      devDependencies: { dev: '*' },
    } as never,
    'node_modules/@scope/pkg': { resolved: 'pkg', link: true },
    'node_modules/a': { version: '1.2.0', dependencies: { c: '^1' } },
    'node_modules/b': { version: '1.0.0', dev: true },
    'pkg/node_modules/b': { version: '2.1.0', dependencies: { c: '^2' } },
    'pkg/node_modules/c': { version: '2.0.0' },
    'node_modules/c': { version: '1.0.0', dev: true },
    'node_modules/dev': { version: '9.9.9', dev: true },
    'node_modules/tool': {
      version: '3.0.0',
      optionalDependencies: { 'tool-linux': '3', 'tool-win': '3' },
    },
    'node_modules/tool-linux': { version: '3.0.0', optional: true },
  },
}

it('copies what the tarballs need, a workspace’s own copies under the installed package', () => {
  const { packageJson, packageLock } = offlineProject(
    lock,
    [{ name: '@scope/pkg', folder: 'pkg', tarball: 'scope-pkg-1.0.0.tgz' }],
    ['tool'],
  )
  expect(packageJson).toMatchObject({
    dependencies: { '@scope/pkg': 'file:scope-pkg-1.0.0.tgz', tool: '3.0.0' },
  })
  const { packages } = packageLock as Lockfile
  expect(Object.keys(packages).sort()).toEqual([
    '',
    'node_modules/@scope/pkg',
    'node_modules/@scope/pkg/node_modules/b',
    'node_modules/@scope/pkg/node_modules/c',
    'node_modules/a',
    'node_modules/c',
    'node_modules/tool',
    'node_modules/tool-linux',
  ])
  expect(packages['node_modules/@scope/pkg']).toEqual({
    version: '1.0.0',
    dependencies: { a: '^1', b: '^2' },
    resolved: 'file:scope-pkg-1.0.0.tgz',
  })
  // Dev flags of the repository would make `npm ci` leave them out of a production tree.
  expect(packages['node_modules/c']).toEqual({ version: '1.0.0' })
})

it('names a dependency the lockfile lacks', () => {
  const broken: Lockfile = {
    lockfileVersion: 3,
    packages: { pkg: { dependencies: { gone: '1' } } },
  }
  expect(() =>
    offlineProject(broken, [{ name: 'pkg', folder: 'pkg', tarball: 'pkg.tgz' }], []),
  ).toThrow('gone (needed by pkg) is not in the lockfile')
})
