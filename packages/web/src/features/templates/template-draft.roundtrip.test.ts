import fc from 'fast-check';
import {
  DEFAULT_COLUMN_WIDTH,
  TEMPLATE_CONFIGS,
  TEMPLATE_LIMITS,
  templateInputSchema,
  type Template,
  type TemplateArea,
  type TemplateAreaConfig,
  type TemplateConfigIdentifier,
  type TemplateConfigValue,
  type TemplateType,
  type ViewTemplateAreaConfigs,
} from '@talkbase/domain/contracts/templates';
import { describe, expect, it } from 'vitest';
import {
  applyColumnEdit,
  columnEditOf,
  draftFromTemplate,
  draftToInput,
  gridColumns,
  kindOfType,
  withColumns,
} from './template-draft.ts';

/**
 * Issue 34 item 2: the editor keeps what a template holds. Random templates as the API answers
 * them (the domain contract's shapes and limits: groups with their legends, nested areas up to 5
 * levels, extra attributes, every config in any order, orders with gaps and ties) are opened in
 * the editor's model and saved unchanged: the body equals the template's own content, byte for byte.
 */

const text = (max: number) =>
  fc
    .string({ minLength: 1, maxLength: max, unit: 'grapheme' })
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && s.length <= max);
const id = fc.integer({ min: 1, max: 2_000_000 });

const configValue: Record<TemplateConfigIdentifier, fc.Arbitrary<TemplateConfigValue>> = {
  Width: fc.integer({ min: 100, max: 1000 }),
  IsFixed: fc.boolean(),
  IsOrderable: fc.constantFrom<TemplateConfigValue>(false, 0, 1),
  ishidden: fc.boolean(),
  isrequired: fc.boolean(),
  hiddenfielddefaultvalue: fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
  ),
  preselect: fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.boolean(), fc.constant(null)),
};

/** The server's effective settings of a column (template-presenter viewConfigs). */
function view(configs: TemplateAreaConfig[], attributeRequired: boolean): ViewTemplateAreaConfigs {
  const get = (k: TemplateConfigIdentifier) => configs.find((c) => c.configIdentifier === k)?.value;
  const orderable = get('IsOrderable');
  const required = get('isrequired');
  return {
    Width: typeof get('Width') === 'number' ? (get('Width') as number) : DEFAULT_COLUMN_WIDTH,
    IsFixed: get('IsFixed') === true,
    IsOrderable: orderable === 0 || orderable === 1 ? orderable : false,
    ishidden: get('ishidden') === true,
    isrequired: typeof required === 'boolean' ? required : attributeRequired,
    hiddenfielddefaultvalue: get('hiddenfielddefaultvalue') ?? null,
    preselect: get('preselect') ?? null,
  };
}

const configsArb = fc
  .shuffledSubarray([...TEMPLATE_CONFIGS], { maxLength: TEMPLATE_CONFIGS.length })
  .chain((ids) => fc.tuple(...ids.map((k) => configValue[k].map((value) => ({ k, value })))))
  .map((list) =>
    list.map(({ k, value }, i) => ({ templateAreaConfigId: i + 1, configIdentifier: k, value })),
  );

const extraArb = fc.record({
  templateAreaSubjectAttributeId: id,
  subjectAttributeId: id,
  subjectAttributeIdentifier: text(20),
  attributeName: text(30),
  templateAreaSubjectAttributeLabel: fc.option(text(150), { nil: null }),
});

