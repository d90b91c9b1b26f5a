import { Button, Menu } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { transferText } from '../../i18n/record-transfer.ts';
import { Icon } from '../../ui/Icon.tsx';
import { notify } from '../notices/notices-store.ts';
import { exportTalks, type ExportBody } from './transfer-api.ts';

const text = transferText;
// The wizard loads only when asked for.
const ImportWizard = lazy(() => import('./ImportWizard.tsx').then((m) => ({ default: m.ImportWizard })));

export interface TransferActionsProps {
  subject: string;
  /** The grid's view: its filter, search, tags, order and template. */
  view: Omit<ExportBody, 'columns'>;
  canCreate: boolean;
}

/** The grid toolbar's 'Exportar' menu and 'Importar' button (issue 17). */
export function TransferActions({ subject, view, canCreate }: TransferActionsProps) {
  const [busy, setBusy] = useState(false);
  const [importing, setImporting] = useState(false);
  const run = async (columns: ExportBody['columns']) => {
    setBusy(true);
    try {
      await exportTalks(subject, { ...view, columns });
    } catch (err) {
      // The app's notices (features/notices): @mantine/notifications had no container mounted,
      // so its message never showed.
      notify({
        kind: 'error',
        title: err instanceof Error && err.message ? err.message : text.exportError,
        durationMs: 10_000,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" loading={busy} leftSection={<Icon name="download" size="1.1em" />}>
            {busy ? text.exporting : text.exportButton}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void run('template')}>{text.exportView}</Menu.Item>
          <Menu.Item onClick={() => void run('all')}>{text.exportAll}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {canCreate && (
        <Button
          variant="default"
          leftSection={<Icon name="upload" size="1.1em" />}
          onClick={() => setImporting(true)}
        >
          {text.importButton}
        </Button>
      )}
      {importing && (
        <Suspense fallback={null}>
          <ImportWizard subject={subject} opened onClose={() => setImporting(false)} />
        </Suspense>
      )}
    </>
  );
}
