import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recordTemplateVars, renderTemplate, unknownTemplateVariables } from './template-vars.ts';

const vars = new Map([
  ['titulo', 'Falha <b>grave</b> & "urgente"'],
  ['cliente.nome', "O'Brien"],
  ['IdentificadorConversa', '42'],
  ['a', 'A'],
  ['evil', '${a}\r\nBcc: x@evil.test'],
]);

describe('automation templates', () => {
  it('substitutes whitelisted names, escaping the values for each target', () => {
    const t = '<p>Chamado ${IdentificadorConversa}: ${titulo}</p>';
    expect(renderTemplate(t, vars, 'html')).toBe(
      '<p>Chamado 42: Falha &lt;b&gt;grave&lt;/b&gt; &amp; &quot;urgente&quot;</p>',
    );
    expect(renderTemplate(t, vars, 'none')).toBe('<p>Chamado 42: Falha <b>grave</b> & "urgente"</p>');
    expect(renderTemplate('https://x.test/t/${titulo}?c=${cliente.nome}', vars, 'url')).toBe(
      "https://x.test/t/Falha%20%3Cb%3Egrave%3C%2Fb%3E%20%26%20%22urgente%22?c=O'Brien",
    );
    const json = renderTemplate('{"t":"${titulo}","e":"${evil}"}', vars, 'json');
    expect(JSON.parse(json)).toEqual({ t: 'Falha <b>grave</b> & "urgente"', e: '${a}\r\nBcc: x@evil.test' });
  });

  it('accepts a plain object as the whitelist without reaching its prototype', () => {
    expect(renderTemplate('${a} ${constructor} ${toString}', { a: 'A' }, 'none')).toBe(
      'A ${constructor} ${toString}',
    );
  });

  it('a header value cannot start another header', () => {
    const h = renderTemplate('Assunto: ${evil}', vars, 'header');
    expect(h).not.toMatch(/[\r\n]/);
    expect(h).toBe('Assunto: ${a} Bcc: x@evil.test');
  });

  it('values are inserted once, never re-scanned', () => {
    expect(renderTemplate('${evil}', vars, 'none')).toBe('${a}\r\nBcc: x@evil.test');
  });

  it('injection attempts stay literal and are never evaluated', () => {
    const attempts = [
      "${constructor.constructor('x')()}",
      '${{7*7}}',
      '${${a}}',
      '${a+a}',
      '${process.exit()}',
      '${__proto__}',
      '${this}',
      '${a.b.c}',
      '${ a }x',
      '${',
      '}${a',
    ];
    const rendered = attempts.map((t) => renderTemplate(t, vars, 'none'));
    expect(rendered).toEqual([
      "${constructor.constructor('x')()}",
      '${{7*7}}',
      '${A}',
      '${a+a}',
      '${process.exit()}',
      '${__proto__}',
      '${this}',
      '${a.b.c}',
      'Ax',
      '${',
      '}${a',
    ]);
  });

  it('an unknown name stays as typed and is reported', () => {
    expect(renderTemplate('Olá ${nome}', vars, 'html')).toBe('Olá ${nome}');
    expect(unknownTemplateVariables('${a} ${nome} ${titulo} ${x.y}', vars)).toEqual(['nome', 'x.y']);
  });

  it('property: text without ${ passes unchanged; HTML output never carries a value-made tag', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('${')),
        (s) => renderTemplate(s, vars, 'html') === s,
      ),
    );
    fc.assert(
      fc.property(fc.string(), (value) => {
        const out = renderTemplate('<i>${v}</i>', new Map([['v', value]]), 'html');
        const inner = out.slice(3, -4);
        return !/[<>"']/.test(inner);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (value) => {
        const out = renderTemplate('X-A: ${v}', new Map([['v', value]]), 'header');
        // eslint-disable-next-line no-control-regex
        return !/[\u0000-\u001F\u007F]/.test(out);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (value) => {
        const out = renderTemplate('{"v":"${v}"}', new Map([['v', value]]), 'json');
        return (JSON.parse(out) as { v: string }).v === value;
      }),
    );
    fc.assert(
      fc.property(fc.string(), (value) => {
        const out = renderTemplate('${v}', new Map([['v', value]]), 'url');
        return !/[/?#&=\s]/.test(out) && decodeURIComponent(out) === value;
      }),
    );
  });

  it('builds the whitelist of a record', () => {
    const v = recordTemplateVars(
      {
        talkId: 9,
        subjectIdentifier: 'chamado',
        subjectName: 'Chamado',
        values: { titulo: 'T', 'não vale': 'x' },
      },
      { 'User.Name': 'Ana' },
    );
    expect(Object.fromEntries(v)).toEqual({
      IdentificadorConversa: '9',
      talkId: '9',
      assunto: 'Chamado',
      subject: 'chamado',
      titulo: 'T',
      'User.Name': 'Ana',
    });
  });
});
