/**
 * What jsdom lacks and Mantine's combobox calls (scrolling the highlighted option into view).
 * Imported by the tests of this folder only.
 */
export function fillJsdomGaps(): void {
  if (typeof Element.prototype.scrollIntoView !== 'function') {
    Element.prototype.scrollIntoView = () => undefined;
  }
}
