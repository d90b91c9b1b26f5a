import type { ApiTalk } from '@talkbase/domain/contracts/talks';
import { describe, expect, it } from 'vitest';
import { COLOR_TAGS } from './calendar-colors.ts';
import { itemsByDay, legendOf } from './calendar-items.ts';

const talk = (id: number, name: string, when: unknown, extra: Partial<ApiTalk> = {}): ApiTalk => ({
  talkId: id,
  subject: 'visita',
  subjectId: 1,
  isActive: true,
  displayName: name,
  isReadOnly: false,
  version: 1,
  createdAt: '',
  createdBy: null,
  updatedAt: '',
  updatedBy: null,
  templateId: null,
  tags: [],
  talkAttachments: [],
  talkValues: [
    { subjectAttributeId: 7, subjectAttributeIdentifier: 'quando', value: when },
    {
      subjectAttributeId: 8,
      subjectAttributeIdentifier: 'tipo',
      value: id % 2 ? 11 : null,
      displayValue: id % 2 ? 'Comercial' : null,
    },
  ],
  ...extra,
});

const options = {
  attributeId: 7,
  kind: 'datetime' as const,
  timeZone: 'America/Sao_Paulo',
  colorBy: 'tipo',
  canUpdate: true,
  noValue: 'Sem valor',
  noTag: 'Sem etiqueta',
};

describe('calendar items', () => {
  it('groups records by their day in the zone, by time then name, leaving out those without a value', () => {
    const byDay = itemsByDay(
      [
        talk(1, 'Zeca', '2027-03-10T13:00:00.000Z'),
        talk(2, 'Ana', '2027-03-10T13:00:00.000Z'),
        talk(3, 'Bia', '2027-03-10T11:00:00.000Z'),
        talk(4, 'Noite', '2027-03-11T01:00:00.000Z'), // 22:00 on the 10th in São Paulo
        talk(5, 'Sem data', null),
      ],
      options,
    );
    expect([...byDay.keys()]).toEqual(['2027-03-10']);
    expect(byDay.get('2027-03-10')?.map((i) => [i.talk.displayName, i.row])).toEqual([
      ['Bia', '08:00'],
      ['Ana', '10:00'],
      ['Zeca', '10:00'],
      ['Noite', '22:00'],
    ]);
  });

  it('colours by the select’s option or the first tag; read-only records do not move', () => {
    const byDay = itemsByDay(
      [
        talk(1, 'A', '2027-03-10T13:00:00.000Z'),
        talk(2, 'B', '2027-03-10T14:00:00.000Z', { isReadOnly: true }),
      ],
      options,
    );
    const [a, b] = byDay.get('2027-03-10') ?? [];
    expect(a?.color).toMatchObject({ label: 'Comercial', key: 'option:11' });
    expect(b?.color).toEqual({ key: 'option:none', label: 'Sem valor', color: undefined });
    expect([a?.movable, b?.movable]).toEqual([true, false]);
    expect(legendOf(byDay.values()).map((l) => l.label)).toEqual(['Comercial', 'Sem valor']);

    const tagged = itemsByDay(
      [
        talk(1, 'A', '2027-03-10T13:00:00.000Z', {
          tags: [{ tagId: 3, tagName: 'VIP', tagColor: '#ffd43b' }],
        }),
      ],
      { ...options, colorBy: COLOR_TAGS },
    );
    expect(tagged.get('2027-03-10')?.[0]?.color).toEqual({ key: 'tag:3', label: 'VIP', color: '#ffd43b' });
  });
});
