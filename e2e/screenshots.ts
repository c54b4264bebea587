import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'

/** Whether this run rewrites the README's screenshots: `UPDATE_SCREENSHOTS=1`, never by default. */
export const updateScreenshots = process.env.UPDATE_SCREENSHOTS === '1'

/**
 * Saves a full-page screenshot as `docs/screenshots/<name>` when {@link updateScreenshots} is set,
 * and does nothing otherwise, so that a test run leaves the tracked images (and `git status`) alone.
 *
 * @example
 * await saveScreenshot(page, 'explorer.png')
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (!updateScreenshots) return
  const path = fileURLToPath(new URL(`../docs/screenshots/${name}`, import.meta.url))
  await mkdir(dirname(path), { recursive: true })
  await page.screenshot({ path, fullPage: true })
}
