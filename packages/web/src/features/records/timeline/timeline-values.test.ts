import { describe, expect, it } from 'vitest';
import { contextAttribute } from '../../../fields/test-utils.tsx';
import { fileChanges, formatTimelineValue } from './timeline-values.ts';

describe('timeline values', () => {
  it('reads the stored text and the canonical API form alike', () => {
    const pago = contextAttribute({ componentId: 27 });
    expect(formatTimelineValue(pago, '1')).toBe('Sim');
    expect(formatTimelineValue(pago, false)).toBe('Não');
    const quando = contextAttribute({ componentId: 11 });
    expect(formatTimelineValue(quando, String(Date.parse('2026-07-01T03:00:00Z')))).toBe('01/07/2026 00:00');
    expect(formatTimelineValue(quando, '2026-07-01T03:00:00.000Z')).toBe('01/07/2026 00:00');
  });

  it('formats measurements with their precision and phones, plates and lists of references', () => {
    const peso = contextAttribute({ componentId: 23, componentConfigs: { precision: 3 } });
    expect(formatTimelineValue(peso, '1234.5')).toBe('1.234,500');
    expect(formatTimelineValue(contextAttribute({ componentId: 6 }), '11987654321')).toBe('(11) 98765-4321');
    expect(formatTimelineValue(contextAttribute({ componentId: 31 }), 'abc1d23')).toBe('ABC-1D23');
    const tags = contextAttribute({ componentId: 4, isMultipleValues: true });
    expect(formatTimelineValue(tags, '[3,5]')).toBe('#3, #5');
    expect(formatTimelineValue(tags, '[]')).toBeNull();
  });

  it('treats empty values as empty and cuts long structures', () => {
    expect(formatTimelineValue(contextAttribute({ componentId: 1 }), '')).toBeNull();
    const filtro = contextAttribute({ componentId: 12 });
    const shown = formatTimelineValue(filtro, JSON.stringify({ rules: 'x'.repeat(300) }));
    expect(shown).toHaveLength(120);
    expect(shown?.endsWith('…')).toBe(true);
  });

  it('tells which files a change added and removed', () => {
    expect(fileChanges('["a.pdf","b.png"]', '["b.png","c.xml"]')).toEqual({
      added: ['c.xml'],
      removed: ['a.pdf'],
    });
    expect(fileChanges(null, '["a.pdf"]')).toEqual({ added: ['a.pdf'], removed: [] });
  });
});
