/**
 * Says something in the page's live region (`role="status"`): screen readers read it out without
 * moving focus, and everyone sees it in the status bar.
 *
 * @example
 * announce('Saved “Release notes”.')
 */
export function announce(message: string): void {
  const region = document.querySelector<HTMLElement>('#status')
  if (!region) return
  // Emptying first makes a repeated message a change, so it is read again.
  region.textContent = ''
  requestAnimationFrame(() => {
    region.textContent = message
  })
}
