import { defineConfig } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { PREVIEW_ORIGIN, PREVIEW_PORT, SUB_PATH_PORT } from './e2e/ports';

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
    baseURL: PREVIEW_ORIGIN,
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
      command: `npx vite preview --host 127.0.0.1 --port ${PREVIEW_PORT} --strictPort`,
      url: PREVIEW_ORIGIN,
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
      command: `npx vite preview --host 127.0.0.1 --port ${SUB_PATH_PORT} --strictPort --base /toolwise/`,
      url: `http://127.0.0.1:${SUB_PATH_PORT}/toolwise/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
