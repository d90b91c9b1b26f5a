import { attributeName, fieldError, type FieldError, type FieldRule } from './field-rule.ts';
import { message } from './messages.ts';

/**
 * Files, components 22 (file) and 34 (file on demand), and the image upload.
 *
 * A file value is a list of file items (a single item is read as a list of one). An item with a
 * `url` is already stored; one without is new and is uploaded only when its extension is allowed.
 * An item marked `deleted` is being removed and does not count.
 */
export const ALLOWED_FILE_EXTENSIONS = [
  '.pdf',
  '.xls',
  '.xlsx',
  '.doc',
  '.docx',
  '.xml',
  '.jpg',
  '.jpeg',
  '.png',
  '.bmp',
  '.gif',
] as const;
export const ALLOWED_IMAGE_EXTENSIONS = ['.png', '.jpeg', '.jpg'] as const;
export const MAX_FILES_PER_SELECTION = 20;

export interface FileItem {
  readonly name: string;
  readonly type?: string | null;
  /** Set once stored; null or absent for a new file. */
  readonly url?: string | null;
  /** Base64 content of a new file; null when its extension is invalid. */
  readonly data?: string | null;
  /** Set by `pickFiles` when the extension is not allowed. */
  readonly error?: boolean;
  readonly deleted?: boolean;
}

/** '.pdf' for 'Relatório Final.PDF'; '' when the name has no extension. */
export function fileExtension(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot).toLowerCase();
}

export function isAllowedFileName(name: string): boolean {
  return (ALLOWED_FILE_EXTENSIONS as readonly string[]).includes(fileExtension(name));
}

export function isAllowedImageName(name: string): boolean {
  return (ALLOWED_IMAGE_EXTENSIONS as readonly string[]).includes(fileExtension(name));
}

/** The tooltip of a file that will not be uploaded, listing the allowed extensions. */
export function invalidFileMessage(): string {
  return message('fileInvalidExtension', { list: ALLOWED_FILE_EXTENSIONS.join(', ') });
}

/** 'Extensão não suportada' for an image that is not .png, .jpeg or .jpg; undefined when fine. */
export function imageExtensionError(name: string): string | undefined {
  return isAllowedImageName(name) ? undefined : message('imageUnsupported');
}

export interface PickResult<T> {
  /** The picked files to add, each flagged `error` when its extension is not allowed. */
  readonly added: (T & { readonly error: boolean })[];
  /** Picked files left out: their name is already in the list, or past the 20 of a selection. */
  readonly ignored: T[];
}

/**
 * Applies one selection of the file editor: at most 20 files are taken, a file whose name is
 * already listed (or repeated in the selection) is ignored, and invalid extensions are flagged.
 */
export function pickFiles<T extends { readonly name: string }>(
  existing: readonly { readonly name: string }[],
  picked: readonly T[],
): PickResult<T> {
  const names = new Set(existing.map((file) => file.name));
  const added: (T & { readonly error: boolean })[] = [];
  const ignored: T[] = [];
  for (const file of picked) {
    if (added.length >= MAX_FILES_PER_SELECTION || names.has(file.name)) {
      ignored.push(file);
      continue;
    }
    names.add(file.name);
    added.push({ ...file, error: !isAllowedFileName(file.name) });
  }
  return { added, ignored };
}

function readFileItems(value: unknown): FileItem[] | undefined {
  const list: unknown[] = Array.isArray(value) ? (value as unknown[]) : [value];
  const items: FileItem[] = [];
  for (const entry of list) {
    if (entry === null || typeof entry !== 'object') return undefined;
    const item = entry as Record<string, unknown>;
    if (typeof item.name !== 'string') return undefined;
    const url = typeof item.url === 'string' && item.url !== '' ? item.url : null;
    items.push({ name: item.name, url, deleted: item.deleted === true });
  }
  return items;
}

/** Nothing given, or only files being removed. A value that is not a file list is not "empty". */
function hasNoFiles(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  const items = readFileItems(value);
  return items !== undefined && items.every((item) => item.deleted === true);
}

/** Required: at least one file that is not being removed. New files: allowed extensions, ≤ 20. */
export function checkFiles(name: string, value: unknown): FieldError[] {
  const items = readFileItems(value);
  if (!items) return [fieldError(message('invalidValue', { name }))];
  const fresh = items.filter((item) => item.deleted !== true && item.url === null);
  const errors: FieldError[] = [];
  if (fresh.some((item) => !isAllowedFileName(item.name))) errors.push(fieldError(invalidFileMessage()));
  if (fresh.length > MAX_FILES_PER_SELECTION) {
    errors.push(fieldError(message('fileTooMany', { n: MAX_FILES_PER_SELECTION })));
  }
  return errors;
}

export const fileRule: FieldRule = {
  componentIds: [22, 34],
  requiredMessage: () => message('fileRequired'),
  isEmpty: hasNoFiles,
  validate: (attribute, value) => checkFiles(attributeName(attribute), value),
};
