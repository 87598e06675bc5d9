import type { Dataset, Task } from '../types';
import type { EnvSpec } from '../envs/env-spec';
import type { ChatMessage } from '../llm/language-model';
import { EvidentKey } from './evident-key';

/** A task a prompt names, with its environment. */
interface Indexed {
  spec: EnvSpec;
  dataset: Dataset;
  task: Task;
  /** Its goal, normalised as prompts are searched. */
  goal: string;
}

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The keys of every task in some data, found from a request alone (docs/simulated-model.md: `serve:sim` rebuilds
 * the key from the request). A prompt names its task by stating the task's goal; the key is then
 * the task's evident key, replayed from the prompt's transcript as in process. Where several goals
 * occur, the longest wins (one goal may be a phrase of another).
 */
export class KeyIndex {
  private readonly tasks: Indexed[] = [];
  private readonly keys = new Map<string, EvidentKey>();

  /** Adds (or, for an environment added again, replaces) a dataset's tasks. */
  add(spec: EnvSpec, dataset: Dataset): void {
    for (let i = this.tasks.length - 1; i >= 0; i--) if (this.tasks[i].spec.id === spec.id) this.tasks.splice(i, 1);
    for (const key of [...this.keys.keys()]) if (key.startsWith(`${spec.id}\u0000`)) this.keys.delete(key);
    for (const task of dataset.tasks) if (task.goal.trim()) this.tasks.push({ spec, dataset, task, goal: flat(task.goal) });
  }

  get size(): number {
    return this.tasks.length;
  }

  /** The task whose goal the prompt states (outside the model's own turns), if any. */
  taskOf(messages: ChatMessage[]): Indexed | undefined {
    const text = flat(messages.filter((message) => message.role !== 'assistant').map((message) => message.content).join('\n'));
    let best: Indexed | undefined;
    for (const entry of this.tasks) if (entry.goal.length > (best?.goal.length ?? 0) && text.includes(entry.goal)) best = entry;
    return best;
  }

  /** The evident key of the task the prompt states, kept per task so a growing transcript replays only its new calls. */
  keyFor(messages: ChatMessage[]): { key: EvidentKey; id: string } | undefined {
    const found = this.taskOf(messages);
    if (!found) return undefined;
    const id = `${found.spec.id}\u0000${found.task.id}`;
    let key = this.keys.get(id);
    if (!key) {
      if (this.keys.size >= 512) this.keys.clear();
      this.keys.set(id, (key = new EvidentKey(found)));
    }
    return { key, id };
  }
}
