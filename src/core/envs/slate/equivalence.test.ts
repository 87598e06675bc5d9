import { describe, expect, it } from 'vitest';
import { equivalentArgs, equivalentValues, parseDate, parseNumber } from './equivalence';

describe('equivalentValues', () => {
  it('should treat dates in common formats as equal', () => {
    for (const text of ['2024-06-01', '06/01/2024', '6/1/2024', 'June 1, 2024', 'Jun 1 2024', '1 June 2024', '1st June 2024', '2024/06/01', '01.06.2024', '2024-06-01T00:00:00Z']) {
      expect(parseDate(text), text).toBe('2024-06-01');
      expect(equivalentValues(text, '2024-06-01'), text).toBe(true);
    }
    expect(equivalentValues('2024-06-02', 'June 1, 2024')).toBe(false);
  });

  it('should treat numbers with or without currency and decimals as equal', () => {
    for (const text of ['35', '35.00', '$35', '$35.00', '35 USD', 'USD 35', ' 35 ']) expect(equivalentValues(text, 35), text).toBe(true);
    expect(parseNumber('1,250.5')).toBe(1250.5);
    expect(parseNumber('15%')).toBe(15);
    expect(equivalentValues('35.01', 35)).toBe(false);
  });

  it('should ignore case, whitespace and surrounding quotes in strings', () => {
    expect(equivalentValues('"SUMMERTF24"', 'summertf24')).toBe(true);
    expect(equivalentValues("  'ThermoFlex   Water Bottle' ", 'thermoflex water bottle')).toBe(true);
    expect(equivalentValues('TF-WB-2023', 'TF-WB-2024')).toBe(false);
  });
});

describe('equivalentArgs', () => {
  it('should need every entry argument and allow no extra non-empty one', () => {
    const entry = { sku: 'TF-WB-2023', min_purchase: 35 };
    expect(equivalentArgs({ SKU: '"tf-wb-2023"', min_purchase: '$35.00' }, entry)).toBe(true);
    expect(equivalentArgs({ sku: 'TF-WB-2023' }, entry)).toBe(false);
    expect(equivalentArgs({ sku: 'TF-WB-2023', min_purchase: 35, note: 'x' }, entry)).toBe(false);
    expect(equivalentArgs({ sku: 'TF-WB-2023', min_purchase: 35, note: '' }, entry)).toBe(true);
  });
});
