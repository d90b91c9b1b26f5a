import { describe, expect, it } from 'vitest';
import { on, stubFetch } from '../../../test/fetch-stub.ts';
import { uploadFileValue } from './upload-file-value.ts';

const attribute = { subjectAttributeId: 101 };
const stored = { name: 'nota.pdf', type: 'application/pdf', url: '/api/value/file/campos/4/101/9' };
const answer = { files: [], ignored: [], removed: [9] };

describe('uploadFileValue', () => {
  it('posts the editor list as it stands after the record is saved', async () => {
    const calls = stubFetch(on('POST', '/api/value/file/campos/4/101', 201, answer));
    const items = [
      { ...stored, deleted: true },
      { name: 'novo.png', type: 'image/png', url: null, data: 'iVBORw0K', error: false },
      { name: 'programa.exe', type: 'application/octet-stream', url: null, data: null, error: true },
    ];
    await expect(uploadFileValue('campos', 4, attribute, items)).resolves.toEqual(answer);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', body: { files: items } });
  });

  it('makes no call when nothing is to be stored or removed', async () => {
    const calls = stubFetch();
    const invalidOnly = [{ name: 'programa.exe', url: null, data: null, error: true }];
    await expect(uploadFileValue('campos', 4, attribute, [stored, ...invalidOnly])).resolves.toEqual({
      files: [],
      ignored: [],
      removed: [],
    });
    await uploadFileValue('campos', 4, attribute, null);
    expect(calls).toEqual([]);
  });

  it("reports the server's refusal", async () => {
    stubFetch(
      on('POST', '/api/value/file/campos/4/101', 413, { errors: [{ message: 'Arquivo grande demais.' }] }),
    );
    const items = [{ name: 'grande.pdf', url: null, data: 'JVBERi0=' }];
    await expect(uploadFileValue('campos', 4, attribute, items)).rejects.toMatchObject({
      status: 413,
      message: 'Arquivo grande demais.',
    });
  });
});
