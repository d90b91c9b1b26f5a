import { describe, expect, it } from 'vitest';
import { renderTemplate, templateVariables, variableText } from './template-variables.ts';

const values = new Map([
  ['User.Name', 'Ana <b>Souza</b>'],
  ['User.Email', 'ana@cliente.test'],
  ['IdentificadorConversa', '42'],
  ['titulo', 'Falha & "erro"'],
  ['cliente.nome', "O'Brien"],
]);

describe('notification template variables', () => {
  it('substitutes whitelisted names for each target', () => {
    const t = 'Olá, ${User.Name}! Chamado ${titulo} (${IdentificadorConversa}) de ${cliente.nome}';
    expect(renderTemplate(t, values, 'plain')).toBe(
      'Olá, Ana <b>Souza</b>! Chamado Falha & "erro" (42) de O\'Brien',
    );
    expect(renderTemplate(t, values, 'html')).toBe(
      'Olá, Ana &lt;b&gt;Souza&lt;/b&gt;! Chamado Falha &amp; &quot;erro&quot; (42) de O&#39;Brien',
    );
  });

  it('escapes the template text itself in HTML, and keeps line breaks', () => {
    expect(renderTemplate('<script>alert(1)</script>\n${User.Email}', values, 'html')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt;<br>ana@cliente.test',
    );
  });

  it('a value carrying a script is inert in HTML', () => {
    const v = new Map([['titulo', '<script>alert(document.cookie)</script>']]);
    const html = renderTemplate('${titulo}', v, 'html');
    expect(html).not.toContain('<script');
    expect(html).toBe('&lt;script&gt;alert(document.cookie)&lt;/script&gt;');
  });

  it('never reaches the prototype: ${constructor}, ${__proto__}, ${toString} stay as typed', () => {
    const t = '${constructor} ${__proto__} ${toString} ${hasOwnProperty}';
    expect(renderTemplate(t, values, 'plain')).toBe(t);
    expect(renderTemplate(t, new Map(), 'plain')).toBe(t);
  });

  it('nested ${${x}} is not evaluated twice: the inner name is substituted once, the rest stays text', () => {
    const v = new Map([
      ['x', 'User.Email'],
      ['User.Email', 'segredo@x.test'],
    ]);
    expect(renderTemplate('${${x}}', v, 'plain')).toBe('${User.Email}');
  });

  it('a value that looks like a variable is not expanded again', () => {
    const v = new Map([
      ['titulo', '${User.Email}'],
      ['User.Email', 'segredo@x.test'],
    ]);
    expect(renderTemplate('${titulo}', v, 'plain')).toBe('${User.Email}');
  });

  it('expressions, unknown names and unclosed braces stay text', () => {
    expect(renderTemplate('${1+1} ${process.env.X} ${a.b.c} ${User.Name', values, 'plain')).toBe(
      '${1+1} ${process.env.X} ${a.b.c} ${User.Name',
    );
    expect(renderTemplate('${ desconhecido }', values, 'plain')).toBe('${ desconhecido }');
  });

  it('header-safe: a value cannot add a header line', () => {
    const v = new Map([['titulo', 'Oi\r\nBcc: vitima@x.test\r\n\r\ncorpo']]);
    const subject = renderTemplate('Chamado: ${titulo}', v, 'header');
    expect(subject).not.toMatch(/[\r\n]/);
    expect(subject).toBe('Chamado: Oi Bcc: vitima@x.test corpo');
  });

  it('plain text drops control characters but keeps line feeds', () => {
    const v = new Map([['titulo', 'a\u0000b\u001bc\r\nd']]);
    expect(renderTemplate('${titulo}', v, 'plain')).toBe('abc\nd');
  });

  it('lists the names a template uses', () => {
    expect(templateVariables('${User.Name} ${titulo} ${User.Name} ${1+1}')).toEqual(['User.Name', 'titulo']);
  });

  it('turns record values into text', () => {
    expect(variableText(['a', 'b'])).toBe('a, b');
    expect(variableText(true)).toBe('Sim');
    expect(variableText(7)).toBe('7');
    expect(variableText(3, 'Cliente X')).toBe('Cliente X');
    expect(variableText({ label: 'Opção' })).toBe('Opção');
    expect(variableText(JSON.parse('{"__proto__": {"label": "x"}}'))).toBe('');
    expect(variableText(null)).toBe('');
  });
});
