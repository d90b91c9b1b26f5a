import { Modal, ScrollArea, Table, VisuallyHidden } from '@mantine/core';
import {
  columnColors,
  columnLetter,
  columnName,
  columnWidth,
  previewValue,
  REPORT_PREVIEW,
  type ReportColumn,
} from '@talkbase/domain/fields/report-columns';
import { lookup, type CatalogAttribute } from './attribute-catalog.ts';
import { fieldsDesignersText } from '../../../i18n/fields-designers.ts';

const text = fieldsDesignersText.reportColumns;

interface ReportPreviewProps {
  opened: boolean;
  onClose: () => void;
  columns: readonly ReportColumn[];
  catalog: readonly CatalogAttribute[];
}

const cellBorder = '1px solid var(--mantine-color-gray-4)';

/**
 * The spreadsheet-like preview (002 §2, §9): letter headers, a title row with the columns' names
 * and colours, and 5 rows of sample values by component type; 7 px per width unit; a grouped
 * value shows 3 samples in its cell.
 */
export function ReportPreview({ opened, onClose, columns, catalog }: ReportPreviewProps) {
  const sampleOf = (value: string, n: number) =>
    previewValue(value, n, (p) => {
      const a = lookup(catalog, p);
      return a ? { name: a.attributeName, componentId: a.componentId } : undefined;
    });
  const rows = Array.from({ length: REPORT_PREVIEW.rows }, (_, r) => r);
  const header = {
    background: 'var(--mantine-color-gray-1)',
    border: cellBorder,
    textAlign: 'center',
  } as const;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={text.previewTitle}
      size="xl"
      closeButtonProps={{ 'aria-label': text.close }}
    >
      <ScrollArea type="auto">
        <Table
          aria-label={text.previewTitle}
          style={{ tableLayout: 'fixed', borderCollapse: 'collapse', width: 'max-content' }}
          withRowBorders={false}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ ...header, width: 40 }}>
                <VisuallyHidden>{text.previewCorner}</VisuallyHidden>
              </Table.Th>
              {columns.map((c, i) => (
                <Table.Th
                  key={c.columnIdentifier}
                  style={{ ...header, width: columnWidth(c) * REPORT_PREVIEW.pxPerUnit }}
                >
                  {columnLetter(i)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row" style={header}>
                1
              </Table.Th>
              {columns.map((c) => {
                const colors = columnColors(c);
                return (
                  <Table.Td
                    key={c.columnIdentifier}
                    style={{
                      border: cellBorder,
                      background: colors.background,
                      color: colors.font,
                      fontWeight: 700,
                    }}
                  >
                    {columnName(c) || text.untitled}
                  </Table.Td>
                );
              })}
            </Table.Tr>
            {rows.map((r) => (
              <Table.Tr key={r}>
                <Table.Th scope="row" style={header}>
                  {r + 2}
                </Table.Th>
                {columns.map((c) => (
                  <Table.Td
                    key={c.columnIdentifier}
                    style={{
                      border: cellBorder,
                      verticalAlign: 'top',
                      whiteSpace: 'pre-line',
                      overflowWrap: 'anywhere',
                    }}
                  >
                    {c.attributes
                      .flatMap((a) =>
                        a.isGrouped
                          ? Array.from({ length: REPORT_PREVIEW.groupedValues }, (_, k) =>
                              sampleOf(a.value, r * REPORT_PREVIEW.groupedValues + k),
                            )
                          : [sampleOf(a.value, r)],
                      )
                      .join('\n')}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Modal>
  );
}
