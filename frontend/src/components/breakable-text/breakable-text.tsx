import { Fragment } from 'react';

/**
 * Text that may wrap inside its addresses where a reader expects it to: after a URL's '/', '?', '&' and '=' and an
 * e-mail's '@', before their dots. A long address otherwise breaks in the middle of a word on a narrow screen, or,
 * where nothing may break it, widens its table. Other words are left as they are.
 */
export function BreakableText({ text }: { text: string }) {
  const parts = text.split(/(?<=\S[/?&=@])(?=\S)|(?<=\S)(?=\.\S)/);
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
