import { chromium } from '@playwright/test';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Renders resources/icon.svg to resources/icon.png (1024×1024, transparent corners), the one
 * icon electron-builder needs: it derives the .icns (macOS), .ico (Windows) and the Linux sizes
 * from it. Uses the Chromium the tests already use, so no image library is added.
 * Run: `npx tsx resources/render-icon.ts` after editing the SVG, and commit both files.
 */
const here = import.meta.dirname;
const svg = await readFile(join(here, 'icon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.PAYDESK_CHROMIUM ?? '/usr/bin/chromium',
});
try {
  const page = await browser.newPage({ viewport: { width: 1024, height: 1024 } });
  await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
  const png = await page.locator('svg').screenshot({ omitBackground: true });
  await writeFile(join(here, 'icon.png'), png);
} finally {
  await browser.close();
}
