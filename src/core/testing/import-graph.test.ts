import { describe, expect, it } from 'vitest';
import { valueImports } from './import-graph';

describe('valueImports', () => {
  it('should list the modules a file loads and leave out type-only imports, which the compiler erases', () => {
    const text = [
      "import type { A } from './a';",
      "import { b, type C } from './b';",
      "export type { D } from './d';",
      "export { e } from './e';",
      "import './f.css';",
      'export interface X {\n  a: number;\n}',
      "const g = await import('./g');",
      "import {\n  h,\n} from './h';",
    ].join('\n');
    expect(valueImports(text)).toEqual(['./b', './e', './f.css', './h', './g']);
  });
});
