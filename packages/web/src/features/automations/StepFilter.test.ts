import { describe, expect, it } from 'vitest';
import { stepFilterValue } from './StepFilter.tsx';

describe('stepFilterValue', () => {
  it('does not take a saved step’s own id for a saved filter picked in "Filtros disponíveis"', () => {
    const saved = { eventStepId: 7, filterId: 7, subjectId: 2, filterName: 'Alta', filter: { rules: [] } };
    expect(stepFilterValue(saved).filterId).toBeNull();
    const work = { workStepId: 9, filterId: 9, filterName: 'F', filter: null };
    expect(stepFilterValue(work).filterId).toBeNull();
  });

  it('keeps a saved filter picked while editing', () => {
    expect(stepFilterValue({ eventStepId: 7, filterId: 31, filterName: 'Alta', filter: null }).filterId).toBe(
      31,
    );
    expect(
      stepFilterValue({ eventStepId: null, filterId: 31, filterName: 'Alta', filter: null }).filterId,
    ).toBe(31);
  });
});
