import { describe, expect, it } from 'vitest';
import { SlateEnvironment } from './slate-environment';
import { slateExpert } from './slate-expert';
import { parseSlateDataset, slateSpec } from '.';
import { NO_TOOL } from '../../plan-guided';
import type { SlateCase, SlateTool } from './slate-types';

const tool = (name: string, args: string[], result: string): SlateTool => ({
  name,
  description: `${name.replace(/_/g, ' ')}.`,
  arguments: { properties: Object.fromEntries(args.map((a) => [a, { type: 'string', description: a }])), required: args },
  results: { properties: { [result]: { type: 'string', description: result } }, required: [result] },
  default_output: { status: 'no_record_found' },
});

/** The ThermoFlex example of the EGB paper's appendix A, shortened. */
const tools = [
  tool('get_product_details', ['sku'], 'product_id'),
  tool('get_product_summary', ['sku'], 'summary'),
  tool('create_promotion', ['product_id', 'discount_percentage', 'start_date'], 'promotion_id'),
  tool('create_promo_code', ['promotion_id', 'code'], 'promo_code_id'),
];
const item: SlateCase = {
  id: 'slate-thermo',
  category: 'Pricing & Promotions',
  user_type: 'seller',
  complexity: 'MODERATE',
  query: 'Create a 15% summer promotion for SKU TF-WB-2023 from June 1, 2024 with promo code SUMMERTF24.',
  plan: [
    { step: '1', description: 'Verify product information', substeps: [{ step: '1.1', description: 'Retrieve product details', action: { tool: 'get_product_details', args: { sku: 'TF-WB-2023' } } }] },
    {
      step: '2',
      description: 'Create the promotion',
      substeps: [
        { step: '2.1', description: 'Decide the promotion window', action: null },
        { step: '2.2', description: 'Set up promotion parameters', action: { tool: 'create_promotion', args: { product_id: 'OUTPUT_FROM_STEP_1.1.product_id', discount_percentage: 15, start_date: '2024-06-01' } } },
        { step: '2.3', description: 'Create the promo code', action: { tool: 'create_promo_code', args: { promotion_id: 'OUTPUT_FROM_STEP_2.2.promotion_id', code: 'SUMMERTF24' } } },
      ],
    },
  ],
  simulation: [
    { tool: 'get_product_details', args: { sku: 'TF-WB-2023' }, output: { product_id: 'P-TF-WB-2023-001' } },
    { tool: 'create_promotion', args: { product_id: 'P-TF-WB-2023-001', discount_percentage: 15, start_date: '2024-06-01' }, output: { promotion_id: 'PROMO-TF-2024-S001' } },
    { tool: 'create_promo_code', args: { promotion_id: 'PROMO-TF-2024-S001', code: 'SUMMERTF24' }, output: { promo_code_id: 'PC-SUMMERTF24-001' } },
  ],
};
const dataset = parseSlateDataset({ tools, cases: [item] });

function start() {
  const env = slateSpec.create(dataset) as SlateEnvironment;
  env.reset(dataset.tasks[0]);
  return { env, expert: slateExpert(env) };
}

describe('SlateEnvironment', () => {
  it('should succeed when the expert plan is followed, resolving references to earlier outputs', () => {
    const { env, expert } = start();
    let last;
    for (let action = expert.next(); action; action = expert.next()) last = env.step(action);
    expect(last).toMatchObject({ done: true, success: true, output: { promo_code_id: 'PC-SUMMERTF24-001' } });
    expect(env.metrics()).toEqual({ toolMatch: 1, actionIdAcc: 1, progress: 1 });
    expect(last?.progress).toBe(1);
  });

  it('should give the default output to a near-duplicate tool and let the failure propagate', () => {
    const { env } = start();
    expect(env.step({ tool: 'get_product_summary', args: { sku: 'TF-WB-2023' } })).toMatchObject({ ok: false, output: { status: 'no_record_found' } });
    env.step({ tool: NO_TOOL, args: {} });
    // The reference to 1.1's product_id cannot resolve, so the right tool gets the default output too.
    expect(env.step({ tool: 'create_promotion', args: { product_id: 'OUTPUT_FROM_STEP_1.1.product_id', discount_percentage: '15%', start_date: 'June 1, 2024' } }).ok).toBe(false);
    const last = env.step({ tool: 'create_promo_code', args: { promotion_id: 'OUTPUT_FROM_STEP_2.2.promotion_id', code: 'SUMMERTF24' } });
    expect(last).toMatchObject({ done: true, success: false });
    expect(env.metrics()).toMatchObject({ toolMatch: 2 / 3, actionIdAcc: 1 });
  });

  it('should accept equivalent argument spellings and a concrete value in place of a reference', () => {
    const { env } = start();
    env.step({ tool: 'get_product_details', args: { sku: '"tf-wb-2023"' } });
    env.step({ tool: 'get_product_details', args: { sku: 'TF-WB-2023' } }); // a tool where none is needed
    env.step({ tool: 'create_promotion', args: { product_id: 'P-TF-WB-2023-001', discount_percentage: '15.00', start_date: '06/01/2024' } });
    const last = env.step({ tool: 'create_promo_code', args: { promotion_id: 'OUTPUT_FROM_STEP_2.2.promotion_id', code: 'summertf24' } });
    expect(last.success).toBe(true);
    expect(env.metrics().actionIdAcc).toBeCloseTo(3 / 4);
  });

  it('should replay a prefix with seek, as EGB branching does', () => {
    const { env, expert } = start();
    for (let action = expert.next(); action; action = expert.next()) env.step(action);
    const full = env.trajectory();
    env.seek(2, full);
    expect(env.cursor()).toBe(2);
    expect(expert.next()?.tool).toBe('create_promotion');
    expect(env.step(expert.next()!).ok).toBe(true);
  });
});

describe('parseSlateDataset', () => {
  it('should name the case and the field of a broken case, and load nothing', () => {
    const broken = structuredClone(item);
    (broken.plan[1].substeps[1].action as { tool: unknown }).tool = 42;
    expect(() => parseSlateDataset({ tools, cases: [item, { ...broken, id: 'slate-broken' }] })).toThrow(/case slate-broken plan\[1\]\.substeps\[1\]\.action\.tool/);
  });

  it('should report a tool missing from the library and a reference to a later step', () => {
    const broken = structuredClone(item);
    broken.plan[0].substeps[0].action = { tool: 'get_product_detail', args: { sku: 'OUTPUT_FROM_STEP_2.2.promotion_id' } };
    try {
      parseSlateDataset({ tools, cases: [broken] });
      expect.unreachable();
    } catch (error) {
      const problems = (error as { problems: { path: string; message: string }[] }).problems;
      expect(problems.map((p) => p.message)).toEqual([
        'tool "get_product_detail" is not in the tool library',
        'references step 2.2, which does not come earlier',
      ]);
    }
  });

  it('should reject a tool library entry without default_output', () => {
    const { default_output: _omit, ...noDefault } = tools[0];
    expect(() => parseSlateDataset({ tools: [noDefault], cases: [item] })).toThrow(/tools\[0\]\.default_output/);
  });

  it('should say plainly that a required field is missing', () => {
    const { query: _omit, ...noQuery } = item;
    expect(() => parseSlateDataset({ tools, cases: [{ ...noQuery, id: 'slate-noquery' }] })).toThrow('case slate-noquery query: missing: this field is required (string)');
  });
});
