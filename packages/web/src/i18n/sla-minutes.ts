/** "2 h 15 min", "45 min", "3 d 2 h". */
export function minutesText(total: number): string {
  const m = Math.max(0, Math.round(total));
  const d = Math.floor(m / 1440);
  const h = Math.floor((m % 1440) / 60);
  const min = m % 60;
  if (d > 0) return h > 0 ? `${d} d ${h} h` : `${d} d`;
  if (h > 0) return min > 0 ? `${h} h ${min} min` : `${h} h`;
  return `${min} min`;
}
