import type { Dataset, Task } from '../types';
import { hashSeed } from '../rng';

/**
 * The first `count` tasks of a split in a fixed order that mixes task kinds (by a hash of the id),
 * so that the same count gives the same tasks for every strategy, seed and machine.
 */
export function selectTasks(dataset: Dataset, split: 'train' | 'test', count: number): Task[] {
  return dataset.tasks
    .filter((task) => task.split === split)
    .map((task) => ({ task, order: hashSeed('order', task.id) }))
    .sort((a, b) => a.order - b.order || a.task.id.localeCompare(b.task.id))
    .slice(0, count)
    .map(({ task }) => task);
}