function areaArb(depth: number): fc.Arbitrary<TemplateArea> {
  const children =
    depth >= TEMPLATE_LIMITS.depth
      ? fc.constant<TemplateArea[]>([])
      : fc.array(areaArb(depth + 1), { maxLength: 2 });
  return fc
    .record({
      attribute: fc.option(fc.record({ id, identifier: text(20), name: text(30), required: fc.boolean() }), {
        nil: null,
      }),
      name: fc.option(text(150), { nil: null }),
      legend: text(150),
      order: fc.integer({ min: 0, max: 100_000 }),
      widgetId: fc.integer({ min: 1, max: 1000 }),
      configs: configsArb,
      extras: fc.array(extraArb, { maxLength: 2 }),
      children,
    })
    .map((r) => {
      // A group (no attribute) needs its legend, and cannot sort the grid (the server refuses both).
      const configs = r.attribute
        ? r.configs
        : r.configs.map((c) => (c.configIdentifier === 'IsOrderable' ? { ...c, value: false } : c));
      return {
        templateAreaId: 0,
        subjectAttributeId: r.attribute?.id ?? null,
        subjectAttributeIdentifier: r.attribute?.identifier ?? null,
        attributeName: r.attribute?.name ?? null,
        templateAreaName: r.attribute ? r.name : r.legend,
        order: r.order,
        widgetId: r.widgetId,
        templateAreaConfigs: configs,
        viewTemplateAreaConfigs: view(configs, r.attribute?.required ?? false),
        templateAreaSubjectAttributes: r.extras,
        templateAreasMap: sortedByOrder(r.children),
        templateAreaTalkModal: null,
      };
    });
}

/** The server answers siblings by order (ties by id, i.e. in the order they were written). */
function sortedByOrder(areas: TemplateArea[]): TemplateArea[] {
  return [...areas].sort((a, b) => a.order - b.order);
}

/** Ids as the server gives them (generated values are shared between runs: copies, not changes). */
function numberAreas(areas: TemplateArea[], next = { id: 1 }): TemplateArea[] {
  return areas.map((a) => {
    const templateAreaId = next.id++;
    return { ...a, templateAreaId, templateAreasMap: numberAreas(a.templateAreasMap, next) };
  });
}

const typeArb = fc.constantFrom<TemplateType>(2, 3, 5, 6, 7);

const templateArb: fc.Arbitrary<Template> = fc
  .record({
    templateId: id,
    templateName: text(100),
    templateType: typeArb,
    subjectId: id,
    accountId: id,
    parentTemplateId: id,
    showTalkIdOnGrid: fc.boolean(),
    version: fc.integer({ min: 1, max: 10_000 }),
    relatedTemplateIds: fc.uniqueArray(id, { maxLength: 3 }),
    templateAreas: fc.array(areaArb(1), { minLength: 1, maxLength: 4 }),
  })
  .map((r) => {
    const user = r.templateType === 2;
    const areas = numberAreas(sortedByOrder(r.templateAreas));
    const form = r.templateType === 5 || r.templateType === 6;
    return {
      templateId: r.templateId,
      templateName: r.templateName,
      templateType: r.templateType,
      templateTypeName: '',
      scenarioId: form ? 2 : 1,
      scenario: form ? 'form' : 'grid',
      subjectId: r.subjectId,
      subjectIdentifier: 'assunto',
      subjectName: 'Assunto',
      companyId: 1,
      accountId: user ? r.accountId : null,
      accountName: user ? 'Pessoa' : null,
      parentTemplateId: user ? r.parentTemplateId : null,
      showTalkIdOnGrid: r.showTalkIdOnGrid,
      version: r.version,
      relatedTemplateIds: r.relatedTemplateIds,
      relatedTemplates: [],
      templateAreas: areas,
    };
  });

/** What a template holds, as the body of PUT /api/template/{id} writes it. */
function areaContent(a: TemplateArea): unknown {
  return {
    subjectAttributeId: a.subjectAttributeId,
    templateAreaName: a.templateAreaName,
    order: a.order,
    widgetId: a.widgetId,
    templateAreaConfigs: a.templateAreaConfigs.map((c) => ({
      configIdentifier: c.configIdentifier,
      value: c.value,
    })),
    templateAreaSubjectAttributes: a.templateAreaSubjectAttributes.map((x) => ({
      subjectAttributeId: x.subjectAttributeId,
      templateAreaSubjectAttributeLabel: x.templateAreaSubjectAttributeLabel,
    })),
    templateAreasMap: a.templateAreasMap.map(areaContent),
  };
}

