/**
 * The web app's address of a record (its talk screen), as links in e-mails, browser notifications
 * and automation messages carry it: `/context/talk/{subject}/{talkId}` — the route the web app's
 * `contextPath('talk', …)` makes and the server's `Location` of a created record names.
 */
export function recordLinkPath(subjectIdentifier: string, talkId: number): string {
  return `/context/talk/${encodeURIComponent(subjectIdentifier)}/${String(talkId)}`;
}

/** The absolute link to a record under the public address (PUBLIC_URL), with no doubled slash. */
export function recordLink(publicUrl: string, subjectIdentifier: string, talkId: number): string {
  return `${publicUrl.replace(/\/+$/, '')}${recordLinkPath(subjectIdentifier, talkId)}`;
}
