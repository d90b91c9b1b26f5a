import { ApiError, sessionToken } from '../../../api/client.ts';

/**
 * File downloads (002 §7: stored files, all files of an attribute, generated files). apiRequest
 * reads JSON; a file needs the raw body, so this sends the same bearer token and reads a blob.
 */

/** The name a Content-Disposition header gives (RFC 5987 `filename*` first), or null. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = plain?.[1] ?? plain?.[2];
  return name ? name.trim() : null;
}

export async function fetchBlob(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  const token = sessionToken();
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  // eslint-disable-next-line no-restricted-globals -- a binary body, which apiRequest cannot read.
  const response = await fetch(path, { headers, credentials: 'same-origin' });
  if (!response.ok) throw new ApiError(response.status, []);
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('content-disposition')),
  };
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}

/** Downloads `path`, saved under the server's name or `fallbackName`. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await fetchBlob(path);
  saveBlob(blob, fileName ?? fallbackName);
}
