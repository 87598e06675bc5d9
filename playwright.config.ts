import { defineConfig } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';

/** The browser scripts/find-chromium.mjs found or installed (npm run test:e2e runs it first). */
const FOUND = 'node_modules/.cache/toolwise/chromium-path';
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(FOUND) ? readFileSync(FOUND, 'utf8').trim() : '/usr/bin/chromium');

/**
 * End-to-end tests against `vite preview` of the build (not the dev server, whose first-load
 * dependency optimisation reloads the page mid-test), in Debian's Chromium or another one that
 * scripts/find-chromium.mjs found.
 */
export default defineConfig({
  testDir: 'e2e',
  timeout: 120_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: 'http://127.0.0.1:4173/',
    viewport: { width: 1400, height: 1000 },
    launchOptions: {
      executablePath: chromium,
      args: [
        '--enable-unsafe-webgpu',
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      command: 'npm run preview',
      url: 'http://127.0.0.1:4173/',
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      // SimLM behind the OpenAI API: the offline stand-in for Ollama, llama.cpp or vLLM (e2e/server-model.spec.ts).
      command: 'npm run serve:sim -- --port 8766 --quiet',
      url: 'http://127.0.0.1:8766/v1/models',
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      // The same build under a sub-path, as GitHub Pages serves it (e2e/sub-path.spec.ts).
      command: 'npx vite preview --host 127.0.0.1 --port 4178 --strictPort --base /toolwise/',
      url: 'http://127.0.0.1:4178/toolwise/',
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
