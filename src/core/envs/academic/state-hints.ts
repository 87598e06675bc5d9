import type { StateHints } from '../../types';

/** Academic's key states: the graph the agent loaded last, and the node it looked at last. */
export const academicStateHints: StateHints = (_tool, param, steps) => {
  const ok = [...steps].reverse().filter((step) => step.ok);
  if (param === 'graph') {
    const load = ok.find((step) => /^load(Paper|Author)Net$/.test(step.tool));
    return { value: load ? (load.tool === 'loadPaperNet' ? 'PaperNet' : 'AuthorNet') : undefined };
  }
  if (/^node\d?$/.test(param)) return { value: ok.find((step) => step.args.node !== undefined)?.args.node };
  return undefined;
};
