/**
 * Dead links fail the docs build. VitePress refuses links to missing pages but not to missing
 * anchors, so this reads the built site: every internal `href` must name a file of the site and,
 * with a `#fragment`, an `id` on that page. It also checks the repository's own Markdown (every
 * README, CONTRIBUTING) the way GitHub renders it: relative links to existing files, anchors to
 * existing headings; and their links to the published site (all a package's README has) to pages
 * and anchors of the build.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { githubSlug } from '../docs/.vitepress/slug.js'
import { readmes } from './readme-snippets.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const DIST = join(ROOT, 'docs/.vitepress/dist')
/** The site's `base` (docs/.vitepress/config.ts), and where it is published. */
const BASE = '/halyard/'
const SITE = 'https://halyard-dev.github.io/halyard/'

/** One link that leads nowhere: where it is, and what it points at. */
export interface DeadLink {
  readonly page: string
  readonly href: string
  readonly reason: string
}

function filesUnder(dir: string, suffix: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) found.push(...filesUnder(path, suffix))
    else if (entry.name.endsWith(suffix)) found.push(path)
  }
  return found
}

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")

/** The `id`s of an HTML page. */
function idsOf(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((m) => decode(m[1] ?? '')))
}

/** The published site: its URL, and the folder its build is in. */
export interface Site {
  readonly url: string
  readonly dist: string
}

/** Why an absolute link to the published site leads nowhere in its build, or undefined. */
function missingOnSite(site: Site, href: string): string | undefined {
  const [path = '', fragment] = href.slice(site.url.length).split('#', 2)
  let target = join(site.dist, decodeURIComponent(path))
  if (existsSync(target) && statSync(target).isDirectory()) target = join(target, 'index.html')
  if (!existsSync(target)) return 'no such page on the site'
  if (fragment && !idsOf(readFileSync(target, 'utf8')).has(decodeURIComponent(fragment))) {
    return `no #${fragment} on ${relative(site.dist, target)}`
  }
  return undefined
}

/**
 * Every internal link of a built site (`dist`, served under `base`) that names no file, or an
 * anchor its page lacks.
 *
 * @example
 * deadLinksInSite('docs/.vitepress/dist', '/halyard/') // [] when every link leads somewhere
 */
export function deadLinksInSite(dist: string, base: string): DeadLink[] {
  const dead: DeadLink[] = []
  const ids = new Map<string, Set<string>>()
  const idsIn = (file: string) => {
    let found = ids.get(file)
    if (!found) {
      found = idsOf(readFileSync(file, 'utf8'))
      ids.set(file, found)
    }
    return found
  }
  for (const file of filesUnder(dist, '.html')) {
    const page = relative(dist, file)
    // Code blocks may show HTML; only the page's own markup counts.
    const html = readFileSync(file, 'utf8').replace(/<pre[\s\S]*?<\/pre>/g, '')
    for (const match of html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)) {
      const href = decode(match[1] ?? '')
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) continue
      const [path = '', fragment] = href.split('#', 2)
      let target: string
      if (path === '') target = file
      else if (path.startsWith('/')) {
        if (!path.startsWith(base)) {
          dead.push({ page, href, reason: `outside the site's base ${base}` })
          continue
        }
        target = join(dist, decodeURIComponent(path.slice(base.length)))
      } else target = resolve(dirname(file), decodeURIComponent(path))
      if (existsSync(target) && statSync(target).isDirectory()) target = join(target, 'index.html')
      else if (!existsSync(target) && existsSync(`${target}.html`)) target = `${target}.html`
      if (!existsSync(target)) {
        dead.push({ page, href, reason: 'no such page' })
        continue
      }
      if (fragment && target.endsWith('.html')) {
        if (!idsIn(target).has(decodeURIComponent(fragment))) {
          dead.push({ page, href, reason: `no #${fragment} on ${relative(dist, target)}` })
        }
      }
    }
  }
  return dead
}

/** The anchors GitHub gives a Markdown file's headings (repeats get `-1`, `-2`, …). */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!heading) continue
    const slug = githubSlug(heading[1] ?? '')
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    anchors.add(count === 0 ? slug : `${slug}-${count}`)
  }
  return anchors
}

/**
 * The relative links of a Markdown file in the repository that name no file, or a heading its
 * Markdown target lacks, as GitHub resolves them.
 *
 * @example
 * deadLinksInMarkdown('/work/halyard', 'README.md') // [] when every link leads somewhere
 */
export function deadLinksInMarkdown(root: string, page: string, site?: Site): DeadLink[] {
  const dead: DeadLink[] = []
  const markdown = readFileSync(join(root, page), 'utf8').replace(/^\s*```[\s\S]*?^\s*```/gm, '')
  for (const match of markdown.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const href = match[1] ?? ''
    if (site && href.startsWith(site.url)) {
      const reason = missingOnSite(site, href)
      if (reason) dead.push({ page, href, reason })
      continue
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) continue
    const [path = '', fragment] = href.split('#', 2)
    const target = path === '' ? join(root, page) : resolve(dirname(join(root, page)), path)
    if (!existsSync(target)) {
      dead.push({ page, href, reason: 'no such file' })
      continue
    }
    if (fragment && target.endsWith('.md')) {
      if (!anchorsOf(readFileSync(target, 'utf8')).has(fragment)) {
        dead.push({ page, href, reason: `no heading #${fragment} in ${relative(root, target)}` })
      }
    }
  }
  return dead
}

/** Where the repository's files are read on GitHub: docs pages may link them there. */
export const REPOSITORY_FILES = 'https://github.com/halyard-dev/halyard/blob/main/'

/**
 * The links of a Markdown page to the repository's files on GitHub (`…/blob/main/<path>`) whose
 * file is not in the repository at `root`: a relative link written as one (`…/main/./page.md`).
 *
 * @example
 * deadRepositoryLinks('.', 'docs/guide/mock-in-node.md') // [] when every file is there
 */
export function deadRepositoryLinks(
  root: string,
  page: string,
  repository = REPOSITORY_FILES,
): DeadLink[] {
  const markdown = readFileSync(join(root, page), 'utf8')
  const dead: DeadLink[] = []
  for (const match of markdown.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const href = match[1] ?? ''
    if (!href.startsWith(repository)) continue
    const path = decodeURIComponent(href.slice(repository.length).split(/[#?]/, 1)[0] ?? '')
    const target = resolve(root, path)
    if (relative(root, target).startsWith('..') || !existsSync(target)) {
      dead.push({ page, href, reason: 'no such file in the repository' })
    }
  }
  return dead
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!existsSync(DIST)) {
    console.error('docs:links: no built site at docs/.vitepress/dist; run `npm run docs:build`.')
    process.exit(1)
  }
  // Markdown read on GitHub rather than on the site.
  const pages = [...(await readmes(ROOT)), 'CONTRIBUTING.md']
  const dead = [
    ...deadLinksInSite(DIST, BASE),
    ...pages
      .filter((page) => existsSync(join(ROOT, page)))
      .flatMap((page) => deadLinksInMarkdown(ROOT, page, { url: SITE, dist: DIST })),
    ...filesUnder(join(ROOT, 'docs'), '.md')
      .filter((file) => !file.includes('node_modules') && !file.includes('.vitepress'))
      .flatMap((file) => deadRepositoryLinks(ROOT, relative(ROOT, file))),
  ]
  for (const { page, href, reason } of dead) console.error(`${page}: ${href}: ${reason}`)
  if (dead.length > 0) {
    console.error(`docs:links: ${dead.length} dead link(s).`)
    process.exit(1)
  }
  console.log('docs:links: every internal link and anchor leads somewhere.')
}
