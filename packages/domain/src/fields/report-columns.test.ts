import { describe, expect, it } from 'vitest';
import {
  columnColors,
  columnLetter,
  columnName,
  columnWidth,
  keepSubjects,
  newReportColumn,
  nextColumnIdentifier,
  placeholdersOf,
  previewSample,
  previewValue,
  validateReportColumns,
  withColumnConfig,
  type ReportColumn,
} from './report-columns.ts';

const named = (id: number, name: string, values: string[]): ReportColumn => ({
  ...withColumnConfig(newReportColumn(id), 'name', name),
  attributes: values.map((value) => ({ value, isGrouped: false, subjectId: null })),
});

describe('report columns', () => {
  it('creates columns with the defaults of §9 and counts identifiers from 100000', () => {
    const column = newReportColumn(nextColumnIdentifier([]));
    expect(column.columnIdentifier).toBe(100000);
    expect(columnWidth(column)).toBe(25);
    expect(columnColors(column)).toEqual({ background: '#ffffff', font: '#000000' });
    expect(nextColumnIdentifier([{ columnIdentifier: 100000 }, { columnIdentifier: 100004 }])).toBe(100005);
  });

  it('finds placeholders and ignores malformed ones', () => {
    expect(placeholdersOf('Cliente: ${cliente.nome} (${cliente.cnpj}) ${x} ${a.}')).toEqual([
      { subjectIdentifier: 'cliente', attributeIdentifier: 'nome' },
      { subjectIdentifier: 'cliente', attributeIdentifier: 'cnpj' },
    ]);
  });

  it('answers the spec messages', () => {
    expect(validateReportColumns([]).map((e) => e.message)).toEqual(['Adicione pelo menos uma coluna']);
    const errors = validateReportColumns([named(100000, '', ['texto sem atributo'])]);
    expect(errors).toContainEqual({ message: 'Informe o nome da coluna', path: [0, 'name'] });
    expect(errors).toContainEqual({
      message: 'Nenhum atributo selecionado',
      path: [0, 'attributes', 0, 'value'],
    });
    expect(validateReportColumns([named(100000, 'Cliente', ['${cliente.nome}'])])).toEqual([]);
  });

  it('refuses widths off the 25–200 step-5 scale and colours that are not #RRGGBB', () => {
    const wide = withColumnConfig(named(1, 'A', ['${a.b}']), 'width', 205);
    const odd = withColumnConfig(named(1, 'A', ['${a.b}']), 'width', 27);
    const red = withColumnConfig(named(1, 'A', ['${a.b}']), 'fontColor', 'red');
    expect(validateReportColumns([wide])[0]?.path).toEqual([0, 'width']);
    expect(validateReportColumns([odd])[0]?.path).toEqual([0, 'width']);
    expect(validateReportColumns([red])[0]?.path).toEqual([0, 'fontColor']);
    expect(validateReportColumns([withColumnConfig(named(1, 'A', ['${a.b}']), 'width', 200)])).toEqual([]);
  });

  it('drops values of subjects taken out of the model and refills empty columns', () => {
    const columns = [
      named(1, 'A', ['${cliente.nome}', '${chamado.titulo}']),
      named(2, 'B', ['${chamado.titulo}']),
    ];
    const kept = keepSubjects(columns, ['cliente']);
    expect(kept[0]?.attributes.map((a) => a.value)).toEqual(['${cliente.nome}']);
    expect(kept[1]?.attributes).toEqual([{ value: '', isGrouped: false, subjectId: null }]);
    expect(columnName(kept[1] ?? newReportColumn(0))).toBe('B');
  });

  it('letters columns as a spreadsheet does', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });

  it('samples values by component id', () => {
    expect(previewSample(2, 'CNPJ', 0)).toMatch(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
    expect(previewSample(5, 'Valor', 0)).toBe('1.234,56');
    expect(previewSample(6, 'Telefone', 0)).toMatch(/^\(\d{2}\) \d{5}-\d{4}$/);
    expect(previewSample(11, 'Abertura', 0)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(previewSample(19, 'Hora', 0)).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(previewSample(32, 'Prazo', 0)).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect([previewSample(10, 'Urgente', 0), previewSample(10, 'Urgente', 1)]).toEqual(['Sim', 'Não']);
    expect(previewSample(13, 'E-mail', 0)).toContain('@');
    expect(previewSample(1, 'Nome', 2)).toBe('Nome 3');
    expect(previewValue('Nome: ${cliente.nome}', 0, () => ({ name: 'Nome', componentId: 1 }))).toBe(
      'Nome: Nome 1',
    );
  });
});
