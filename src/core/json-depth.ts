/** How deep an imported file may nest: real case files nest about 8 levels; anything past this is refused. */
export const MAX_IMPORT_DEPTH = 64;

/** Where a value nests deeper than `limit`: the path of the first such node, or undefined when it does not. */
export function tooDeep(value: unknown, limit = MAX_IMPORT_DEPTH): (string | number)[] | undefined {
  // An explicit stack, not recursion: a 10,000-deep file must not overflow the checker itself.
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: node, path } = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (path.length >= limit) return path;
    if (Array.isArray(node)) node.forEach((item, i) => stack.push({ value: item, path: [...path, i] }));
    else for (const [key, item] of Object.entries(node)) stack.push({ value: item, path: [...path, key] });
  }
  return undefined;
}

/** A problem for the import's list: the item (case or query) it is in and where, or undefined. */
export function depthProblem(file: string, value: unknown, limit = MAX_IMPORT_DEPTH): { caseId: string; path: string; message: string } | undefined {
  const path = tooDeep(value, limit);
  if (!path) return undefined;
  const item = Array.isArray(value) && typeof path[0] === 'number' ? (value[path[0]] as { id?: unknown } | undefined) : undefined;
  const caseId = item && typeof item === 'object' && typeof item.id === 'string' ? item.id : typeof path[0] === 'number' ? `#${path[0]}` : '';
  const shown = path.length > 8 ? [...path.slice(0, 6), '…'] : path;
  return { caseId, path: `${file}${shown.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('')}`, message: `nests more than ${limit} levels deep; no Toolwise file does, so it is refused before it is read.` };
}
