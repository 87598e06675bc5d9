import { describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BLOCKS, SOURCES, commandOf, figureProblems, pairedAcross, readerAt, renderBlock, withBlocks } from './docs-figures';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A copy of every doc and JSON the blocks use, under a fresh directory. */
function copyOfDocs(): string {
  const dir = mkdtempSync(join(tmpdir(), 'docs-figures-'));
  for (const path of new Set(BLOCKS.flatMap((b) => [b.doc, ...b.from]))) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    cpSync(join(ROOT, path), join(dir, path));
  }
  return dir;
}

describe('docs:figures (issue 41 item 5)', () => {
  it('every generated block in the docs is what its JSON gives (npm run docs:figures)', () => {
    expect(figureProblems(ROOT)).toEqual([]);
  });

  it('catches a figure edited by hand in a block', () => {
    const dir = copyOfDocs();
    try {
      const block = BLOCKS.find((b) => b.id === 'toolexpnet-crediting')!;
      const path = join(dir, block.doc);
      const text = readFileSync(path, 'utf8');
      const rendered = renderBlock(block, readerAt(dir));
      const altered = rendered.replace(/(\d+)\.(\d)%/, (_, whole: string, tenth: string) => `${whole}.${(Number(tenth) + 1) % 10}%`);
      expect(altered).not.toBe(rendered);
      writeFileSync(path, text.replace(rendered, altered));
      expect(figureProblems(dir)).toEqual([`${block.doc}: block toolexpnet-crediting differs from ${block.from.join(', ')}`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('catches a doc left behind when its JSON changes', () => {
    const dir = copyOfDocs();
    try {
      const path = join(dir, 'eval/figures/reflexion-cap-6.json');
      const file = JSON.parse(readFileSync(path, 'utf8')) as { results: { strategy: string; success: boolean }[] };
      const run = file.results.find((r) => r.strategy === 'reflexion')!;
      run.success = !run.success;
      writeFileSync(path, JSON.stringify(file));
      expect(figureProblems(dir)).toEqual(['docs/strategies/reflexion.md: block reflexion-cap differs from eval/figures/reflexion-cap-4.json, eval/figures/reflexion-cap-6.json']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('npm run docs:figures -- --check exits 1 on an altered copy and 0 on a faithful one', () => {
    const dir = copyOfDocs();
    try {
      const check = () => spawnSync('npx', ['tsx', join(ROOT, 'scripts/docs-figures.ts'), '--check', '--root', dir], { cwd: ROOT, encoding: 'utf8' });
      expect(check().status).toBe(0);
      const path = join(dir, 'docs/strategies/react.md');
      const text = readFileSync(path, 'utf8');
      const altered = text.replace(/\| 0 \| (\d)/, (_, digit: string) => `| 0 | ${(Number(digit) + 1) % 10}`);
      expect(altered).not.toBe(text);
      writeFileSync(path, altered);
      const result = check();
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('docs/strategies/react.md: block react-temperature differs from public/shipped/default-run.json');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('a doc that lost a block\'s markers, or holds a block nothing writes, is reported', () => {
    const read = readerAt(ROOT);
    const block = BLOCKS.find((b) => b.id === 'ecoact-claims')!;
    expect(() => withBlocks('# EcoAct\n', block.doc, read)).toThrow(/docs\/strategies\/ecoact.md has no <!-- figures:ecoact-/);
    const text = readFileSync(join(ROOT, block.doc), 'utf8') + '\n<!-- figures:made-up from x.json -->\n<!-- figures:end made-up -->\n';
    expect(() => withBlocks(text, block.doc, read)).toThrow(/block made-up that no entry of BLOCKS writes/);
  });

  it('each block names the JSON it reads in its marker, every such file is committed, and every bench file is read by a block', () => {
    for (const block of BLOCKS) {
      expect(renderBlock(block, readerAt(ROOT)).split('\n')[0]).toBe(`<!-- figures:${block.id} from ${block.from.join(', ')} (npm run docs:figures; do not edit by hand) -->`);
      for (const path of block.from) expect(existsSync(join(ROOT, path)), path).toBe(true);
    }
    const read = new Set(BLOCKS.flatMap((b) => b.from));
    for (const path of Object.keys(SOURCES)) expect(read.has(path), path).toBe(true);
    // Every other file a block reads is a shipped result, a committed source (the fitted presets), or written by a SOURCES command.
    for (const path of read) expect(path.startsWith('public/shipped/') || path.startsWith('src/') || path in SOURCES, path).toBe(true);
    for (const source of Object.values(SOURCES)) if (source.patch) expect(existsSync(join(ROOT, source.patch)), source.patch).toBe(true);
  });

  it('the runs record the temperature each environment sampled at: every bench results file, and every shipped claim its own', () => {
    for (const [path, source] of Object.entries(SOURCES)) {
      if (source.json) continue;
      const file = JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as { temperatures?: Record<string, number>; results: { env: string }[] };
      for (const env of new Set(file.results.map((r) => r.env))) expect(typeof file.temperatures?.[env], `${path}: ${env}`).toBe('number');
    }
    const claims = JSON.parse(readFileSync(join(ROOT, 'public/shipped/claims.json'), 'utf8')) as { claims: { claim: string; temperature?: number }[] };
    for (const claim of claims.claims) expect(typeof claim.temperature, claim.claim).toBe('number');
  });

  it('the script\'s header lists the bench command that writes each JSON file', () => {
    const header = readFileSync(join(ROOT, 'scripts/docs-figures.ts'), 'utf8').split('*/')[0];
    for (const [path, source] of Object.entries(SOURCES)) expect(header, path).toContain(commandOf(path, source));
  });

  it('pairs two files of runs task by task: the difference of the same task and seed, after minus before', () => {
    const run = (taskId: string, seed: number, success: boolean) => ({ env: 'e', strategy: 's', taskId, taskKind: 'k', seed, success, progress: 0, steps: 1, invalidSteps: 0, failedCalls: 0, llmCalls: 1, promptTokens: 1, completionTokens: 1, callsByKind: {}, logitPasses: 0, metrics: {} });
    const before = { results: [run('a', 1, false), run('b', 1, true), run('c', 1, false)] };
    const after = { results: [run('c', 1, true), run('b', 1, true), run('a', 1, true), run('d', 1, true)] };
    const d = pairedAcross(before, after, 'e', 's', 'success');
    expect(d.pairs).toBe(3);
    expect(d.difference).toBeCloseTo(2 / 3);
    expect(d.onlyStrategy.sort()).toEqual(['a@1', 'c@1']);
    expect(d.onlyBaseline).toEqual([]);
  });
});
