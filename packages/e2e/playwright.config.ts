import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { ADMIN } from './tests/helpers';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** A local fake site some specs serve (magazines.spec.ts); the server may fetch only it among internal addresses. */
const FAKE_SITE_PORT = Number(process.env.E2E_FAKE_SITE_PORT ?? PORT + 1000);
const here = import.meta.dirname;

/**
 * Drives the built web app served by the real server (production mode, a fresh SQLite
 * database) in Debian's Chromium, the way a reader would.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './.tmp/results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'phone', use: { ...devices['Pixel 7'], browserName: 'chromium' } }],
  webServer: {
    command: `rm -rf .tmp/data && tsx ${path.join(here, '../server/src/main.ts')}`,
    cwd: here,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(here, '.tmp/data'),
      WEB_DIST: path.join(here, '../web/dist'),
      ADMIN_PHONE: ADMIN.phone,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      // Every spec registers readers from the one loopback address; the per-address limits are
      // proven by the integration suite (http/rate-limit.test.ts), not by the order specs run in.
      RATE_LIMIT: 'false',
      LOG_LEVEL: 'warn',
      FETCH_ALLOW_PRIVATE: `127.0.0.1:${FAKE_SITE_PORT}`,
    },
  },
});
