/**
 * File bytes to and from the browser: blob downloads with the bearer token (002 §7 "GET {file
 * url}" and "GET /value/file/…"), saving a blob under a name, and reading a picked file as base64
 * for the JSON upload. `apiRequest` speaks JSON only, hence this small helper beside it.
 */

export type TokenGetter = () => string | null;

export interface DownloadedFile {
  blob: Blob;
  /** The name the server gave in Content-Disposition, if any. */
  name: string | undefined;
}

/** The file name of a Content-Disposition header: the UTF-8 `filename*` first, else `filename`. */
export function fileNameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name || undefined;
}

/** GETs a file with the session's bearer token; throws on a failed answer. */
export async function fetchFile(url: string, token: TokenGetter): Promise<DownloadedFile> {
  const headers: Record<string, string> = {};
  const bearer = token();
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  // eslint-disable-next-line no-restricted-globals -- a blob, not JSON: apiRequest cannot read it.
  const response = await fetch(url, { headers, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  return {
    blob: await response.blob(),
    name: fileNameFromDisposition(response.headers.get('content-disposition')),
  };
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob over; revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/**
 * Downloads and saves one file; `nameOf` picks the saved name from the server's. Download errors
 * are ignored, only logged (002 §8 "file downloads: errors ignored or logged silently").
 */
export async function downloadFile(
  url: string,
  token: TokenGetter,
  nameOf: (serverName: string | undefined) => string,
): Promise<void> {
  try {
    const file = await fetchFile(url, token);
    saveBlob(file.blob, nameOf(file.name));
  } catch (err) {
    console.debug('file download failed', url, err);
  }
}

/** The base64 content of a picked file (without the data: URL prefix). */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = typeof reader.result === 'string' ? reader.result : '';
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
