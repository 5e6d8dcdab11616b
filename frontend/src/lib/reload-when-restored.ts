/**
 * A page the browser restores from its back-forward cache is shown as it was left: after a sign-out, or with another
 * person signed in since, that is someone's data or a stale "signed in as". Such a page loads afresh instead. Every
 * page (the portal, the sign-in, /card) calls this at start.
 */
export function reloadWhenRestored(): void {
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) window.location.reload();
  });
}