function content(t: Template): unknown {
  return {
    templateName: t.templateName,
    subjectId: t.subjectId,
    templateType: t.templateType,
    parentTemplateId: t.parentTemplateId,
    accountId: t.accountId,
    showTalkIdOnGrid: t.showTalkIdOnGrid,
    relatedTemplateIds: t.relatedTemplateIds,
    version: t.version,
    templateAreas: t.templateAreas.map(areaContent),
  };
}

describe('the editor keeps what a template holds (issue 34 item 2)', () => {
  it('any template the API answers, opened and saved unchanged, is written back byte for byte', () => {
    fc.assert(
      fc.property(templateArb, (t) => {
        const body = draftToInput(draftFromTemplate(t), kindOfType(t.templateType), t.version);
        expect(JSON.stringify(body)).toBe(JSON.stringify(content(t)));
        // …and the API takes it as it is.
        const parsed = templateInputSchema.safeParse(body);
        expect(parsed.success).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('what the editor changes, and only that (issue 34 item 2)', () => {
  const withColumnsArb = templateArb.filter((t) =>
    t.templateAreas.some((a) => a.subjectAttributeId !== null),
  );

  it('reordering the columns keeps every other first-level area (a group) in its place, whole', () => {
    fc.assert(
      fc.property(withColumnsArb, (t) => {
        const draft = draftFromTemplate(t);
        const reversed = [...gridColumns(draft.areas)].reverse();
        const body = draftToInput(
          { ...draft, areas: withColumns(draft.areas, reversed) },
          kindOfType(t.templateType),
        );
        const strip = (a: unknown) => ({ ...(a as object), order: 0 });
        const before = t.templateAreas.map(areaContent);
        const columnsBefore = t.templateAreas.flatMap((a, i) => (a.subjectAttributeId !== null ? [i] : []));
        body.templateAreas.forEach((a, i) => {
          // A moved list is numbered again: everything else about a group is as it was.
          if (!columnsBefore.includes(i)) expect(strip(a)).toEqual(strip(before[i]));
        });
        const columnsAfter = columnsBefore.map((i) => strip(body.templateAreas[i]));
        expect(columnsAfter).toEqual(columnsBefore.map((i) => strip(before[i])).reverse());
        // The saved orders put the areas in the shown order.
        const orders = body.templateAreas.map((a) => a.order);
        expect([...orders].sort((a, b) => a - b)).toEqual(orders);
      }),
      { numRuns: 200 },
    );
  });

  it("a setting changed in 'Edição de coluna' changes that config only, in its place or appended", () => {
    const settingArb = fc.constantFrom(
      ['fixed', 'IsFixed'],
      ['hidden', 'ishidden'],
      ['required', 'isrequired'],
    ) as fc.Arbitrary<['fixed' | 'hidden' | 'required', TemplateConfigIdentifier]>;
    fc.assert(
      fc.property(withColumnsArb, settingArb, fc.nat(), (t, [key, identifier], pick) => {
        const draft = draftFromTemplate(t);
        const columns = gridColumns(draft.areas);
        const column = columns[pick % columns.length];
        if (!column) return;
        const edit = { ...columnEditOf(column), [key]: !column[key] };
        const edited = columns.map((c) => (c === column ? applyColumnEdit(c, edit) : c));
        const body = draftToInput(
          { ...draft, areas: withColumns(draft.areas, edited) },
          kindOfType(t.templateType),
          t.version,
        );
        const index = t.templateAreas.findIndex((a) => `a${a.templateAreaId}` === column.key);
        const expected = content(t) as { templateAreas: { templateAreaConfigs: unknown[] }[] };
        const area = t.templateAreas[index];
        if (!area) throw new Error('column not found');
        const configs = area.templateAreaConfigs.map((c) => ({
          configIdentifier: c.configIdentifier,
          value: c.value,
        }));
        const at = configs.findIndex((c) => c.configIdentifier === identifier);
        if (at >= 0) configs[at] = { configIdentifier: identifier, value: !column[key] };
        else configs.push({ configIdentifier: identifier, value: !column[key] });
        const target = expected.templateAreas[index];
        if (target) target.templateAreaConfigs = configs;
        expect(JSON.stringify(body)).toBe(JSON.stringify(expected));
      }),
      { numRuns: 200 },
    );
  });
});
