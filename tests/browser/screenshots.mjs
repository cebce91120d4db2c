// Saves one PNG per page of the playground (laptop width; the play page also at phone
// width) into the directory given as argument. Run by `scripts/test-browser.sh --screenshots`.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { open, closeBrowser } from './harness.mjs';

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function settle(tab) {
  await tab.waitForLoadState('networkidle');
  await tab.waitForFunction(() => !document.querySelector('[aria-busy]'));
}

const SHOTS = [
  { file: 'explore.png', path: '/?game=0.137&to=120', ready: '#table td' },
  {
    file: 'play.png', path: '/play?game=nim&position=3 4 5', ready: '.stone',
    act: async (tab) => { await tab.click('#why'); await tab.waitForSelector('#why-panel:not([hidden])'); },
  },
  {
    file: 'play-phone.png', path: '/play?game=chomp&position=3x5', ready: '[data-square]', size: PHONE,
    act: async (tab) => {
      await tab.click('[data-square="2,4"]');
      await tab.waitForFunction(() => document.querySelectorAll('#log li').length === 2);
      await settle(tab);
    },
  },
  { file: 'play-wythoff.png', path: '/play?game=wythoff&position=5,8', ready: '.cell.reach' },
  { file: 'play-hackenbush.png', path: '/play?game=green-hackenbush&position=g-a,a-b,b-g,a-c,c-d g-e,e-f', ready: 'svg.graph' },
  { file: 'nim.png', path: '/nim', ready: '#nim-table td' },
  {
    file: 'strategic.png', path: '/strategic', ready: '#equilibria td',
    act: async (tab) => { await tab.click('[data-example="von-stengel-degenerate"]'); await settle(tab); },
  },
  { file: 'repeated.png', path: '/repeated', ready: '#ranking td' },
];

const directory = process.argv[2] ?? 'docs/screenshots';
mkdirSync(directory, { recursive: true });
try {
  for (const shot of SHOTS) {
    const { tab, problems } = await open(shot.path, shot.size ?? LAPTOP);
    await tab.waitForSelector(shot.ready);
    await settle(tab);
    await shot.act?.(tab);
    await tab.screenshot({ path: join(directory, shot.file), fullPage: true });
    if (problems.length) throw new Error(`${shot.path}: ${problems.join('; ')}`);
    console.log(`saved ${join(directory, shot.file)}`);
    await tab.close();
  }
} finally {
  await closeBrowser();
}
