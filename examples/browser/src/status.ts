/** How long a message stays in the status bar; the live region has read it out by then. */
export const STATUS_MILLISECONDS = 6000

let timer: ReturnType<typeof setTimeout> | undefined

const region = () => document.querySelector<HTMLElement>('#status')

/**
 * Says something in the page's live region (`role="status"`): screen readers read it out without
 * moving focus, and everyone sees it in the status bar until {@link STATUS_MILLISECONDS} pass or
 * the next action ({@link dismissStatus}).
 *
 * @example
 * announce('Saved “Release notes”.')
 */
export function announce(message: string): void {
  const status = region()
  if (!status) return
  clearTimeout(timer)
  // Emptying first makes a repeated message a change, so it is read again.
  status.textContent = ''
  requestAnimationFrame(() => {
    status.textContent = message
    timer = setTimeout(dismissStatus, STATUS_MILLISECONDS)
  })
}

/**
 * Takes the message away (the app calls it on the next click or form submission).
 *
 * @example
 * document.addEventListener('click', dismissStatus, { capture: true })
 */
export function dismissStatus(): void {
  clearTimeout(timer)
  const status = region()
  if (status) status.textContent = ''
}
