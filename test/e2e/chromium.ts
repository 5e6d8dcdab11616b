/** Debian's Chromium; Playwright never downloads a browser of its own here. */
export function chromiumPath(): string {
  return process.env.PORTAL_CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/** What Chromium needs on our machines: no sandbox as root, no GPU, and no calls to Google's services. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The end-to-end suite's browser: its compositor runs in the browser process instead of a GPU process of its own,
 * which with no GPU only passed frames between processes (measured: 15% less CPU for the same specs, see
 * docs/decisions.md "Tests"). The benches keep a user's browser, with its GPU process.
 */
export const e2eChromiumArgs = [...chromiumArgs, '--in-process-gpu'];
