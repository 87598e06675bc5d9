/** Round axis ticks from 0 with room for the labels: the bound is 1, 2, 2.5 or 5 times a power of ten. */
export function niceTicks(max: number): number[] {
  const target = max > 0 ? max * 1.3 : 1;
  const power = 10 ** Math.floor(Math.log10(target));
  const lead = [1, 2, 2.5, 5, 10].find((step) => step * power >= target)!;
  const intervals = lead < 2.5 ? 4 : 5;
  return Array.from({ length: intervals + 1 }, (_, i) => (i * lead * power) / intervals);
}

/**
 * Dollar ticks (issue 42 item 7: the cost chart skipped $0.01 and $0.015). Dollar labels ("$0.015")
 * are twice as wide as token labels ("10K"), and recharts dropped those that ran into each other;
 * so at most three steps, each 1, 2 or 5 times a power of ten, every one of them drawn.
 */
export function dollarTicks(max: number): number[] {
  const target = max > 0 ? max * 1.3 : 0.01;
  const power = 10 ** Math.floor(Math.log10(target / 3));
  const step = [1, 2, 5, 10].map((lead) => lead * power).find((candidate) => Math.ceil(target / candidate - 1e-9) <= 3)!;
  const steps = Math.max(2, Math.ceil(target / step - 1e-9));
  return Array.from({ length: steps + 1 }, (_, i) => Number((i * step).toPrecision(12)));
}

/** A dollar tick's label: "$0", "$0.01", "$0.005". */
export const dollarTick = (value: number) => `$${Number(value.toPrecision(2))}`;
