import { Button, Notification } from '@mantine/core';
import { t } from '../../i18n/pt-BR.ts';
import { dismissNotice, type NoticeKind } from './notices-store.ts';
import { useNotices } from './useNotices.ts';

const colorOf: Record<NoticeKind, string> = { error: 'red', alert: 'blue', info: 'green', success: 'green' };

/** The notices of 000 §4, newest at the bottom, announced to screen readers as they arrive. */
export function NoticeStack() {
  const notices = useNotices();
  return (
    <section aria-label={t.notices.region} className="notice-stack">
      {notices.map((notice) => (
        <Notification
          key={notice.id}
          color={colorOf[notice.kind]}
          title={notice.title}
          role={notice.kind === 'error' ? 'alert' : 'status'}
          data-kind={notice.kind}
          withBorder
          closeButtonProps={{ 'aria-label': t.notices.close }}
          onClose={() => dismissNotice(notice.id)}
        >
          {notice.message}
          {notice.action && (
            <Button size="compact-sm" variant="light" mt="xs" onClick={notice.action.run}>
              {notice.action.label}
            </Button>
          )}
        </Notification>
      ))}
    </section>
  );
}
