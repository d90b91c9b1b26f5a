import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubbedCall } from '../../../test/fetch-stub.ts';
import { contextAttribute, renderEditor } from '../../test-utils.tsx';
import { IdentificationEditor } from './IdentificationEditor.tsx';

const INVALID = 'O número do CNPJ/CPF/identificação informado é inválido';
const attribute = contextAttribute({ identifier: 'documento', name: 'CNPJ/CPF', componentId: 2 });

/** Answers the natural-key searches: `holders` have the value among active records. */
function filterAnswer(holders: number[], inactiveHolders: number[] = []) {
  return (call: StubbedCall) => {
    if (call.method !== 'POST' || call.path !== '/api/talk/filter/clientes/') return undefined;
    const active = (call.body as { isActive: boolean }).isActive;
    const ids = active ? holders : inactiveHolders;
    return {
      status: 200,
      body: { itens: ids.map((talkId) => ({ talkId })), totalResults: ids.length, currentPage: 1 },
    };
  };
}

describe('CNPJ/CPF editor (2)', () => {
  it('masks a CPF as typed (14 characters) and emits the masked text', async () => {
    const user = userEvent.setup();
    const view = renderEditor(IdentificationEditor, { attribute });
    const input = screen.getByLabelText('CNPJ/CPF');
    await user.type(input, '52998224725');
    expect(input).toHaveProperty('value', '529.982.247-25');
    expect(view.changes).toEqual(['529.982.247-25']);
    expect(view.inputError()).toBeUndefined();
  });

  it('masks a CNPJ (18 characters), numeric or alphanumeric', async () => {
    const user = userEvent.setup();
    const view = renderEditor(IdentificationEditor, { attribute });
    const input = screen.getByLabelText('CNPJ/CPF');
    await user.type(input, '11222333000181');
    expect(input).toHaveProperty('value', '11.222.333/0001-81');
    expect(view.changes.at(-1)).toBe('11.222.333/0001-81');
    await user.clear(input);
    await user.type(input, '12abc34501de35');
    expect(input).toHaveProperty('value', '12.ABC.345/01DE-35');
    expect(view.changes.at(-1)).toBe('12.ABC.345/01DE-35');
  });

  it('reports an invalid complete number at once, an incomplete one on leaving', async () => {
    const user = userEvent.setup();
    const view = renderEditor(IdentificationEditor, { attribute });
    const input = screen.getByLabelText('CNPJ/CPF');
    await user.type(input, '52998224724');
    expect(view.inputError()).toBe(INVALID);
    expect(screen.getByText(INVALID)).toBeTruthy();
    expect(view.changes).toEqual([]);
    await user.clear(input);
    expect(view.inputError()).toBeUndefined();
    await user.type(input, '5299');
    expect(view.inputError()).toBe(INVALID);
    expect(screen.queryByText(INVALID)).toBeNull();
    await user.tab();
    expect(screen.getByText(INVALID)).toBeTruthy();
  });

  it('takes up to 20 digits without a mask for a foreign customer', async () => {
    const user = userEvent.setup();
    const view = renderEditor(IdentificationEditor, {
      attribute: contextAttribute({
        name: 'Identificação',
        componentId: 2,
        componentConfigs: { foreignCustomer: true },
      }),
    });
    const input = screen.getByLabelText('Identificação');
    await user.type(input, '1234-5678901234567890123');
    expect(input).toHaveProperty('value', '12345678901234567890');
    expect(view.changes.at(-1)).toBe('12345678901234567890');
    expect(view.inputError()).toBeUndefined();
  });

  it('checks a natural key: "Verificando..." then "{name} já está sendo usado" when another record has it', async () => {
    const calls = stubFetch(filterAnswer([], [9]));
    // Hold the answers back so that the check can be seen in progress.
    const answer = globalThis.fetch;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', (...args: Parameters<typeof fetch>) => gate.then(() => answer(...args)));
    const user = userEvent.setup();
    const view = renderEditor(IdentificationEditor, {
      attribute: { ...attribute, isNaturalKey: true },
      subject: 'clientes',
      talkId: 4,
    });
    await user.type(screen.getByLabelText('CNPJ/CPF'), '52998224725');
    expect(await screen.findByText('Verificando...')).toBeTruthy();
    release();
    await waitFor(() => expect(view.inputError()).toBe('CNPJ/CPF já está sendo usado'));
    expect(screen.getByText('CNPJ/CPF já está sendo usado')).toBeTruthy();
    expect(screen.queryByText('Verificando...')).toBeNull();
    expect(calls.map((c) => c.body)).toEqual(
      [true, false].map((isActive) => ({
        isActive,
        page: 1,
        fetch: 2,
        filterJson: {
          condition: 'E',
          rules: [{ attribute: 'documento', operator: 'equal', value: '529.982.247-25' }],
        },
      })),
    );
    // The value is still emitted: it is a CPF, only taken.
    expect(view.changes).toEqual(['529.982.247-25']);
  });

  it('the record that already holds the number is not "another record"', async () => {
    const calls = stubFetch(filterAnswer([4]));
    const user = userEvent.setup();
    const view = renderEditor(IdentificationEditor, {
      attribute: { ...attribute, isNaturalKey: true },
      subject: 'clientes',
      talkId: 4,
    });
    await user.type(screen.getByLabelText('CNPJ/CPF'), '11222333000181');
    await waitFor(() => expect(calls).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText('Verificando...')).toBeNull());
    expect(screen.queryByText('CNPJ/CPF já está sendo usado')).toBeNull();
    expect(view.inputError()).toBeUndefined();
  });

  it('does not check an attribute that is not a natural key, and read-only cannot change', async () => {
    const calls = stubFetch();
    const user = userEvent.setup();
    const view = renderEditor(IdentificationEditor, { attribute, value: '529.982.247-25', readOnly: true });
    const input = screen.getByLabelText('CNPJ/CPF');
    expect(input).toHaveProperty('value', '529.982.247-25');
    await user.type(input, '1');
    expect(view.changes).toEqual([]);
    expect(calls).toEqual([]);
  });
});
