/** `OUTPUT_FROM_STEP_<step>.<field>`: a reference to a field of an earlier substep's output. */
const REFERENCE = /^OUTPUT_FROM_STEP_(\d+(?:\.\d+)*)\.([A-Za-z_][\w.]*)$/;

/** The step and field of a reference, or undefined when the value is not one. */
export function parseReference(value: unknown): { step: string; field: string } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = REFERENCE.exec(value.trim());
  if (!match) return undefined;
  // The step is the longest dotted prefix of two parts (`1.1`); the rest is the field path.
  const parts = match[1].split('.');
  const step = parts.slice(0, 2).join('.');
  const field = [...parts.slice(2), match[2]].join('.');
  return { step, field };
}

function readField(output: Record<string, unknown> | undefined, field: string): unknown {
  let value: unknown = output;
  for (const key of field.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * Replaces references in arguments with the values found in earlier outputs. An unresolvable
 * reference stays as written, so the call matches no simulation entry and gets the default output.
 */
export function resolveReferences(args: Record<string, unknown>, outputs: ReadonlyMap<string, Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(args).map(([key, value]) => {
      const reference = parseReference(value);
      if (!reference) return [key, value];
      const resolved = readField(outputs.get(reference.step), reference.field);
      return [key, resolved === undefined ? value : resolved];
    }),
  );
}
