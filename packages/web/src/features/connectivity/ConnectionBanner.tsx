import { t } from '../../i18n/pt-BR.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useConnectivity } from './useConnectivity.ts';

/** The offline and back-online banners of 000 §1. */
export function ConnectionBanner() {
  const state = useConnectivity();
  if (state === 'online') return null;
  const offline = state === 'offline';
  return (
    <div
      className="connection-banner"
      data-state={state}
      role={offline ? 'alert' : 'status'}
      aria-live={offline ? 'assertive' : 'polite'}
    >
      <Icon name={offline ? 'wifi_off' : 'wifi'} size="1.25em" />
      <span>{offline ? t.connection.offline : t.connection.online}</span>
    </div>
  );
}
