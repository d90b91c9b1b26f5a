import { ApiError, apiRequest } from './client.ts';

/** A node of the company's navigation menu (001 §3 "Menu node"), as the server sends it. */
export interface MenuNode {
  Id: number;
  Name: string;
  Subject: string | null;
  Scenario: string | null;
  Icon: string | null;
  TemplateId: number | null;
  Filters: number[] | null;
  Menus: MenuNode[] | null;
}

export interface CompanyMenu {
  Menus: MenuNode[];
  /** The company has a menu, even when this account sees none of it. */
  configured: boolean;
}

export const companyMenuPath = '/api/presentation/menu/all/';

/** A company without a configured menu (or a server without the menu module) has an empty one. */
export async function fetchCompanyMenu(signal?: AbortSignal): Promise<CompanyMenu> {
  try {
    const menu = await apiRequest<Partial<CompanyMenu> | undefined>(
      companyMenuPath,
      signal ? { signal } : {},
    );
    const Menus = Array.isArray(menu?.Menus) ? menu.Menus : [];
    return { Menus, configured: typeof menu?.configured === 'boolean' ? menu.configured : Menus.length > 0 };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { Menus: [], configured: false };
    throw err;
  }
}
