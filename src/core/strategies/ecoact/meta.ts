import type { StrategyMeta } from '../strategy';
import { PAPER_TITLES } from '../../paper-titles';

/** What the page shows of EcoAct wrapping ReAct; `ecoactReactSpec` adds its code. */
export const ecoactReactMeta: StrategyMeta = {
  id: 'ecoact-react',
  independentTasks: true,
  label: 'EcoAct (ReAct)',
  paper: 'EcoAct (Zhang et al.), section 2.2 and appendix D',
  description: 'Sees tool names only and registers the tools it needs, one per step; only registered tools are documented in its prompt.',
  params: [],
  metrics: {
    registeredTools: { label: 'Registered tools', title: 'EcoAct: tools registered per query', kind: 'count', what: 'Tools EcoAct registered (shown in the prompt in full) for a query, out of those it saw by name.', definedIn: `${PAPER_TITLES.ecoact}, section 2.2` },
    availableTools: { label: 'Available tools', title: 'EcoAct: candidate tools per query', kind: 'count', what: 'Candidate tools a query offered EcoAct, each shown by name until registered.', definedIn: `${PAPER_TITLES.ecoact}, section 2.2` },
  },
};
