import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contextAttribute, TestProviders } from '../../fields/test-utils.tsx';
import { on, stubFetch } from '../../test/fetch-stub.ts';
import { RecordForm } from '../records/form/RecordForm.tsx';
import { dispatchRealtime } from '../realtime/realtime-events.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const context: ContextResponse = {
  contextId: 'ctx-chamado',
  scenario: 'talk',
  subject: {
    subjectId: 3,
    subjectName: 'Chamado',
    subjectIdentifier: 'chamado',
    icon: null,
    isBuiltIn: false,
    subjectAttributes: [
      contextAttribute({
        subjectAttributeId: 1,
        identifier: 'titulo',
        name: 'Título',
        componentId: 1,
        order: 1,
      }),
    ],
    actions: { Read: true, Create: true, Update: true, Delete: true, Deactivate: true },
  },
  relatedSubjects: [],
  subjectsThatReferThis: [],
  template: null,
};

const talk = {
  talkId: 7,
  subject: 'chamado',
  subjectId: 3,
  isActive: true,
  displayName: '7',
  isReadOnly: false,
  version: 1,
  createdAt: '2026-11-24T10:00:00.000Z',
  createdBy: 1,
  updatedAt: '2026-11-24T10:00:00.000Z',
  updatedBy: 1,
  templateId: null,
  tags: [{ tagId: 1, tagName: 'VIP', tagColor: '#ffd43b' }],
  talkValues: [{ subjectAttributeId: 1, subjectAttributeIdentifier: 'titulo', value: 'Impressora parada' }],
  talkAttachments: [],
};

describe('tag chips on a record', () => {
  it("shows the record's tags with readable text and follows PublishTalkTag live", async () => {
    stubFetch(
      on('GET', '/api/context/ctx-chamado/template', 200, { template: null }),
      on('GET', '/api/talk/chamado/7', 200, talk),
    );
    render(
      <MemoryRouter>
        <TestProviders>
          <RecordForm context={context} talkId={7} />
        </TestProviders>
      </MemoryRouter>,
    );
    const chips = await screen.findByRole('list', { name: 'Tags' });
    const vip = within(chips).getByText('VIP');
    // A light tag gets black text; a dark one white.
    expect(vip.style.backgroundColor).toBe('rgb(255, 212, 59)');
    expect(vip.style.color).toBe('rgb(0, 0, 0)');

    act(() =>
      dispatchRealtime({
        event: 'PublishTalkTag',
        data: {
          talkId: 7,
          subject: 'chamado',
          tags: [
            { tagId: 1, tagName: 'VIP', tagColor: '#ffd43b' },
            { tagId: 2, tagName: 'Urgente', tagColor: '#c92a2a' },
          ],
          added: [2],
          removed: [],
        },
      }),
    );
    const urgente = await within(chips).findByText('Urgente');
    expect(urgente.style.color).toBe('rgb(255, 255, 255)');

    // Another record's change, or another subject's, leaves this one alone.
    act(() =>
      dispatchRealtime({
        event: 'PublishTalkTag',
        data: { talkId: 8, subject: 'chamado', tags: [], added: [], removed: [1, 2] },
      }),
    );
    act(() =>
      dispatchRealtime({
        event: 'PublishTalkTag',
        data: { talkId: 7, subject: 'tarefa', tags: [], added: [], removed: [1, 2] },
      }),
    );
    expect(within(chips).getByText('Urgente')).toBeTruthy();

    act(() =>
      dispatchRealtime({
        event: 'PublishTalkTag',
        data: { talkId: 7, subject: 'chamado', tags: [], added: [], removed: [1, 2] },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Tags' })).toBeNull());
  });
});
