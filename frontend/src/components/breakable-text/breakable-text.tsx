import { Fragment } from 'react';

/**
 * Text that may wrap inside its addresses where a reader expects it to: a URL after its '/', '?', '&' and '=', an
 * e-mail after its '@', both before their dots. A long address otherwise breaks in the middle of a word on a narrow
 * screen, or, where nothing may break it, widens its table. Other words (an event's name, "funding.applied") are left
 * whole.
 */
export function BreakableText({ text }: { text: string }) {
  const parts = breakableParts(text);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** The text in the pieces a line may end between: an address cut at its separators, anything else whole. */
export function breakableParts(text: string): string[] {
  return text
    .split(/(\s+)/)
    .flatMap((token) => (/[/@]/.test(token) ? token.split(/(?<=[/?&=@])(?=.)|(?<=.)(?=\.)/) : [token]))
    .filter((part) => part !== '');
}
