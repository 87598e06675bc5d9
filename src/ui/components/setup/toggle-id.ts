/** Adds or removes an id from a selection, keeping the registry's order. */
export function toggleId(selected: string[], id: string, on: boolean, order: string[]): string[] {
  const next = new Set(selected);
  if (on) next.add(id);
  else next.delete(id);
  return order.filter((known) => next.has(known)).concat(selected.filter((other) => !order.includes(other) && next.has(other)));
}
