/**
 * The papers the project follows, by title (and arXiv id where we cite one), for text that names
 * where a measure is defined: the glossary reads these through each metric's spec.
 */
export const PAPER_TITLES = {
  autotool: 'AutoTool: Efficient Tool Selection for Large Language Model Agents',
  egb: 'Long-Horizon Plan Execution in Large Tool Spaces through Entropy-Guided Branching (EGB, arXiv 2604.12126)',
  toolexpnet: 'ToolExpNet: Optimizing Multi-Tool Selection in LLMs with Similarity and Dependency-Aware Experience Networks',
  ecoact: 'EcoAct: Economic Agent Determines When to Register What Action',
} as const;

/** Where a measure of our own is defined: not in a paper. */
export const OUR_MEASURE = 'Toolwise (a measurement of this page, not from a paper)';
