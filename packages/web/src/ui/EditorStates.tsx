import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { t } from '../i18n/pt-BR.ts';

/** Where an editor page's loading stands. */
export interface EditorLoadState {
  /** The edited thing does not exist (a bad id, or 404). */
  notFound?: boolean;
  failed: boolean;
  loading: boolean;
  /** Loads again what failed. */
  retry: () => void;
}

/**
 * What an editor page shows while its form cannot: 'not found', the load error with a button to
 * try again, or a skeleton while it loads. The children (the form) once everything loaded.
 */
export function EditorStates(props: {
  state: EditorLoadState;
  texts: { notFound?: string; loadError: string; reload: string };
  skeletonHeight: number;
  children: ReactNode;
}) {
  const { state, texts } = props;
  const notFound = state.notFound ?? false;
  return (
    <>
      {notFound && (
        <Alert color="red" role="alert">
          {texts.notFound}
        </Alert>
      )}
      {state.failed && (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            {texts.loadError}
            <Button size="compact-sm" variant="default" onClick={state.retry}>
              {texts.reload}
            </Button>
          </Stack>
        </Alert>
      )}
      {!notFound && !state.failed && state.loading && (
        <Skeleton role="status" height={props.skeletonHeight} aria-label={t.app.loading} />
      )}
      {!notFound && !state.failed && !state.loading && props.children}
    </>
  );
}
