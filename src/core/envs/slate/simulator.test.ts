import { describe, expect, it } from 'vitest';
import { SlateSimulator } from './simulator';
import { parseReference, resolveReferences } from './references';
import type { SlateTool } from './slate-types';

const tool = (name: string, ...args: string[]): SlateTool => ({
  name,
  description: name,
  arguments: { properties: Object.fromEntries(args.map((a) => [a, { type: 'string', description: a }])), required: args },
  default_output: { status: 'no matching record' },
});

describe('resolveReferences', () => {
  it('should replace OUTPUT_FROM_STEP references with earlier output fields', () => {
    expect(parseReference('OUTPUT_FROM_STEP_1.1.product_id')).toEqual({ step: '1.1', field: 'product_id' });
    expect(parseReference('P-1')).toBeUndefined();
    const outputs = new Map([['1.1', { product_id: 'P-TF-WB-2023-001', meta: { code: 'X9' } }]]);
    expect(resolveReferences({ product_id: 'OUTPUT_FROM_STEP_1.1.product_id', discount: 15, code: 'OUTPUT_FROM_STEP_1.1.meta.code' }, outputs)).toEqual({
      product_id: 'P-TF-WB-2023-001',
      discount: 15,
      code: 'X9',
    });
  });

  it('should leave a reference to a missing step or field as written', () => {
    expect(resolveReferences({ id: 'OUTPUT_FROM_STEP_2.1.promotion_id' }, new Map())).toEqual({ id: 'OUTPUT_FROM_STEP_2.1.promotion_id' });
  });
});

describe('SlateSimulator', () => {
  const simulator = new SlateSimulator(
    [tool('get_product_details', 'sku'), tool('create_promotion', 'product_id', 'start_date')],
    [
      { tool: 'get_product_details', args: { sku: 'TF-WB-2023' }, output: { product_id: 'P-1' } },
      { tool: 'create_promotion', args: { product_id: 'P-1', start_date: '2024-06-01' }, output: { promotion_id: 'PROMO-1' } },
    ],
  );

  it('should return the entry output for an equivalent call', () => {
    expect(simulator.call('create_promotion', { product_id: ' p-1 ', start_date: 'June 1, 2024' })).toEqual({ output: { promotion_id: 'PROMO-1' }, matched: true });
  });

  it('should return the default output for a call that matches no entry', () => {
    expect(simulator.call('get_product_details', { sku: 'TF-WB-2024' })).toEqual({ output: { status: 'no matching record' }, matched: false });
  });

  it('should report an unknown tool', () => {
    expect(simulator.call('nope', {}).error).toMatch(/unknown tool "nope"/);
  });
});
