import type { GeneratedData } from '../env-spec';
import { generateSlateDataset, SLATE_SEED } from './generator';
import { parseSlateDataset } from '.';

/** The bundled SLATE samples, `slate/tools.json` and `slate/cases.json`, from their fixed seed (`npm run generate:data -- slate`). */
export function generateData(): GeneratedData {
  const { tools, cases } = generateSlateDataset(SLATE_SEED);
  parseSlateDataset({ tools, cases }); // the bundled files must pass the import checks users' files get
  const levels = new Map<string, number>();
  for (const item of cases) levels.set(item.complexity, (levels.get(item.complexity) ?? 0) + 1);
  const train = cases.filter((item) => item.split === 'train').length;
  return {
    files: { 'slate/tools.json': `${JSON.stringify(tools, null, 1)}\n`, 'slate/cases.json': `${JSON.stringify(cases, null, 1)}\n` },
    summary: `${tools.length} tools, ${cases.length} cases (${[...levels].map(([k, n]) => `${k} ${n}`).join(', ')}; ${train} train, ${cases.length - train} test).`,
  };
}
