/**
 * A value still loading, in the line where it will stand: a sample of what it will look like (an amount, a date, a
 * sentence) gives the skeleton its size, wrapping as the value would, so nothing moves when the value comes. The
 * sample is drawn by CSS, not written into the page: no test or reader can take it for the value.
 */
export function ValueSkeleton({ sample }: { sample: string }) {
  return <span className="skeleton skeleton--text" data-sample={sample} aria-hidden="true" />;
}
