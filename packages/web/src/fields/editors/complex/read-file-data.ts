/** A picked file's content as base64 (the JSON upload's `data`, 002 §3 File item). */
export async function readFileData(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

/** A data URL for showing an image from its base64 content. */
export const dataUrl = (type: string, data: string): string => `data:${type};base64,${data}`;
