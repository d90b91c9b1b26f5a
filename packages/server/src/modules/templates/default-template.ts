import type { Kysely } from 'kysely';
import { TEMPLATE_SCENARIO, TEMPLATE_TYPE } from '@talkbase/domain/contracts/templates';
import type { Database } from '../../db/schema.ts';
import * as repo from './templates.repository.ts';

/**
 * The company default grid template of a new subject: every attribute but the internal ones, in
 * the subject's order, with the record id shown. Called by SubjectsService.create inside its
 * transaction, so a subject never exists without the template its grid falls back to.
 */
export async function createDefaultTemplate(
  trx: Kysely<Database>,
  companyId: number,
  subjectId: number,
): Promise<number> {
  const source = await repo.defaultTemplateSource(trx, subjectId);
  const at = Date.now();
  const templateId = await repo.insertTemplate(trx, {
    company_id: companyId,
    subject_id: subjectId,
    template_type: TEMPLATE_TYPE.companyDefault,
    scenario_id: TEMPLATE_SCENARIO.grid,
    name: source.name,
    account_id: null,
    parent_template_id: null,
    show_talk_id_on_grid: 1,
    created_at: at,
    updated_at: at,
  });
  for (const [i, attributeId] of source.attributeIds.entries()) {
    await repo.insertArea(trx, {
      company_id: companyId,
      template_id: templateId,
      parent_area_id: null,
      attribute_id: attributeId,
      name: null,
      position: i + 1,
      widget_id: 1,
    });
  }
  return templateId;
}
