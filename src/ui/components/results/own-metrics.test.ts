import { describe, expect, it } from 'vitest';
import { foldsOwnMetrics, ownMetricOwners } from './own-metrics';

describe('the strategies\' own measures in the means table', () => {
  it('knows a strategy\'s own metric from an environment\'s or the run\'s', () => {
    expect(ownMetricOwners('inertialCalls')).toContain('autotool-react');
    expect(ownMetricOwners('registeredTools')).toBe('ecoact-react');
    expect(ownMetricOwners('toolMatch')).toBeUndefined();
    expect(ownMetricOwners('llmCalls')).toBeUndefined();
  });

  it('folds them into one column where two strategies bring some, not where one does', () => {
    expect(foldsOwnMetrics(['inertialCalls', 'inertialOk', 'recoveryCalls', 'toolMatch'])).toBe(false);
    expect(foldsOwnMetrics(['registeredTools', 'availableTools'])).toBe(false);
    expect(foldsOwnMetrics(['inertialCalls', 'registeredTools'])).toBe(true);
  });
});
