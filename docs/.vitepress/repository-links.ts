import { existsSync, statSync } from 'node:fs'
import { dirname, relative, resolve, sep } from 'node:path'
import type { UserConfig } from 'vitepress'

type MarkdownIt = Parameters<NonNullable<NonNullable<UserConfig['markdown']>['config']>>[0]

/** Where the site's sources live, and where their repository is browsed. */
export interface RepositoryLinkOptions {
  /** The docs folder (VitePress's source folder). */
  readonly docs: string
  /** The repository's root folder. */
  readonly root: string
  /** The repository on GitHub, e.g. `https://github.com/halyard-dev/halyard`. */
  readonly repository: string
  readonly branch: string
}

/**
 * The URL a relative link from a page of the site leads to when its target is a file of the
 * repository outside the docs (`../../examples/shop/api.ts`): the file on GitHub, as the same link
 * leads on GitHub. Undefined for links the site resolves itself (pages, anchors, URLs). Throws
 * when the target does not exist, so a dead link fails the build.
 *
 * @example
 * repositoryUrl('../../examples/shop/api.ts', '/repo/docs/guide/a.md', options)
 * // 'https://github.com/halyard-dev/halyard/blob/main/examples/shop/api.ts'
 */
export function repositoryUrl(
  href: string,
  page: string,
  { docs, root, repository, branch }: RepositoryLinkOptions,
): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('/') || href.startsWith('#')) return
  const [path = '', fragment] = href.split('#', 2)
  if (path === '') return
  const target = resolve(dirname(page), decodeURIComponent(path.split('?')[0] ?? ''))
  if (target === docs || target.startsWith(`${docs}${sep}`)) return
  if (!target.startsWith(`${root}${sep}`) || !existsSync(target)) {
    throw new Error(`Dead link ${href} in ${relative(root, page)}: no such file in the repository`)
  }
  const kind = statSync(target).isDirectory() ? 'tree' : 'blob'
  const url = `${repository}/${kind}/${branch}/${relative(root, target).split(sep).join('/')}`
  return fragment ? `${url}#${fragment}` : url
}

/**
 * A markdown-it plugin: relative links to repository files outside the docs become links to
 * those files on GitHub (see {@link repositoryUrl}), so a page may link `../../examples/` as it
 * would on GitHub.
 *
 * @example
 * markdown: { config: (md) => repositoryLinks(md, options) }
 */
export function repositoryLinks(md: MarkdownIt, options: RepositoryLinkOptions): void {
  md.core.ruler.push('repository-links', (state) => {
    const page = (state.env as { path?: string }).path
    if (!page) return
    for (const token of state.tokens) {
      for (const child of token.children ?? []) {
        if (child.type !== 'link_open') continue
        const href = child.attrGet('href')
        const url = href === null ? undefined : repositoryUrl(href, page, options)
        if (url) {
          child.attrSet('href', url)
          child.attrSet('target', '_blank')
          child.attrSet('rel', 'noreferrer')
        }
      }
    }
  })
}
