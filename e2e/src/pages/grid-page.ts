import type { Locator, Page } from 'playwright-core';

/** The records grid (spec 002 §2 "Grid") of one subject. */
export class GridPage {
  readonly page: Page;
  readonly grid: Locator;
  readonly rows: Locator;
  readonly footer: Locator;

  constructor(page: Page, subjectName: string) {
    this.page = page;
    this.grid = page.getByRole('grid', { name: `Registros de ${subjectName}` });
    this.rows = this.grid.locator('[role="row"][data-talk-id]');
    this.footer = page.locator('.grid-footer');
  }

  async open(baseUrl: string, path: string): Promise<void> {
    await this.page.goto(`${baseUrl}${path}`);
    await this.waitForRows();
  }

  async waitForRows(): Promise<void> {
    await this.grid.waitFor();
    await this.page.waitForFunction(() => {
      const grid = document.querySelector('[role="grid"]');
      return grid?.getAttribute('aria-busy') === 'false';
    });
  }

  row(talkId: number): Locator {
    return this.grid.locator(`[role="row"][data-talk-id="${talkId}"]`);
  }

  /** The record ids shown, in order (new rows have negative temporary ids shown). */
  async ids(): Promise<number[]> {
    const values = await this.rows.evaluateAll((rows) =>
      rows.map((r) => Number(r.getAttribute('data-talk-id'))),
    );
    return values;
  }

  /** The text of a column's cells, in row order. */
  async column(label: string): Promise<string[]> {
    // Header cells hold the label and a sort icon (an icon font's ligature text).
    const index = await this.grid
      .locator('[role="columnheader"]')
      .evaluateAll(
        (cells, name) =>
          cells.findIndex((c) => (c.querySelector('.grid-header-label') ?? c).textContent.trim() === name),
        label,
      );
    return this.rows.evaluateAll(
      (rows, i) => rows.map((r) => r.querySelectorAll('[role="gridcell"]')[i]?.textContent.trim() ?? ''),
      index,
    );
  }

  cell(talkId: number, label: string): Locator {
    return this.row(talkId).locator(`[role="gridcell"][aria-label^="${label}:"]`);
  }

  /** "1–50 de 300" */
  async range(): Promise<string> {
    return (await this.footer.locator('p').first().textContent())?.split('·')[0]?.trim() ?? '';
  }

  async select(talkId: number): Promise<void> {
    await this.page.getByRole('checkbox', { name: `Selecionar o registro ${talkId}` }).check();
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  notice(text: string): Locator {
    return this.page.getByRole('region', { name: 'Notificações' }).getByText(text);
  }
}
