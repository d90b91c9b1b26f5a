import { describe, expect, it } from 'vitest';
import { displayText } from './display.ts';

const a = (componentId: number | string, componentConfigs: Record<string, unknown> = {}) => ({
  componentId,
  componentConfigs,
  name: 'Campo',
});

describe('values as a grid cell shows them (002 §5)', () => {
  it('formats by component: Sim/Não, dates, decimals, masks, related names', () => {
    expect(displayText(a(10), { value: true })).toBe('Sim');
    expect(displayText(a(27), { value: false })).toBe('Não');
    expect(displayText(a(32), { value: '2026-11-23' })).toBe('23/11/2026');
    expect(displayText(a(11), { value: '2026-11-23T17:05:00.000Z' })).toBe('23/11/2026 14:05');
    expect(displayText(a(25, { precision: 2 }), { value: 1234.5 })).toBe('1.234,50');
    expect(displayText(a('Identificacao'), { value: '11444777000161' })).toBe('11.444.777/0001-61');
    expect(displayText(a(6), { value: '11987654321' })).toBe('(11) 98765-4321');
    expect(displayText(a(4), { value: 7, displayValue: 'Urgente' })).toBe('Urgente');
    expect(displayText(a(4), { value: 7 })).toBe('#7');
    expect(displayText(a(22), { value: [{ name: 'a.pdf' }, { name: 'b.png' }] })).toBe('a.pdf, b.png');
  });

  it('shows empty as nothing and structures without [object Object]', () => {
    expect(displayText(a(1), { value: null })).toBe('');
    expect(displayText(a(1), undefined)).toBe('');
    expect(displayText(a(12), { value: { condition: 'E', rules: [{}, {}] } })).toBe('2 regras');
    expect(displayText(a(1), { value: { x: 1 } })).toBe('{"x":1}');
  });
});
