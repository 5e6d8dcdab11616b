import { useEffect, useState } from 'react';
import { afterPointerRelease, followPointerPresses, isPointerPressed } from './pointer-press';

/**
 * A field's message, under the field; the field names it by `id` in aria-describedby. Nothing when all is well.
 *
 * A message that appears while a pointer is pressed waits until it is released: a field validated on blur loses the
 * focus on the press of the next thing clicked (often the submit button below it), and a message appearing then would
 * move that button away from under the pointer before the release, so the click would be lost (docs/decisions.md).
 */
export function FieldError({ id, message }: { id: string | undefined; message: string | undefined }) {
  const shown = useShownAfterPress(message);
  if (!shown) return null;
  return (
    <p id={id} className="field__error">
      {shown}
    </p>
  );
}

function useShownAfterPress(message: string | undefined): string | undefined {
  const [previous, setPrevious] = useState(message);
  const [held, setHeld] = useState<string | undefined>(undefined);
  useEffect(followPointerPresses, []);
  if (message !== previous) {
    setPrevious(message);
    setHeld(message && !previous && isPointerPressed() ? message : undefined);
  }
  useEffect(() => (held ? afterPointerRelease(() => setHeld(undefined)) : undefined), [held]);
  return held ? undefined : message;
}
