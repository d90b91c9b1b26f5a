/**
 * Automation templates are rendered by the domain's one renderer (automations/template-vars.ts):
 * `${name}` from a whitelist `Map`, nothing evaluated, a value inserted once and never rescanned,
 * values escaped for where they go ('html' e-mail body, 'header' subject and HTTP header values,
 * 'url', 'json' body, 'none').
 */
export {
  renderTemplate,
  templateVariables,
  type TemplateEscape,
} from '@talkbase/domain/automations/template-vars';
export { variableText } from '@talkbase/domain/notifications/template-variables';

/** The text alternative of an HTML e-mail body: tags dropped, the common entities read back. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
