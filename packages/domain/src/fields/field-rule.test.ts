import { describe, expect, it } from 'vitest';
import { attributeName, isBlank, timeZoneOf } from './field-rule.ts';

describe('field rule helpers', () => {
  it('treats null, undefined, blank strings and empty lists as not filled', () => {
    for (const value of [null, undefined, '', '  \n', []]) expect(isBlank(value)).toBe(true);
    for (const value of [0, false, 'a', [''], {}]) expect(isBlank(value)).toBe(false);
  });

  it('reads the name and the zone defensively', () => {
    expect(attributeName({ name: 'Cliente', componentId: 4 })).toBe('Cliente');
    expect(attributeName({ name: 42 as unknown as string, componentId: 4 })).toBe('');
    expect(timeZoneOf({ now: new Date() })).toBe('America/Sao_Paulo');
    expect(timeZoneOf({ now: new Date(), timeZone: '' })).toBe('America/Sao_Paulo');
    expect(timeZoneOf({ now: new Date(), timeZone: 'America/Manaus' })).toBe('America/Manaus');
  });
});
