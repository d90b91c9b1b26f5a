import type { FileValueItem } from '@talkbase/domain/contracts/files';
import { writeCsv } from '../../http/csv.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import type { ApiTalk, TalkValue } from '../records/record-presenter.ts';

/**
 * The file of a "file on demand" attribute (component 34). The spec names the call and nothing of
 * what it makes, so this makes the one document every record has: its values, as the account may
 * read them, in a CSV that Excel in pt-BR opens as it is (`;` between fields, UTF-8 with a BOM,
 * dates as dd/MM/yyyy, Sim/Não). Made on each call, never stored.
 */
const BOM = '\uFEFF';

export function talkAsCsv(subject: SubjectMeta, talk: ApiTalk, timeZone: string): Buffer {
  const byId = new Map(subject.attributes.map((a) => [a.id, a]));
  const lines: string[][] = [
    ['Campo', 'Valor'],
    ['Assunto', subject.name],
    ['Registro', `#${talk.talkId}`],
  ];
  for (const tv of talk.talkValues) {
    const a = byId.get(tv.subjectAttributeId);
    if (!a || a.isInternal) continue;
    lines.push([a.name, display(a.kind, tv, timeZone)]);
  }
  return Buffer.from(BOM + writeCsv(lines), 'utf8');
}

function display(kind: string, tv: TalkValue, timeZone: string): string {
  const one = (v: unknown): string => {
    if (v === null || v === undefined) return '';
    if (kind === 'boolean') return v === true ? 'Sim' : 'Não';
    if (kind === 'reference') return tv.displayValue ?? `#${typeof v === 'number' ? v : ''}`;
    if (kind === 'date' && typeof v === 'string') return v.split('-').reverse().join('/');
    if (kind === 'datetime' && typeof v === 'string')
      return new Intl.DateTimeFormat('pt-BR', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(
        new Date(v),
      );
    if (kind === 'decimal' && typeof v === 'number') return v.toLocaleString('pt-BR');
    if (kind === 'file' && typeof v === 'object') return (v as FileValueItem).name;
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return JSON.stringify(v);
  };
  return Array.isArray(tv.value) ? tv.value.map(one).join(', ') : one(tv.value);
}
