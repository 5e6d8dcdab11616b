/** Debian's Chromium; Playwright never downloads a browser of its own here. */
export function chromiumPath(): string {
  return process.env.PORTAL_CHROMIUM_PATH ?? '/usr/bin/chromium';
}

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
