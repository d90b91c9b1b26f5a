import { Center, Loader } from '@mantine/core';
import { t } from '../i18n/pt-BR.ts';

/** Shown while the first screen's code arrives. */
export function RouteLoading() {
  return (
    <Center mih="60dvh">
      <Loader aria-label={t.app.loading} />
    </Center>
  );
}
