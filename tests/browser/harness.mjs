// The browser of the tests: Debian's Chromium (/usr/bin/chromium, or $CHROMIUM) driven by
// playwright-core, headless, with a fresh profile; the server's URL comes from
// $SPRAGUE_URL (scripts/test-browser.sh starts `sprague serve --port 0` and sets it).
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const BASE = process.env.SPRAGUE_URL;
if (!BASE) throw new Error('SPRAGUE_URL is not set: run the tests with scripts/test-browser.sh');

const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

let context = null;
let profile = null;

/** The one browser context of the run (launched on first use; a failure to start throws). */
export async function browser() {
  if (!context) {
    profile = mkdtempSync(join(tmpdir(), 'sprague-chromium-'));
    try {
      context = await chromium.launchPersistentContext(profile, {
        executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
        headless: true,
        args: FLAGS,
        viewport: { width: 1280, height: 900 },
        timeout: 60_000,
      });
    } catch (error) {
      rmSync(profile, { recursive: true, force: true });
      profile = null;
      throw error;
    }
  }
  return context;
}

export async function closeBrowser() {
  await context?.close();
  context = null;
  if (profile) rmSync(profile, { recursive: true, force: true });
}

/**
 * A new tab at `path`, with the console errors and uncaught exceptions it reports
 * collected in `problems` (a test asserts it stays empty).
 */
export async function open(path, { width = 1280, height = 900 } = {}) {
  const tab = await (await browser()).newPage();
  await tab.setViewportSize({ width, height });
  const problems = [];
  tab.on('console', (message) => { if (message.type() === 'error') problems.push(`console: ${message.text()}`); });
  tab.on('pageerror', (error) => problems.push(`exception: ${error.message}`));
  tab.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
  tab.setDefaultTimeout(20_000);
  await tab.goto(new URL(path, BASE).href);
  return { tab, problems };
}

/** POSTs to the API from the test itself (for facts the test compares the page with). */
export async function api(command, body) {
  const response = await fetch(new URL(`/api/${command}`, BASE), {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`/api/${command}: ${answer.error}`);
  return answer;
}
