import { sql, type Kysely } from 'kysely';
import { readJoinObject } from '@talkbase/domain/fields/join-object';
import { attributeColumn } from '@talkbase/domain/records/value-kinds';

/**
 * Carrier relationships saved as join records (issue 35 item 3, modules/carrier-joins): one row
 * per "from" item (a load) of a record's carrier relationship (component 29, spec 002 §3
 * "Join-object value"), naming the record it belongs to, the load (a record of the attribute's
 * related subject, `from_subject_id`/`from_talk_id`, or a free label) and the carrier
 * (`to_label`). Written in the record's own transaction, removed with it (and with the load).
 *
 * The relationships already stored are given their rows here.
 */
export function carrierJoins() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('carrier_joins')
        .addColumn('subject_id', 'integer', (c) => c.notNull())
        .addColumn('attribute_id', 'integer', (c) => c.notNull())
        .addColumn('talk_id', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('from_subject_id', 'integer')
        .addColumn('from_talk_id', 'integer')
        .addColumn('from_label', 'text', (c) => c.notNull())
        .addColumn('to_label', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('carrier_joins_pk', ['attribute_id', 'talk_id', 'position'])
        .execute();
      await db.schema
        .createIndex('carrier_joins_subject_talk')
        .on('carrier_joins')
        .columns(['subject_id', 'talk_id'])
        .execute();
      await db.schema
        .createIndex('carrier_joins_from')
        .on('carrier_joins')
        .columns(['from_subject_id', 'from_talk_id'])
        .execute();

      const attributes = await sql<{ id: number; subject_id: number; related_subject_id: number | null }>`
        select id, subject_id, related_subject_id from attributes
        where component_id = 29 and is_multiple_values = 0 order by id`.execute(db);
      for (const a of attributes.rows) {
        const column = sql.ref(attributeColumn(a.id));
        const rows = await sql<{ id: number; value: unknown }>`
          select id, ${column} as value from ${sql.table(`subject_${a.subject_id}`)}
          where ${column} is not null order by id`.execute(db);
        for (const r of rows.rows) {
          let parsed: unknown = r.value;
          try {
            if (typeof parsed === 'string') parsed = JSON.parse(parsed);
          } catch {
            continue;
          }
          const join = readJoinObject(parsed);
          for (const [position, item] of join.labelFrom.entries()) {
            const linked = item.id !== null && a.related_subject_id !== null;
            await sql`insert into carrier_joins
              (subject_id, attribute_id, talk_id, position, from_subject_id, from_talk_id, from_label, to_label)
              values (${a.subject_id}, ${a.id}, ${r.id}, ${position},
                ${linked ? a.related_subject_id : null}, ${linked ? item.id : null}, ${item.label},
                ${join.labelTo})`.execute(db);
          }
        }
      }
    },
  };
}
