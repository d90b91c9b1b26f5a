import { describe, expect, it } from 'vitest';
import {
  ALLOWED_FILE_EXTENSIONS,
  checkFiles,
  fileExtension,
  fileRule,
  imageExtensionError,
  invalidFileMessage,
  isAllowedFileName,
  MAX_FILES_PER_SELECTION,
  pickFiles,
} from './file.ts';

const TOOLTIP =
  'O upload desse arquivo não será realizado, pois a extensão é inválida. Envie arquivos .pdf, .xls, .xlsx, .doc, .docx, .xml, .jpg, .jpeg, .png, .bmp, .gif.';
const attribute = { name: 'Anexos', componentId: 22, isRequired: true, length: null, componentConfigs: {} };

describe('file names', () => {
  it('reads extensions case-insensitively', () => {
    expect(fileExtension('Relatório Final.PDF')).toBe('.pdf');
    expect(fileExtension('arquivo')).toBe('');
    expect(fileExtension('.bashrc')).toBe('');
    expect(fileExtension('pasta.v2/arquivo')).toBe('');
    expect(fileExtension('nota.tar.gz')).toBe('.gz');
  });

  it('allows the spec list only', () => {
    expect(ALLOWED_FILE_EXTENSIONS).toHaveLength(11);
    for (const name of ['a.pdf', 'b.XLSX', 'c.doc', 'd.docx', 'e.xml', 'f.jpeg', 'g.bmp', 'h.gif']) {
      expect(isAllowedFileName(name)).toBe(true);
    }
    for (const name of ['a.exe', 'b.pdf.exe', 'c', 'd.svg', 'e.html'])
      expect(isAllowedFileName(name)).toBe(false);
  });

  it('builds the invalid-file tooltip with the list', () => {
    expect(invalidFileMessage()).toBe(TOOLTIP);
  });

  it('accepts only .png, .jpeg and .jpg as images', () => {
    expect(imageExtensionError('logo.PNG')).toBeUndefined();
    expect(imageExtensionError('logo.jpeg')).toBeUndefined();
    expect(imageExtensionError('logo.gif')).toBe('Extensão não suportada');
  });
});

describe('picking files', () => {
  it('takes at most 20, ignores names already listed and flags bad extensions', () => {
    const picked = Array.from({ length: 25 }, (_, i) => ({ name: `doc${i}.${i === 3 ? 'exe' : 'pdf'}` }));
    const { added, ignored } = pickFiles([{ name: 'doc0.pdf' }], picked);
    expect(MAX_FILES_PER_SELECTION).toBe(20);
    expect(added).toHaveLength(20);
    expect(added.map((f) => f.name)).not.toContain('doc0.pdf');
    expect(added.find((f) => f.name === 'doc3.exe')?.error).toBe(true);
    expect(added.find((f) => f.name === 'doc4.pdf')?.error).toBe(false);
    expect(ignored.map((f) => f.name)).toEqual([
      'doc0.pdf',
      'doc21.pdf',
      'doc22.pdf',
      'doc23.pdf',
      'doc24.pdf',
    ]);
  });

  it('ignores a name repeated within the selection', () => {
    expect(pickFiles([], [{ name: 'a.pdf' }, { name: 'a.pdf' }]).added).toHaveLength(1);
  });
});

describe('file value (22, 34)', () => {
  it("is missing with no file, or only files being removed: 'Selecione um arquivo'", () => {
    expect(fileRule.requiredMessage?.(attribute)).toBe('Selecione um arquivo');
    expect(fileRule.isEmpty?.([], attribute)).toBe(true);
    expect(fileRule.isEmpty?.(null, attribute)).toBe(true);
    expect(fileRule.isEmpty?.([{ name: 'a.pdf', url: '/f/1', deleted: true }], attribute)).toBe(true);
    expect(fileRule.isEmpty?.([{ name: 'a.pdf', url: '/f/1' }], attribute)).toBe(false);
    expect(fileRule.isEmpty?.(42, attribute)).toBe(false);
  });

  it('refuses new files with a bad extension; stored ones are left alone', () => {
    expect(checkFiles('Anexos', [{ name: 'virus.exe' }])).toEqual([{ message: TOOLTIP }]);
    expect(checkFiles('Anexos', [{ name: 'antigo.exe', url: '/f/9' }])).toEqual([]);
    expect(checkFiles('Anexos', { name: 'nota.pdf', data: 'JVBERi0=' })).toEqual([]);
  });

  it('refuses more than 20 new files at once and what is not a file list', () => {
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `f${i}.pdf` }));
    expect(checkFiles('Anexos', many)).toEqual([{ message: 'Selecione no máximo 20 arquivos por vez' }]);
    expect(checkFiles('Anexos', 42)).toEqual([{ message: 'O valor informado em Anexos é inválido' }]);
    expect(checkFiles('Anexos', [{ nome: 'x.pdf' }])).toEqual([
      { message: 'O valor informado em Anexos é inválido' },
    ]);
  });
});
