import { Anchor, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { Link } from 'react-router';
import { subjectDesignerText } from '../../i18n/subject-designer.ts';
import type { DraftAttribute } from './attribute-draft.ts';
import { LIST_PATH } from './paths.ts';
import type { ReferringAttribute } from './subject-designer-api.ts';

const text = subjectDesignerText.editor;

/** The subject editor's "related" section: subjects its references point to, and those referring to it. */
export function RelatedSubjects(props: {
  attributes: DraftAttribute[];
  referring: ReferringAttribute[];
  subjects: Subject[];
}) {
  const pointsTo = props.attributes.filter((a) => a.relatedSubject);
  const subjectName = (id: string) =>
    props.subjects.find((s) => s.subjectIdentifier === id)?.subjectName ?? id;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="sd-related">
      <Stack gap="xs">
        <Title order={2} size="h4" id="sd-related">
          {text.related}
        </Title>
        <Text size="sm" c="dimmed">
          {text.relatedHelp}
        </Text>
        {pointsTo.length === 0 && props.referring.length === 0 ? (
          <Text size="sm">{text.noRelated}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <div>
              <Text size="sm" fw={500}>
                {text.pointsTo}
              </Text>
              <List size="sm">
                {pointsTo.map((a) => (
                  <List.Item key={a.identifier}>
                    <Anchor component={Link} to={`${LIST_PATH}/${a.relatedSubject ?? ''}`}>
                      {subjectName(a.relatedSubject ?? '')}
                    </Anchor>{' '}
                    <Text span size="xs" c="dimmed">
                      {text.via(a.name)}
                    </Text>
                  </List.Item>
                ))}
              </List>
            </div>
            <div>
              <Text size="sm" fw={500}>
                {text.referredBy}
              </Text>
              <List size="sm">
                {props.referring.map((r) => (
                  <List.Item key={r.subjectAttributeId}>
                    <Anchor component={Link} to={`${LIST_PATH}/${r.relatedSubject.subjectIdentifier}`}>
                      {r.relatedSubject.subjectName}
                    </Anchor>{' '}
                    <Text span size="xs" c="dimmed">
                      {text.via(r.attributeName)}
                    </Text>
                  </List.Item>
                ))}
              </List>
            </div>
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
