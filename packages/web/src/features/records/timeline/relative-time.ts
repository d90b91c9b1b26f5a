import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** 'há 5 minutos', 'há 2 dias' (dayjs pt-br) for an instant before now. */
export function relativeToNow(at: string | Date): string {
  return dayjs(at).locale('pt-br').fromNow();
}
