import './loaders.css';

/**
 * Skeleton for a screen that is still loading inside a layout (which already has the landmarks): a status named by
 * `label` ("Loading…", already translated) that goes away when the screen is there. It has no heading on purpose:
 * the first h1 on the page is the screen's own, so whoever waits for a heading waits for the screen.
 */
export function ContentSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="page content-loader">
      <span className="visually-hidden">{label}</span>
      <div className="skeleton skeleton--title" aria-hidden="true" />
      <div className="skeleton skeleton--line" aria-hidden="true" />
      <div className="skeleton skeleton--line skeleton--short" aria-hidden="true" />
      <div className="skeleton skeleton--block" aria-hidden="true" />
    </div>
  );
}
