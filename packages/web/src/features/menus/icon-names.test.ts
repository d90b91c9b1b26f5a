import { describe, expect, it } from 'vitest';
import { searchIcons } from './icon-names.ts';

const all = ['support', 'support_agent', 'contact_support', 'home', 'help', 'arrow_back_ios', 'summarize'];

describe('icon picker search (issue 39 item 10)', () => {
  it('finds icons by their English names', () => {
    expect(searchIcons(all, 'arrow back')).toEqual(['arrow_back_ios']);
    expect(searchIcons(all, '')).toEqual(all);
  });

  it('finds icons by Portuguese words, with or without accents', () => {
    expect(searchIcons(all, 'suporte')).toEqual(
      expect.arrayContaining(['support', 'support_agent', 'contact_support']),
    );
    expect(searchIcons(all, 'Início')).toEqual(['home']);
    expect(searchIcons(all, 'relatório')).toEqual(['summarize']);
  });

  it('takes a Portuguese word half typed', () => {
    expect(searchIcons(all, 'supor')).toContain('support_agent');
  });
});
