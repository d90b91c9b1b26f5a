import { describe, expect, it } from 'vitest';
import { contextPath, parseContextRoute } from './context-route.ts';

const parse = (path: string) => {
  const url = new URL(path, 'http://x');
  const [, , scenario = '', subject = '', ...rest] = url.pathname.split('/');
  return parseContextRoute(scenario, subject, rest.join('/'), url.searchParams);
};

describe('records routes (002 §2)', () => {
  it('reads a grid with its template and filters, from the path or the query', () => {
    expect(parse('/context/grid/chamado')).toEqual({
      scenario: 'grid',
      subject: 'chamado',
      talkId: undefined,
      templateId: undefined,
      filterIds: [],
      isActive: true,
    });
    expect(parse('/context/grid/chamado/12/3,4')).toMatchObject({ templateId: 12, filterIds: [3, 4] });
    expect(parse('/context/grid/chamado/3,4')).toMatchObject({ templateId: undefined, filterIds: [3, 4] });
    expect(parse('/context/grid/Chamado?template=7&filters=9,x,10&isActive=false')).toMatchObject({
      subject: 'chamado',
      templateId: 7,
      filterIds: [9, 10],
      isActive: false,
    });
  });

  it("reads a record: 'add' and 0 are new, a number is the record, anything else is refused", () => {
    expect(parse('/context/form/chamado/add')?.talkId).toBe(0);
    expect(parse('/context/form/chamado/0')?.talkId).toBe(0);
    expect(parse('/context/form/chamado')?.talkId).toBe(0);
    expect(parse('/context/talk/chamado/42')?.talkId).toBe(42);
    expect(parse('/context/timeline/chamado/abc')).toBeUndefined();
    expect(parse('/context/talk/chamado/99999999999')).toBeUndefined();
    expect(parse('/context/unknown/chamado')).toBeUndefined();
  });

  it('writes the addresses it reads', () => {
    expect(contextPath('grid', 'chamado', { templateId: 7, filterIds: [1, 2], isActive: false })).toBe(
      '/context/grid/chamado?template=7&filters=1%2C2&isActive=false',
    );
    expect(contextPath('form', 'chamado', { talkId: 0 })).toBe('/context/form/chamado/add');
    expect(parse(contextPath('talk', 'chamado', { talkId: 5, templateId: 3 }))).toMatchObject({
      scenario: 'talk',
      talkId: 5,
      templateId: 3,
    });
  });
});
