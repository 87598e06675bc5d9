/**
 * Writes a value the way Python prints it (`{'year': 2019, 'venue': 'ICML'}`), which is how
 * AgentBoard's academic tools show their results to the model.
 */
export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return quote(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return `{${entries.map(([key, item]) => `${quote(key)}: ${pythonRepr(item)}`).join(', ')}}`;
}

/** Python's choice of quotes: single, unless the text holds a single quote and no double one. */
function quote(text: string): string {
  if (text.includes("'") && !text.includes('"')) return `"${text}"`;
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}
