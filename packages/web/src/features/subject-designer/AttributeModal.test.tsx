import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { preloadEditors } from '../../fields/registry.ts';
import { TestProviders } from '../../fields/test-utils.tsx';
import { changesOf, emptyAttribute, fromApi, toInput, type DraftAttribute } from './attribute-draft.ts';
import { AttributeModal } from './AttributeModal.tsx';

// Issue 39 item 6: a date or date-time attribute may start from "now" (the server evaluates it).

function renderModal(initial: DraftAttribute) {
  const onSubmit = vi.fn<(a: DraftAttribute) => Promise<void>>(() => Promise.resolve());
  render(
    <TestProviders>
      <AttributeModal
        opened
        initial={initial}
        isNew={initial.subjectAttributeId === undefined}
        subject="chamado"
        subjects={[]}
        takenIdentifiers={[]}
        submitLabel="Aplicar"
        onSubmit={onSubmit}
        onClose={() => undefined}
      />
    </TestProviders>,
  );
  return onSubmit;
}

const abertura: DraftAttribute = {
  ...emptyAttribute(),
  subjectAttributeId: 7,
  identifier: 'abertura',
  name: 'Abertura',
  componentId: 11,
};

describe('default value "now" in the attribute form', { timeout: 30_000 }, () => {
  it('is offered for a date-time and saved as defaultValue "now"', async () => {
    const user = userEvent.setup();
    const onSubmit = renderModal(abertura);
    const dialog = await screen.findByRole('dialog');
    const toggle = within(dialog).getByRole('switch', { name: /Valor padrão: agora/ });
    expect(toggle).toHaveProperty('checked', false);
    await user.click(toggle);
    expect(toggle).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    const saved = onSubmit.mock.calls[0]?.[0];
    expect(saved?.defaultValue).toBe('now');
    // Only the default goes in the change.
    expect(saved && changesOf(abertura, saved)).toEqual({ defaultValue: 'now' });
  });

  it('shows a saved "now" checked, and turning it off clears the default', async () => {
    const user = userEvent.setup();
    const onSubmit = renderModal({ ...abertura, componentId: 32, defaultValue: 'now' });
    const dialog = await screen.findByRole('dialog');
    const toggle = within(dialog).getByRole('switch', { name: /Valor padrão: agora/ });
    expect(toggle).toHaveProperty('checked', true);
    // A date-only attribute: the day of the create.
    expect(within(dialog).getByText(/recebe a data do dia em que é criado/)).toBeTruthy();
    await user.click(toggle);
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(onSubmit.mock.calls[0]?.[0].defaultValue).toBeNull();
  });

  it('is not offered for other types, and goes when the type changes to one', async () => {
    const user = userEvent.setup();
    const onSubmit = renderModal({ ...abertura, defaultValue: 'now' });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText(/^Tipo/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: /^Texto( \(1\))?$/ }));
    expect(within(dialog).queryByRole('switch', { name: /Valor padrão: agora/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ componentId: 1, defaultValue: null });
  });

  it('keeps other defaults as they are', () => {
    const situacao = fromApi({
      subjectAttributeId: 3,
      identifier: 'situacao',
      subjectAttributeIdentifier: 'situacao',
      name: 'Situação',
      attributeName: 'Situação',
      subjectAttributeName: 'Situação',
      componentId: 4,
      isRequired: false,
      isEditable: true,
      isNaturalKey: false,
      isMultipleValues: false,
      isOrderable: false,
      isInternal: false,
      length: null,
      defaultValue: '1',
      componentConfigs: {},
      relatedSubject: null,
      tooltip: null,
      description: null,
      icon: null,
      order: 1,
    });
    expect(toInput(situacao).defaultValue).toBe('1');
    expect(changesOf(situacao, { ...situacao, name: 'Status' })).toEqual({ name: 'Status' });
  });
});

describe('the field preview', { timeout: 30_000 }, () => {
  it("shows a newly chosen type's editor at once, with no spinner before it", async () => {
    // The dialog fetches every type's editor when it opens; the preview's new editor then replaces
    // nothing (a spinner that grew into the editor moved the dialog's buttons under the pointer).
    const user = userEvent.setup();
    renderModal({ ...emptyAttribute(), name: 'Manual', identifier: 'manual' });
    const dialog = await screen.findByRole('dialog');
    // The dialog started this fetch as it opened; awaited here so that the check does not race it.
    await preloadEditors();
    await user.click(within(dialog).getByLabelText(/^Tipo/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: /^Arquivo( \(\d+\))?$/ }));
    const preview = within(dialog).getByRole('group', { name: 'Como o campo aparece' });
    expect(within(preview).getByText('Nenhum arquivo')).toBeTruthy();
    expect(preview.querySelector('.mantine-Loader-root')).toBeNull();
  });
});
