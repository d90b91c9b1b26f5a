import { Alert, Group, Loader, Modal } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { t } from '../../i18n/pt-BR.ts';
import { searchText } from '../../i18n/search.ts';
import { fetchContext } from '../records/records-api.ts';
import { RecordView } from '../records/view/RecordView.tsx';
import '../records/records.css';

export interface OpenResult {
  subject: string;
  talkId: number;
}

/**
 * 'Resultado da Busca' (000 §2): the record in the talk scenario. `onClose` tells whether the
 * record was updated or deleted meanwhile, so the results reload only then.
 */
export function SearchResultModal({
  result,
  onClose,
}: {
  result: OpenResult | null;
  onClose: (changed: boolean) => void;
}) {
  const changed = useRef(false);
  const close = () => {
    const was = changed.current;
    changed.current = false;
    onClose(was);
  };
  const context = useQuery({
    queryKey: ['context', 'talk', result?.subject, undefined],
    queryFn: ({ signal }) => fetchContext('talk', result?.subject ?? '', undefined, signal),
    enabled: result !== null,
    staleTime: 30_000,
  });
  return (
    <Modal
      opened={result !== null}
      onClose={close}
      size={1080}
      title={searchText.modalTitle}
      closeButtonProps={{ 'aria-label': searchText.closeModal }}
    >
      {result && context.isPending && (
        <Group justify="center" p="xl">
          <Loader aria-label={t.app.loading} />
        </Group>
      )}
      {result && context.isError && (
        <Alert color="red" role="alert">
          {searchText.contextError}
        </Alert>
      )}
      {result && context.data && (
        <RecordView
          key={`${result.subject}:${result.talkId}`}
          context={context.data}
          talkId={result.talkId}
          onSaved={() => {
            changed.current = true;
          }}
          onDeleted={() => {
            changed.current = true;
            close();
          }}
        />
      )}
    </Modal>
  );
}
