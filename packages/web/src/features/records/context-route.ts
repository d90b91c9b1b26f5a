/** The scenarios a records route opens (spec 002 §2). */
export const ROUTE_SCENARIOS = [
  'grid',
  'form',
  'talk',
  'timeline',
  'help',
  'attachments',
  'activetask',
  'board',
  'calendar',
] as const;
export type RouteScenario = (typeof ROUTE_SCENARIOS)[number];

export interface ContextRoute {
  scenario: RouteScenario;
  subject: string;
  /** The record: 0 for a new one ('add' or 0); undefined for a grid or help. */
  talkId: number | undefined;
  templateId: number | undefined;
  filterIds: number[];
  /** The menu item the grid was opened from (`menu`): its saved filters apply through it. */
  menuId: number | undefined;
  /** false: deactivated records (isActive=false). */
  isActive: boolean;
  /** The board's column attribute or the calendar's date attribute (`by`, issue 38). */
  by: string | undefined;
  /**
   * A filter tree for the grid (`where`, JSON): a dashboard's bar or slice opens the grid with its
   * group's rules (issue 38 item 4). The server validates it like the grid's own 'Filtrar'.
   */
  where?: Record<string, unknown> | undefined;
}

/** Longest `where` read from an address; a longer one is ignored rather than sent. */
export const MAX_WHERE_LENGTH = 4000;

/** A `where` query value: a JSON object (a rule or a group), or undefined when it is anything else. */
export function parseWhere(text: string | null | undefined): Record<string, unknown> | undefined {
  if (!text || text.length > MAX_WHERE_LENGTH) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const positiveId = (text: string | null | undefined): number | undefined => {
  if (!text || !/^\d{1,10}$/.test(text)) return undefined;
  const n = Number(text);
  return n > 0 && n <= 2147483647 ? n : undefined;
};

const idList = (text: string | null | undefined): number[] =>
  (text ?? '')
    .split(',')
    .map((part) => positiveId(part.trim()))
    .filter((n): n is number => n !== undefined);

/** Scenarios whose rest is one record ('add', 0 or an id); the others' rest is {template?}/{filters?}. */
const RECORD_ROUTE_SCENARIOS: ReadonlySet<string> = new Set(['form', 'talk', 'timeline', 'attachments']);

/**
 * Reads /context/{scenario}/{subject}/{rest} with its query (002 §2):
 * - a grid's rest is {template?}/{filters?} (filters comma-separated; one segment with a comma is filters);
 * - a record scenario's rest is {talk}: 'add', 0 (new) or an id;
 * - query `template`, `filters` and `isActive=false` apply to every scenario and win over the path.
 * Answers undefined for an unknown scenario or a malformed record id.
 */
export function parseContextRoute(
  scenario: string,
  subject: string,
  rest: string,
  search: URLSearchParams,
): ContextRoute | undefined {
  const scenarioName = scenario.toLowerCase();
  if (!(ROUTE_SCENARIOS as readonly string[]).includes(scenarioName) || !subject) return undefined;
  const parts = rest.split('/').filter((p) => p !== '');
  let talkId: number | undefined;
  let templateId: number | undefined;
  let filterIds: number[] = [];
  if (!RECORD_ROUTE_SCENARIOS.has(scenarioName)) {
    const [first, second] = parts;
    if (first?.includes(',') && second === undefined) filterIds = idList(first);
    else {
      templateId = positiveId(first);
      filterIds = idList(second);
    }
  } else {
    const [talk] = parts;
    if (talk === undefined || talk === 'add' || talk === '0') talkId = 0;
    else {
      talkId = positiveId(talk);
      if (talkId === undefined) return undefined;
    }
  }
  const queryTemplate = positiveId(search.get('template') ?? search.get('templateId'));
  const queryFilters = idList(search.get('filters'));
  return {
    scenario: scenarioName as RouteScenario,
    subject: subject.toLowerCase(),
    talkId,
    templateId: queryTemplate ?? templateId,
    filterIds: queryFilters.length > 0 ? queryFilters : filterIds,
    menuId: positiveId(search.get('menu')),
    by: search.get('by')?.trim().toLowerCase().slice(0, 60) || undefined,
    isActive: search.get('isActive')?.toLowerCase() !== 'false',
    where: parseWhere(search.get('where')),
  };
}

/** The address of a scenario of a subject (and record), keeping template and filters. */
export function contextPath(
  scenario: RouteScenario,
  subject: string,
  opts: {
    talkId?: number | undefined;
    templateId?: number | undefined;
    filterIds?: number[];
    menuId?: number | undefined;
    isActive?: boolean;
    by?: string | undefined;
    where?: object | undefined;
  } = {},
): string {
  let path = `/context/${scenario}/${encodeURIComponent(subject)}`;
  if (opts.talkId !== undefined) path += `/${opts.talkId === 0 ? 'add' : opts.talkId}`;
  const query = new URLSearchParams();
  if (opts.templateId) query.set('template', String(opts.templateId));
  if (opts.filterIds && opts.filterIds.length > 0) query.set('filters', opts.filterIds.join(','));
  if (opts.menuId) query.set('menu', String(opts.menuId));
  if (opts.isActive === false) query.set('isActive', 'false');
  if (opts.by) query.set('by', opts.by);
  if (opts.where) query.set('where', JSON.stringify(opts.where));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
