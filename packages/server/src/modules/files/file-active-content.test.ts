import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidFileMessage } from '@talkbase/domain/fields/file';
import { as, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createTalk } from '../../test/records.ts';
import { pdf, png, uploadTo } from './files-test-helpers.ts';

/**
 * Issue 19 item 6 (stored XSS, server side): the web app's page allows no inline script, and no
 * uploaded file is ever served as active content in the app's origin: HTML and SVG are refused
 * whatever they are called, and every download goes out as an attachment the browser may not sniff.
 */

let t: TestApp;
let admin: string;
let fileUrl: string;

beforeAll(async () => {
  const web = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'talkbase-web-'));
  fs.writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><title>Talkbase</title><div id="root"></div>',
  );
  t = await createTestApp({ WEB_DIST: web });
  admin = (await login(t.app)).token;
  const res = await t.app.inject(
    as(admin, {
      method: 'POST',
      url: '/api/subject',
      payload: {
        identifier: 'dossie',
        name: 'Dossiê',
        attributes: [
          { identifier: 'titulo', name: 'Título', componentId: 1, isRequired: true },
          { identifier: 'anexos', name: 'Anexos', componentId: 22, isMultipleValues: true },
        ],
      },
    }),
  );
  const attr = res.json<{ subjectAttributes: { subjectAttributeId: number }[] }>().subjectAttributes[1];
  const talkId = await createTalk(t.app, admin, 'dossie', { titulo: 'Caso' });
  fileUrl = `/api/value/file/dossie/${talkId}/${attr?.subjectAttributeId ?? 0}`;
});
afterAll(async () => {
  await t.close();
});

const SCRIPTED_HTML = Buffer.from(
  '<html><body><script>window.__xss=1</script><img src=x onerror=alert(1)></body></html>',
);
const SCRIPTED_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
);

describe('active content', () => {
  it('index.html carries a Content-Security-Policy without inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(scriptSrc).not.toMatch(/(^|\s)(\*|data:|https?:)(\s|$)/);
    // script-src-attr (event handler attributes) is not opened either.
    expect(csp).not.toMatch(/script-src-attr [^;]*'unsafe-inline'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses HTML and SVG under their own names and disguised as an accepted type', async () => {
    const attempts = [
      { name: 'pagina.html', data: SCRIPTED_HTML, type: 'text/html' },
      { name: 'pagina.htm', data: SCRIPTED_HTML, type: 'text/html' },
      { name: 'desenho.svg', data: SCRIPTED_SVG, type: 'image/svg+xml' },
      { name: 'foto.png', data: SCRIPTED_HTML, type: 'image/png' },
      { name: 'foto.gif', data: SCRIPTED_SVG, type: 'image/gif' },
      { name: 'laudo.pdf', data: SCRIPTED_HTML, type: 'application/pdf' },
      { name: 'nota.xml', data: SCRIPTED_SVG, type: 'text/xml' },
      { name: 'planilha.xls', data: SCRIPTED_HTML, type: 'application/vnd.ms-excel' },
    ];
    const accepted: string[] = [];
    for (const file of attempts) {
      const res = await uploadTo(t.app, admin, fileUrl, [file]);
      expect(res.statusCode, file.name).toBeLessThan(500);
      if (res.statusCode < 300) accepted.push(file.name);
    }
    // Every accepted one (if any) must still be served inert: checked by the next test's rule on all files.
    expect(accepted.filter((n) => /\.(html?|svg)$/.test(n))).toEqual([]);
  });

  it('serves every stored file as an attachment the browser may not sniff or run', async () => {
    const up = await uploadTo(t.app, admin, fileUrl, [
      { name: 'foto.png', data: png(2), type: 'image/png' },
      { name: 'laudo <img src=x onerror=alert(1)>.pdf', data: pdf(), type: 'application/pdf' },
      { name: 'nota.xml', data: Buffer.from('<?xml version="1.0"?><nfeProc versao="4.00"/>') },
    ]);
    expect(up.statusCode, up.body).toBe(201);
    const files = up.json<{ files: { url: string }[] }>().files;
    const list = await t.app.inject(as(admin, { method: 'GET', url: fileUrl }));
    const urls = [...files.map((f) => f.url), ...(list.statusCode === 200 ? [fileUrl] : [])];
    expect(urls.length).toBeGreaterThanOrEqual(3);
    for (const url of urls) {
      const res = await t.app.inject(as(admin, { method: 'GET', url }));
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-disposition'], url).toMatch(/^attachment/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(String(res.headers['content-type']), url).not.toMatch(/html|svg|javascript/);
      // The file name goes out as one quoted value and an encoded one: nothing breaks out of the header.
      expect(String(res.headers['content-disposition']), url).toMatch(
        /^attachment; filename="[^"\r\n]*"; filename\*=UTF-8''[A-Za-z0-9%._~!*'()-]*$/,
      );
    }
  });
});

describe('XML that a browser would run (security probe, issue 32)', () => {
  const xhtml = 'http://www.w3.org/1999/xhtml';
  const refused = [
    // An XHTML script below a non-HTML root: the root alone looked harmless.
    `<?xml version="1.0"?><nota><x:script xmlns:x="${xhtml}">alert(1)</x:script></nota>`,
    `<nota><corpo xmlns="${xhtml}"><script>alert(1)</script></corpo></nota>`,
    // The namespace written with character references, and declared after the opening 4 KB.
    `<nota><x:script xmlns:x="http&#58;//www.w3.org/1999/xhtml">alert(1)</x:script></nota>`,
    `<nota>${'<item>valor</item>'.repeat(400)}<s:svg xmlns:s="http://www.w3.org/2000/svg" onload="alert(1)"/></nota>`,
    // An attribute of the XHTML namespace, and a stylesheet turning the document into HTML.
    `<nota xmlns:h="${xhtml}" h:onclick="alert(1)"/>`,
    '<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="data:,x"?><nota/>',
    // Not well-formed past the opening bytes: what a browser makes of it can no longer be said.
    `<nota>${'<item>ok</item>'.repeat(400)}<item></nota>`,
  ];
  for (const [i, body] of refused.entries()) {
    it(`refuses case ${String(i + 1)} with the invalid-file text, and keeps nothing`, async () => {
      const before = await t.app.inject(as(admin, { method: 'GET', url: fileUrl }));
      const res = await uploadTo(t.app, admin, fileUrl, [
        { name: `nota-${String(i)}.xml`, data: Buffer.from(body) },
      ]);
      expect(res.statusCode, res.body).toBe(422);
      expect(errorsOf(res)[0]?.message).toBe(invalidFileMessage());
      const after = await t.app.inject(as(admin, { method: 'GET', url: fileUrl }));
      expect(after.body).toBe(before.body);
    });
  }

  it('accepts plain XML documents: an NF-e with namespaces, UTF-16, a large one', async () => {
    const nfe = Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?>\n<!-- nota -->\n<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe><infNFe Id="NFe1"/></NFe></nfeProc>',
    );
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('<nota><valor>10,50</valor></nota>', 'utf16le'),
    ]);
    const large = Buffer.from(`<lista>${'<item codigo="1">Peça &amp; serviço</item>'.repeat(5000)}</lista>`);
    const res = await uploadTo(t.app, admin, fileUrl, [
      { name: 'nfe.xml', data: nfe },
      { name: 'nota16.xml', data: utf16 },
      { name: 'lista.xml', data: large },
    ]);
    expect(res.statusCode, res.body).toBe(201);
  });
});
