/** The token of the e-mailed reset link: it rides in the address's fragment (`#token=…`). */
export function resetTokenOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim() ?? '';
}
