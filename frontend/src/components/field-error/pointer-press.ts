/**
 * Whether a pointer (mouse button, finger, pen) is pressed anywhere on the page, and a way to wait until it is
 * released. A field's message that appears on blur would move what lies below it while the pointer that caused the
 * blur is still down: the press and the release would land on different places, and the click would be lost.
 */
let pressed = false;
let listening = false;
const waiting = new Set<() => void>();

function listen(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('pointerdown', (event) => {
    if (event.isPrimary) pressed = true;
  }, true);
  const release = (event: PointerEvent) => {
    if (!event.isPrimary) return;
    pressed = false;
    // The click of this press is dispatched after its pointerup: the waiting messages show once it has run.
    setTimeout(() => {
      if (pressed) return;
      const callbacks = [...waiting];
      waiting.clear();
      for (const callback of callbacks) callback();
    });
  };
  window.addEventListener('pointerup', release, true);
  window.addEventListener('pointercancel', release, true);
}

/** Starts following presses; call it before a press can matter (when a field mounts). */
export function followPointerPresses(): void {
  listen();
}

export function isPointerPressed(): boolean {
  return pressed;
}

/** Runs `callback` once the pressed pointer was released and its click handled (soon, if none is); returns the cancel. */
export function afterPointerRelease(callback: () => void): () => void {
  if (!pressed) {
    const timer = setTimeout(callback);
    return () => clearTimeout(timer);
  }
  waiting.add(callback);
  return () => waiting.delete(callback);
}
