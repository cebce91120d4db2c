// The browser tests of the web playground, one Chromium for the whole run
// (scripts/test-browser.sh starts the server and runs this file with `node --test`).
import { after } from 'node:test';
import { closeBrowser } from './harness.mjs';
import './suites/pages.mjs';
import './suites/play.mjs';
import './suites/nim.mjs';
import './suites/cgt.mjs';
import './suites/strategic.mjs';
import './suites/repeated.mjs';
import './suites/defined.mjs';

after(closeBrowser);
