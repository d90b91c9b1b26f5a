import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size.ts';
import { fileNameFromDisposition } from './file-transfer.ts';

describe('file transfer helpers', () => {
  it('reads the server name of a download, UTF-8 form first', () => {
    expect(
      fileNameFromDisposition(`attachment; filename="Relat_rio.pdf"; filename*=UTF-8''Relat%C3%B3rio.pdf`),
    ).toBe('Relatório.pdf');
    expect(fileNameFromDisposition('attachment; filename="documentos-7.zip"')).toBe('documentos-7.zip');
    expect(fileNameFromDisposition(null)).toBeUndefined();
  });

  it('writes sizes in pt-BR units', () => {
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(900)).toBe('900 bytes');
    expect(formatFileSize(1536)).toBe('1,5 KB');
    expect(formatFileSize(1_572_864)).toBe('1,5 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
  });
});
