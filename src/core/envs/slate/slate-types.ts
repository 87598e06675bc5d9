import type { Tool } from '../../types';

/** A SLATE tool: a Tool plus the uninformative reply to any call that matches no simulation entry. */
export interface SlateTool extends Tool {
  default_output: Record<string, unknown>;
  /**
   * Optional: tools of one family do the same thing with the same arguments (a store API's aliases,
   * such as get_order_details and fetch_order_details). The simulator answers a call of any member
   * as it answers the member a simulation entry names; tool match still counts the annotated tool.
   */
  family?: string;
}

/** A planned call: the tool and its arguments, which may reference earlier outputs. */
export interface PlannedAction {
  tool: string;
  args: Record<string, unknown>;
}

export interface Substep {
  step: string;
  description: string;
  /** null means "No tool required". */
  action: PlannedAction | null;
}

export interface PlanStep {
  step: string;
  description: string;
  substeps: Substep[];
}

/** A simulation entry: (tool, arguments) -> output (SLATE section 3.4, the simulation database). */
export interface SimulationEntry {
  tool: string;
  args: Record<string, unknown>;
  output: Record<string, unknown>;
}

/** A SLATE case (docs/environments.md; also the import format). */
export interface SlateCase {
  id: string;
  category: string;
  user_type: string;
  complexity: 'MODERATE' | 'COMPLEX' | 'ADVANCED';
  query: string;
  plan: PlanStep[];
  simulation: SimulationEntry[];
  /** Train/test split for the memory variants; imported cases without it count as test. */
  split?: 'train' | 'test';
}

/** The 12 task categories of SLATE section 3.2. */
export const SLATE_CATEGORIES = [
  'Product Management',
  'Inventory Management',
  'Order Processing',
  'Shipping & Fulfillment',
  'Pricing & Promotions',
  'Subscription Management',
  'Customer Service',
  'Returns & Refunds',
  'Analytics & Reporting',
  'Catalog Management',
  'Review Management',
  'Miscellaneous',
] as const;
