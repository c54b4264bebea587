/**
 * The links of a Markdown text that are not absolute URLs (nor in-page anchors, which npm keeps),
 * in inline (`[a](b)`), reference (`[a]: b`) and HTML (`href=`, `src=`) form, outside code fences.
 * On npm, and in `node_modules`, a package's README has no repository around it: such a link leads
 * nowhere.
 *
 * @example
 * relativeLinks('[docs](../README.md) [npm](https://npmjs.com)') // ['../README.md']
 */
export function relativeLinks(markdown: string): string[] {
  const text = markdown.replace(/^\s*```[\s\S]*?^\s*```/gm, '')
  const targets = [
    ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
    ...[...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]),
    ...[...text.matchAll(/\b(?:href|src)\s*=\s*["']([^"']+)["']/g)].map((m) => m[1]),
  ]
  return targets.filter(
    (target): target is string =>
      target !== undefined && !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'),
  )
}
