import { expect, test } from '@playwright/test'
import { chromiumLaunchOptions } from '../chromium.js'
import { keepsDataAcrossAReload, openApp, reloadApp } from './scenarios.js'
import { serviceWorker } from './targets.js'

const launch = chromiumLaunchOptions()

// Chrome is retiring `unload` (its roll-out denies the Permissions-Policy `unload`); this switch
// turns that on in any Chromium. @halyard/mock/browser saves the data on `pagehide`, never `unload`:
// this proves it still keeps it.
test.use({
  launchOptions: { ...launch, args: [...(launch.args ?? []), '--enable-features=DeprecateUnload'] },
})

test.describe('the mock’s persistence where unload no longer runs', () => {
  test.beforeEach(async ({ page }) => {
    await openApp(page, '/')
    const unloadAllowed = await page.evaluate(() => {
      const policy = (document as { featurePolicy?: { allowsFeature(name: string): boolean } })
        .featurePolicy
      return policy?.allowsFeature('unload')
    })
    expect(unloadAllowed, 'this Chromium still runs unload listeners').toBe(false)
  })

  test('keeps created articles across a reload', ({ page, request }) =>
    keepsDataAcrossAReload({ page, request }, serviceWorker))

  test('forgets them after "Reset the mock data", across a reload too', async ({ page }) => {
    await openApp(page, '/#/new')
    await page.getByLabel('Title', { exact: true }).fill('Gone after the reset')
    await page.getByLabel('Access token').fill('dev-token')
    await page.getByRole('button', { name: 'Create article' }).click()
    await expect(page.getByRole('heading', { name: 'Gone after the reset' })).toBeVisible()

    await page.getByRole('button', { name: 'Reset the mock data' }).click()
    await expect(page.getByRole('status')).toHaveText('The mock data is back to its seed.')
    await expect(page.getByText('Page 1 of 5 · 42 articles')).toBeVisible()
    await reloadApp(page)
    await expect(page.getByText('Page 1 of 5 · 42 articles')).toBeVisible()
    await openApp(page, '/#/articles?page=5')
    await expect(page.getByRole('link', { name: 'Gone after the reset' })).toHaveCount(0)
  })
})
