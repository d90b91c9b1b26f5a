import type { MenuNode } from '../api/menu-api.ts';
import { screenPath, screens as allScreens, type Screen } from './screens.ts';

export interface CompanyMenuItem {
  id: number;
  label: string;
  icon: string;
  /** Set on leaves; parents only group their children. */
  path: string | undefined;
  children: CompanyMenuItem[];
}

/** Where a leaf of the configured menu leads: its scenario screen for its subject (002 §2). */
function leafPath(node: MenuNode, contextBase: string): string | undefined {
  if (!node.Scenario || !node.Subject) return undefined;
  const query = new URLSearchParams();
  if (node.TemplateId) query.set('template', String(node.TemplateId));
  if (node.Filters && node.Filters.length > 0) {
    query.set('filters', node.Filters.join(','));
    // The item's filters apply through the item, whether or not the room reads `filtro` (issue 39).
    query.set('menu', String(node.Id));
  }
  const search = query.toString();
  const path = `${contextBase}/${encodeURIComponent(node.Scenario)}/${encodeURIComponent(node.Subject)}`;
  return search ? `${path}?${search}` : path;
}

/**
 * The company's configured menu (001 §3) as side-menu items. Leaves need the records screen;
 * until it exists they are left out, and parents left without children with them.
 */
export function companyMenuItems(nodes: readonly MenuNode[], screens: readonly Screen[] = allScreens) {
  // Records screens live under /context/{scenario}/{subject} (002 §2) once that screen exists.
  const contextBase = screenPath('context', screens) ? '/context' : undefined;
  const convert = (list: readonly MenuNode[]): CompanyMenuItem[] =>
    list.flatMap((node) => {
      const children = convert(node.Menus ?? []);
      const isParent = (node.Menus ?? []).length > 0;
      const path = !isParent && contextBase ? leafPath(node, contextBase) : undefined;
      if (isParent ? children.length === 0 : !path) return [];
      const icon = node.Icon ?? (isParent ? 'folder' : 'article');
      return [{ id: node.Id, label: node.Name, icon, path, children }];
    });
  return convert(nodes);
}
