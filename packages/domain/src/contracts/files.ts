import { z } from 'zod';
import { fileExtension } from '../fields/file.ts';

/**
 * Files of records (spec 002 §3 File item and Talk.talkAttachments, §5 File, §7 the /value/file
 * calls and GetIconByFileTypeQuery): components 22 (file) and 34 (file on demand).
 */

/** The media type a stored file is served with, from its (allowed) extension. */
export const FILE_MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.pdf': 'application/pdf',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xml': 'application/xml',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.bmp': 'image/bmp',
  '.gif': 'image/gif',
};

export const GENERIC_MEDIA_TYPE = 'application/octet-stream';

export function mediaTypeOf(fileName: string): string {
  const extension = fileExtension(fileName);
  return (
    (Object.hasOwn(FILE_MEDIA_TYPES, extension) ? FILE_MEDIA_TYPES[extension] : undefined) ??
    GENERIC_MEDIA_TYPE
  );
}

/** Material Symbols names (GUIDE §3: icons are stored and exchanged as names). */
export const FILE_ICONS = {
  pdf: 'picture_as_pdf',
  document: 'description',
  spreadsheet: 'table_chart',
  presentation: 'slideshow',
  image: 'image',
  code: 'code',
  archive: 'folder_zip',
  text: 'article',
  other: 'draft',
} as const;

const ICON_BY_EXTENSION: Readonly<Record<string, string>> = {
  pdf: FILE_ICONS.pdf,
  doc: FILE_ICONS.document,
  docx: FILE_ICONS.document,
  odt: FILE_ICONS.document,
  rtf: FILE_ICONS.document,
  xls: FILE_ICONS.spreadsheet,
  xlsx: FILE_ICONS.spreadsheet,
  ods: FILE_ICONS.spreadsheet,
  csv: FILE_ICONS.spreadsheet,
  ppt: FILE_ICONS.presentation,
  pptx: FILE_ICONS.presentation,
  odp: FILE_ICONS.presentation,
  jpg: FILE_ICONS.image,
  jpeg: FILE_ICONS.image,
  png: FILE_ICONS.image,
  bmp: FILE_ICONS.image,
  gif: FILE_ICONS.image,
  webp: FILE_ICONS.image,
  svg: FILE_ICONS.image,
  xml: FILE_ICONS.code,
  json: FILE_ICONS.code,
  html: FILE_ICONS.code,
  htm: FILE_ICONS.code,
  zip: FILE_ICONS.archive,
  rar: FILE_ICONS.archive,
  '7z': FILE_ICONS.archive,
  txt: FILE_ICONS.text,
};

/**
 * The icon of a file type given as an extension ('pdf', '.PDF'), a file name ('nota.pdf') or a
 * media type ('application/pdf', 'image/png'); 'draft' for anything unknown.
 */
export function fileIconFor(fileType: string): string {
  const t = fileType.trim().toLowerCase();
  if (t.includes('/')) {
    const [top, sub = ''] = t.split(';')[0]?.split('/') ?? [];
    if (top === 'image') return FILE_ICONS.image;
    if (sub === 'pdf') return FILE_ICONS.pdf;
    if (sub.includes('spreadsheet') || sub.includes('excel') || sub === 'csv') return FILE_ICONS.spreadsheet;
    if (sub.includes('presentation') || sub.includes('powerpoint')) return FILE_ICONS.presentation;
    if (sub.includes('word') || sub === 'rtf') return FILE_ICONS.document;
    if (sub.includes('xml') || sub.includes('json') || sub === 'html') return FILE_ICONS.code;
    if (sub.includes('zip') || sub.includes('compressed')) return FILE_ICONS.archive;
    if (top === 'text') return FILE_ICONS.text;
    return FILE_ICONS.other;
  }
  const extension = t.includes('.') ? t.slice(t.lastIndexOf('.') + 1) : t;
  return (
    (Object.hasOwn(ICON_BY_EXTENSION, extension) ? ICON_BY_EXTENSION[extension] : undefined) ??
    FILE_ICONS.other
  );
}

/** POST /Presentation/GetIconByFileTypeQuery: `{FileTypes}` (`fileTypes` accepted too). */
export const fileIconQuerySchema = z.preprocess(
  (v) =>
    v && typeof v === 'object' && !('FileTypes' in v) && 'fileTypes' in v ? { FileTypes: v.fileTypes } : v,
  z.object({ FileTypes: z.array(z.string().max(255)).max(500) }),
);

export const fileIconAnswerSchema = z.object({
  message: z.array(z.object({ fileType: z.string(), icon: z.object({ iconIdentifier: z.string() }) })),
});
export type FileIconAnswer = z.infer<typeof fileIconAnswerSchema>;

/**
 * The JSON upload (002 §3 File item): the file editor's list as it stands. Items without `url`
 * carrying base64 `data` are added; items with a `url` and `deleted: true` are removed; other
 * items with a `url` are already stored and left as they are; a new item without data (an invalid
 * extension the editor flagged) is not uploaded.
 */
export const fileItemInputSchema = z.object({
  name: z.string().max(1000),
  type: z.string().max(255).nullish(),
  url: z.string().max(2000).nullish(),
  data: z.string().nullish(),
  error: z.boolean().nullish(),
  deleted: z.boolean().nullish(),
});
export type FileItemInput = z.output<typeof fileItemInputSchema>;

/** A bare list is taken as `{files: list}`; one item as a list of one. */
export const fileUploadJsonSchema = z.preprocess(
  (v) => (Array.isArray(v) ? { files: v } : v && typeof v === 'object' && 'name' in v ? { files: [v] } : v),
  z.object({ files: z.array(fileItemInputSchema).max(1000) }),
);

/** One stored file as the API answers it. */
export const storedFileSchema = z.object({
  talkAttachmentId: z.number().int(),
  subjectAttributeId: z.number().int(),
  name: z.string(),
  /** Media type, from the extension. */
  type: z.string(),
  size: z.number().int(),
  /** Where to download it (002 §7 "GET {file url}"), from the origin. */
  url: z.string(),
  insertedIn: z.string(),
  actorName: z.string().nullable(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

/** 002 §3 Talk.talkAttachments: `value` is the file's name. */
export const talkAttachmentSchema = z.object({
  talkAttachmentId: z.number().int(),
  subjectAttributeId: z.number().int(),
  value: z.string(),
  type: z.string(),
  size: z.number().int(),
  url: z.string(),
  actorName: z.string().nullable(),
  insertedIn: z.string(),
});
export type TalkAttachment = z.infer<typeof talkAttachmentSchema>;

/** The value of a file attribute in `talkValues` (002 §3 File item, as stored). */
export interface FileValueItem {
  name: string;
  type: string;
  url: string;
}

export const fileUploadAnswerSchema = z.object({
  /** Files added by this call. */
  files: z.array(storedFileSchema),
  /** Names left out: already on the attribute, repeated in the call, or new items without data. */
  ignored: z.array(z.string()),
  /** Ids of files recorded as deleted by this call (a replaced single file, `deleted` items). */
  removed: z.array(z.number().int()),
});
export type FileUploadAnswer = z.infer<typeof fileUploadAnswerSchema>;

export const fileUrl = (subject: string, talkId: number, attributeId: number, fileId: number): string =>
  `/api/value/file/${encodeURIComponent(subject)}/${talkId}/${attributeId}/${fileId}`;
