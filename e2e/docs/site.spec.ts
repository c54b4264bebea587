import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { type StaticSite, serveStatic } from './static-site.js'

// The built docs site (`npm run docs:build`, part of `npm test` before the e2e run), opened in
// Chromium and read as a newcomer would: from the home page through getting started to their own
// API, then the reference generated from the TSDoc.
const DIST = fileURLToPath(new URL('../../docs/.vitepress/dist', import.meta.url))

let site: StaticSite
test.beforeAll(async () => {
  if (!existsSync(DIST)) throw new Error('No built docs site: run `npm run docs:build` first.')
  site = await serveStatic(DIST, '/halyard/')
})
test.afterAll(() => site?.close())

test('follows the getting-started path from the home page to mocking your own API', async ({
  page,
}) => {
  const failures: string[] = []
  page.on('pageerror', (error) => failures.push(error.message))
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`)
  })

  await page.goto(site.url)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Halyard')
  await page.getByRole('link', { name: 'Get started' }).first().click()

  await expect(page).toHaveURL(/\/halyard\/guide\/getting-started(\.html)?$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible()
  const main = page.getByRole('main')
  await expect(main.locator('pre').filter({ hasText: 'defineHalApi' }).first()).toBeVisible()
  // The guides' sidebar is read from the folder: the mocking guides are listed.
  const sidebar = page.locator('.VPSidebar')
  for (const guide of ['Mock in Node tests', 'Mock in Playwright tests', 'Mock your own HAL API']) {
    await expect(sidebar.getByRole('link', { name: guide, exact: true })).toBeVisible()
  }

  await main.getByRole('link', { name: 'Mock your own HAL API' }).first().click()
  await expect(page).toHaveURL(/\/halyard\/guide\/your-own-api(\.html)?$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Mock your own HAL API' })).toBeVisible()

  // The reference of every public export, generated from the TSDoc, is one click from the nav.
  await page.getByRole('banner').getByRole('link', { name: 'Reference', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Reference' })).toBeVisible()
  await main.getByRole('link', { name: 'The API reference' }).click()
  await expect(main.getByRole('link', { name: '@halyard/mock', exact: true })).toBeVisible()
  await main.getByRole('link', { name: '@halyard/mock', exact: true }).click()
  await expect(main.getByRole('link', { name: 'defineHalApi', exact: true })).toBeVisible()

  expect(failures).toEqual([])
})
