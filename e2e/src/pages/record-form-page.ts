import type { Locator, Page } from 'playwright-core';

export const INSERTED = 'Registro inserido com sucesso!';
export const UPDATED = 'Registro atualizado com sucesso!';
export const FOOTER_INVALID = 'Preencha todos os dados corretamente antes de continuar';

/**
 * The record form (/context/form/{subject}/…), as a user sees it: fields found by their label,
 * the footer's message and its OK button, and the notice a save shows.
 */
export class RecordFormPage {
  readonly page: Page;
  readonly form: Locator;
  readonly ok: Locator;
  readonly footer: Locator;
  readonly notices: Locator;

  constructor(page: Page) {
    this.page = page;
    this.form = page.locator('form.record-form');
    this.ok = this.form.getByRole('button', { name: 'OK', exact: true });
    this.footer = this.form.locator('.record-form-footer');
    this.notices = page.getByRole('region', { name: 'Notificações' });
  }

  async waitUntilReady(): Promise<void> {
    await this.form.locator('.record-field').first().waitFor();
  }

  /**
   * The box of the field whose own label is `label` (the required asterisk aside). Editors made of
   * several inputs (the schedule, the carrier) have inner labels too; the field's own is the
   * wrapper's label, a child of the box's first element (the switch's beside its track).
   */
  field(label: string): Locator {
    const own = exactly(label);
    return this.form.locator('.record-field').filter({
      has: this.page.locator(':scope > * > .mantine-InputWrapper-label, :scope > * .mantine-Switch-label', {
        hasText: own,
      }),
    });
  }

  /**
   * The input named `label` (a required field's name ends in its asterisk), inside the field of
   * that label.
   */
  input(label: string): Locator {
    return this.field(label).getByLabel(exactly(label)).first();
  }

  /** Types into a text-like field key by key, as a user would, and leaves it. */
  async type(label: string, text: string): Promise<void> {
    const input = this.input(label);
    await input.click();
    await input.press('ControlOrMeta+a');
    await input.press('Backspace');
    await input.pressSequentially(text, { delay: 15 });
    await input.blur();
  }

  /** What the field's main input shows now. */
  shownValue(label: string): Promise<string> {
    return this.input(label).inputValue();
  }

  /** Opens a select field, optionally searches, and chooses the option named `option`. */
  async choose(label: string, option: string, search?: string): Promise<void> {
    const input = this.input(label);
    await input.click();
    if (search !== undefined) await input.pressSequentially(search, { delay: 15 });
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** The names of the options a select field offers (opened and left open). */
  async options(label: string): Promise<string[]> {
    await this.input(label).click();
    const listbox = this.page.getByRole('listbox').last();
    await listbox.getByRole('option').first().waitFor();
    return listbox.getByRole('option').allTextContents();
  }

  /** The error shown under a field ('' when none). */
  async errorOf(label: string): Promise<string> {
    const errors = this.field(label).locator('.mantine-InputWrapper-error');
    return (await errors.count()) === 0 ? '' : ((await errors.first().textContent()) ?? '');
  }

  /** Every error message shown in the form. */
  errors(): Promise<string[]> {
    return this.form.locator('.mantine-InputWrapper-error').allTextContents();
  }

  /**
   * The fields whose content does not fit: wider than their box or reaching out of the form (and
   * 'page' when the page itself scrolls sideways).
   */
  overflowing(): Promise<string[]> {
    return this.form.evaluate((form) => {
      const edge = form.getBoundingClientRect().right + 1;
      const found = [...form.querySelectorAll<HTMLElement>('.record-field')]
        .filter((f) => f.scrollWidth > f.clientWidth + 1 || f.getBoundingClientRect().right > edge)
        .map((f) => f.dataset.field ?? '?');
      const root = document.documentElement;
      return root.scrollWidth > root.clientWidth ? [...found, 'page'] : found;
    });
  }

  footerText(): Promise<string> {
    return this.footer.locator('p').first().innerText();
  }

  async save(): Promise<void> {
    await this.ok.click();
  }

  /** Waits for the success notice ('Registro inserido com sucesso!' or '…atualizado…'). */
  async waitForNotice(text: string = INSERTED): Promise<void> {
    await this.notices.getByText(text, { exact: true }).waitFor({ timeout: 20_000 });
  }
}

/** The label's text, whole, with or without the required asterisk. */
const exactly = (label: string) => new RegExp(`^\\s*${escapeRegExp(label)}\\s*\\*?\\s*$`);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
