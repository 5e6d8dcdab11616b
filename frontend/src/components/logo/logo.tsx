import { productName } from '@frontend/lib/brand';
import './logo.css';

/** Card-shaped mark with the product name; `compact` leaves out the name (the caller labels the link). */
export function Logo({ compact = false, inverted = false }: { compact?: boolean; inverted?: boolean }) {
  return (
    <span className={`logo${inverted ? ' logo--inverted' : ''}`}>
      <svg className="logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="currentColor" />
        <rect x="6" y="9" width="20" height="14" rx="3" fill="#ffffff" />
        <rect x="6" y="12" width="20" height="3" fill="#f5b301" />
      </svg>
      {!compact && <span className="logo__text">{productName}</span>}
    </span>
  );
}
