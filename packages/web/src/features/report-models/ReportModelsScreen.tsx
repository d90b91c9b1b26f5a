import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { t } from '../../i18n/pt-BR.ts';
import { reportModelsText } from '../../i18n/report-models.ts';
import { rememberTab } from '../tabs/tabs-store.ts';

const ListPage = lazy(() =>
  import('./ReportModelListPage.tsx').then((m) => ({ default: m.ReportModelListPage })),
);
const EditorPage = lazy(() =>
  import('./ReportModelEditorPage.tsx').then((m) => ({ default: m.ReportModelEditorPage })),
);

/**
 * /config/report-models (the list) and /config/report-models/editor/{templateId?} (the editor):
 * one small lazy screen that loads the page it shows, so that the shell carries one route entry
 * (and one short list of chunks) for both.
 */
export function ReportModelsScreen() {
  const rest = (useParams()['*'] ?? '').replace(/\/+$/, '');
  const editor = /^editor(?:\/([^/]+))?$/.exec(rest);
  // The list and each editor are tabs of their own names (screens.ts ownTitle).
  const title = !editor
    ? reportModelsText.list.title
    : editor[1]
      ? reportModelsText.editor.titleEdit
      : reportModelsText.editor.titleNew;
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;
  useEffect(() => {
    document.title = `${title} · ${t.app.name}`;
    rememberTab({ path, title });
  }, [title, path]);
  return (
    <Suspense
      fallback={
        <Center mih="40dvh">
          <Loader aria-label={t.app.loading} />
        </Center>
      }
    >
      {editor ? (
        <EditorPage templateId={editor[1] ?? null} />
      ) : rest === '' ? (
        <ListPage />
      ) : (
        <EditorPage templateId="0" />
      )}
    </Suspense>
  );
}
