import type { AttributeMeta, SubjectMeta } from '../../records/subject-meta.ts';

/** E-mail's component type (the contact subject's address attribute). */
const EMAIL_COMPONENT = 13;

/**
 * Which attributes of the channel's subject an e-mail fills, read from the subject itself: the
 * title (`titulo`, else its first text attribute), the requester (`solicitante`, a text), the
 * files (the first file attribute) and the contact (the first reference to a subject that has an
 * e-mail attribute, e.g. the demo's `cliente`).
 */
export interface ChannelShape {
  title: AttributeMeta | undefined;
  requester: AttributeMeta | undefined;
  files: AttributeMeta | undefined;
  contact:
    | {
        attribute: AttributeMeta;
        subject: SubjectMeta;
        email: AttributeMeta;
        name: AttributeMeta | undefined;
      }
    | undefined;
}

export async function shapeOf(
  subject: SubjectMeta,
  subjectById: (id: number) => Promise<SubjectMeta | undefined>,
): Promise<ChannelShape> {
  const text = subject.attributes.filter(
    (a) => a.kind === 'text' && a.componentId === 1 && !a.isMultipleValues,
  );
  const title = text.find((a) => a.identifier === 'titulo') ?? text[0];
  const requester = text.find((a) => a.identifier === 'solicitante');
  const files = subject.attributes.find((a) => a.kind === 'file');
  let contact: ChannelShape['contact'];
  for (const a of subject.attributes) {
    if (a.kind !== 'reference' || a.relatedSubjectId === null || a.isMultipleValues) continue;
    const related = await subjectById(a.relatedSubjectId);
    const email = related?.attributes.find((x) => x.componentId === EMAIL_COMPONENT && !x.isMultipleValues);
    if (!related || !email) continue;
    const name =
      related.attributes.find((x) => x.identifier === 'nome') ??
      related.attributes.find((x) => x.kind === 'text' && x.componentId === 1 && x.isRequired);
    contact = { attribute: a, subject: related, email, name };
    break;
  }
  return { title, requester, files, contact };
}
