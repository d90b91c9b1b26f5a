import type { Browser, Page } from 'playwright-core';

/** How much of one dialog's or alert's text the report keeps. */
const TEXT_LIMIT = 800;

const clip = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > TEXT_LIMIT ? `${flat.slice(0, TEXT_LIMIT)}…` : flat;
};

async function describePage(page: Page): Promise<string> {
  const lines = [`  página ${page.url()}`];
  try {
    const seen = await page.evaluate(() => {
      const name = (el: Element | null) => {
        if (!el) return '';
        const label =
          el.getAttribute('aria-label') ??
          (el as HTMLInputElement).labels?.[0]?.innerText ??
          (el as HTMLElement).innerText.slice(0, 60);
        return `${el.tagName.toLowerCase()} "${label.replace(/\s+/g, ' ').trim()}"`;
      };
      const visible = (el: Element) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      };
      return {
        scheme: document.documentElement.getAttribute('data-mantine-color-scheme'),
        focused: name(document.activeElement),
        heading: document.querySelector<HTMLElement>('main h1, h1')?.innerText.trim() ?? '',
        // The open tabs (web app TabsBar), the current one marked.
        tabs: Array.from(document.querySelectorAll('nav[aria-label="Abas abertas"] a')).map(
          (a) =>
            `${a.getAttribute('aria-current') === 'page' ? '▸' : ''}${(a as HTMLElement).innerText.trim()}`,
        ),
        shown: Array.from(document.querySelectorAll('[role="dialog"], [role="alert"], [role="alertdialog"]'))
          .filter(visible)
          .map((el) => {
            // A field's value is not in innerText: the dialog's filled fields and ticked boxes follow.
            const fields = Array.from(el.querySelectorAll('input:not([type="hidden"]), textarea')).flatMap(
              (f) => {
                const input = f as HTMLInputElement;
                if (input.type === 'checkbox' || input.type === 'radio')
                  return input.checked ? [`${name(f)} ✓`] : [];
                return input.value !== '' && input.type !== 'password' ? [`${name(f)} = ${input.value}`] : [];
              },
            );
            return { role: el.getAttribute('role') ?? '', text: (el as HTMLElement).innerText, fields };
          }),
      };
    });
    lines.push(`    modo: ${seen.scheme ?? '?'}; foco: ${seen.focused}`);
    if (seen.heading) lines.push(`    título: ${clip(seen.heading)}`);
    if (seen.tabs.length > 0) lines.push(`    abas: ${clip(seen.tabs.join(' | '))}`);
    const worker = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      if (!r) return 'nenhum';
      const state = (w: ServiceWorker | null) => w?.state ?? '-';
      return `ativo ${state(r.active)}, esperando ${state(r.waiting)}, instalando ${state(r.installing)}`;
    });
    lines.push(`    service worker: ${worker}`);
    for (const { role, text, fields } of seen.shown) {
      lines.push(`    ${role}: ${clip(text)}`);
      if (fields.length > 0) lines.push(`      campos: ${clip(fields.join('; '))}`);
    }
  } catch (err) {
    lines.push(`    (não foi possível ler a página: ${err instanceof Error ? err.message : String(err)})`);
  }
  return lines.join('\n');
}

/**
 * What each page the browser still has open shows: its address, night or day mode, the focused
 * element, its heading and open tabs, its service worker's state, and the text and filled fields
 * of every visible dialog and alert. Added to a failed test's error, so that a failure seen only
 * in CI (where no screenshot is taken) says what the screen offered — a dialog that stayed open
 * shows the validation message that kept it there.
 */
export async function describeOpenPages(browser: Browser): Promise<string> {
  const pages = browser.contexts().flatMap((context) => context.pages());
  if (pages.length === 0) return 'Nenhuma página aberta no navegador.';
  const described = await Promise.all(pages.map(describePage));
  return ['O que as páginas abertas mostravam na falha:', ...described].join('\n');
}
