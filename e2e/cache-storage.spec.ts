import { expect, runAndWait, test } from './fixtures';

test('the embedder and its runtime land in Cache Storage, so a later visit loads nothing (issue 13)', async ({ page, context }) => {
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
  expect(cached.some((path) => path.endsWith('.wasm'))).toBe(true);

  loads.length = 0;
  await page.reload();
  await runAndWait(page);
  expect(loads).toEqual([]);
});
