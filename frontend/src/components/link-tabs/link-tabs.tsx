import { Link } from 'react-router-dom';
import './link-tabs.css';

export interface LinkTab {
  to: string;
  /** Already translated. */
  label: string;
  current: boolean;
}

/**
 * A screen's parts as a row of links (Reporting's Reports and Invoices, Approvals' Waiting and Decided): each part has
 * its own address, so it can be bookmarked and the back button works; the current one is underlined, not by colour alone.
 */
export function LinkTabs({ label, tabs, onFollow }: { label: string; tabs: readonly LinkTab[]; onFollow?: () => void }) {
  return (
    <nav className="link-tabs" aria-label={label}>
      <ul className="link-tabs__list">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link className="link-tabs__link" to={tab.to} aria-current={tab.current ? 'page' : undefined} onClick={onFollow}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
