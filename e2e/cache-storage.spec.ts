import { expect, runAndWait, test } from './fixtures';

test('the bundled embedder lands in Cache Storage and needs no onnxruntime, so a later visit loads nothing (issue 13)', async ({ page, context }) => {
  const loads: string[] = [];
  context.on('request', (request) => {
    if (/\/models\/|\.wasm$/.test(request.url())) loads.push(new URL(request.url()).pathname);
  });
  await page.goto('./');
  await page.getByTestId('size-quick').click();
  await runAndWait(page);
  expect(loads.some((path) => path.endsWith('model.onnx'))).toBe(true);
  const cached = await page.evaluate(async () => {
    const cache = await caches.open('transformers-cache');
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });
  expect(cached.some((path) => path.endsWith('/models/toolwise-simcse/onnx/model.onnx'))).toBe(true);
  // Its graph is one table lookup, evaluated in JavaScript: the 27 MB onnxruntime module is never fetched.
  expect(loads.filter((path) => path.endsWith('.wasm'))).toEqual([]);

  loads.length = 0;
  await page.reload();
  await runAndWait(page);
  expect(loads).toEqual([]);
});
