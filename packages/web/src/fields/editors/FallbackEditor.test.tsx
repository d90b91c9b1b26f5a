import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contextAttribute, renderEditor } from '../test-utils.tsx';
import { FallbackEditor } from './FallbackEditor.tsx';

describe('fallback editor', () => {
  it('edits text and empties to null', async () => {
    const user = userEvent.setup();
    const view = renderEditor(FallbackEditor, {
      attribute: contextAttribute({ name: 'Livre', componentId: 30 }),
    });
    await user.type(screen.getByLabelText('Livre'), 'ab');
    expect(view.changes).toEqual(['a', 'ab']);
    await user.clear(screen.getByLabelText('Livre'));
    expect(view.changes.at(-1)).toBeNull();
  });

  it('shows a structure as read-only JSON', () => {
    renderEditor(FallbackEditor, {
      attribute: contextAttribute({ name: 'Janela', componentId: 28 }),
      value: { date: '2026-11-23' },
    });
    const box = screen.getByLabelText<HTMLTextAreaElement>('Janela');
    expect(box.readOnly).toBe(true);
    expect(box.value).toContain('2026-11-23');
  });
});
