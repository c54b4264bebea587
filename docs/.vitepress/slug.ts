/**
 * GitHub's anchor for a Markdown heading: lower case, punctuation dropped, spaces as hyphens.
 * The site uses it too, so that `page.md#anchor` leads to the same heading on GitHub and here.
 *
 * @example
 * githubSlug("The seed's quirks") // 'the-seeds-quirks'
 */
export function githubSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-')
}
