import { useQuery } from '@tanstack/react-query';
import type { Placeholder } from '@talkbase/domain/fields/report-columns';
import { fetchAllSubjects } from './designers-api.ts';

/** One attribute a report column may show, with its subject. */
export interface CatalogAttribute {
  subjectId: number;
  subjectIdentifier: string;
  subjectName: string;
  attributeIdentifier: string;
  attributeName: string;
  componentId: number;
}

/** Cap of the picker's list (002 §9: select search cap 100). */
export const PICKER_CAP = 100;

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The attributes whose attribute name, subject name or identifiers contain every word of the
 * search (case and accents ignored), at most 100.
 */
export function searchCatalog(catalog: readonly CatalogAttribute[], search: string): CatalogAttribute[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  const found: CatalogAttribute[] = [];
  for (const a of catalog) {
    const text = fold(`${a.attributeName} ${a.subjectName} ${a.subjectIdentifier}.${a.attributeIdentifier}`);
    if (words.every((w) => text.includes(w))) found.push(a);
    if (found.length >= PICKER_CAP) break;
  }
  return found;
}

/** The subjects of GET /api/subject as a flat list of attributes; `only` keeps some subjects. */
export function useAttributeCatalog(only?: readonly string[]) {
  return useQuery({
    queryKey: ['fields', 'designers', 'subjects'],
    queryFn: ({ signal }) => fetchAllSubjects(signal),
    staleTime: 60_000,
    select: (subjects): CatalogAttribute[] => {
      const allowed = only ? new Set(only.map((s) => s.toLowerCase())) : undefined;
      return subjects
        .filter((s) => !allowed || allowed.has(s.subjectIdentifier.toLowerCase()))
        .flatMap((s) =>
          s.subjectAttributes
            .filter((a) => !a.isInternal)
            .map((a) => ({
              subjectId: s.subjectId,
              subjectIdentifier: s.subjectIdentifier,
              subjectName: s.subjectName,
              attributeIdentifier: a.identifier,
              attributeName: a.name,
              componentId: a.componentId,
            })),
        );
    },
  });
}

/** Finds the attribute a placeholder names. */
export function lookup(catalog: readonly CatalogAttribute[], p: Placeholder): CatalogAttribute | undefined {
  return catalog.find(
    (a) => a.subjectIdentifier === p.subjectIdentifier && a.attributeIdentifier === p.attributeIdentifier,
  );
}
