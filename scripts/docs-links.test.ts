import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function markdownUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? markdownUnder(path) : name.endsWith('.md') ? [path] : [];
  });
}

/** The relative links of a markdown text (`[text](path#anchor)`) that name no existing file. */
export function brokenLinks(text: string, file: string): string[] {
  return [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)\s]*)?\)/g)]
    .map((match) => match[1])
    .filter((link) => !/^[a-z]+:/i.test(link) && !existsSync(resolve(dirname(file), link)));
}

describe('the docs', () => {
  it('find a link to a missing file', () => {
    expect(brokenLinks('see [x](docs/nowhere.md) and [y](https://example.org)', join(root, 'README.md'))).toEqual(['docs/nowhere.md']);
  });

  it('link only to files that exist, from the README and every page under docs/', () => {
    const files = [join(root, 'README.md'), ...markdownUnder(join(root, 'docs'))];
    const broken = files.flatMap((file) => brokenLinks(readFileSync(file, 'utf8'), file).map((link) => `${relative(root, file)} -> ${link}`));
    expect(broken).toEqual([]);
  });
});
