import type { GeneratedData } from '../env-spec';
import { expertSteps, generateHouseholdDataset, HOUSEHOLD_SEED } from './generate-dataset';

/** The bundled household dataset, `household.json`, from its fixed seed (`npm run generate:data -- household`). */
export function generateData(): GeneratedData {
  const file = generateHouseholdDataset(HOUSEHOLD_SEED);
  const kinds = new Map<string, number>();
  for (const task of file.tasks) kinds.set(task.kind, (kinds.get(task.kind) ?? 0) + 1);
  const steps = file.tasks.map((task) => expertSteps({ ...task, env: 'household' }) ?? Number.NaN);
  const mean = steps.reduce((sum, n) => sum + n, 0) / steps.length;
  const train = file.tasks.filter((task) => task.split === 'train').length;
  return {
    files: { 'household.json': `${JSON.stringify(file, null, 2)}\n` },
    summary:
      `${file.tasks.length} tasks (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}), ` +
      `${train} train / ${file.tasks.length - train} test, expert steps ${Math.min(...steps)}-${Math.max(...steps)} (mean ${mean.toFixed(2)}).`,
  };
}
