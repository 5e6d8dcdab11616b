/**
 * The company this browser tab shows and acts on (DESIGN section 6). It lives in the tab's sessionStorage, which each
 * tab has of its own (a duplicated tab starts with a copy) and which outlives a reload. Every company call names it
 * (../http.ts), so a switch in one tab moves no other; the profile's last company is only what a new tab or a new
 * sign-in starts with.
 *
 * A tab whose company the user no longer belongs to keeps which one it was ("lost"), so that it can say so and offer
 * the user's other companies instead of showing another company's data as if it were the one the tab showed.
 */
const storageKey = 'portal.companyId';

/** A company as the tab names it: its id, and its name as the tab last showed it (null when it never loaded it). */
export interface TabCompany {
  companyId: string;
  name: string | null;
}

/** The tab's company that the user no longer belongs to. */
export type LostCompany = TabCompany;

interface TabCompanyState {
  company: TabCompany | null;
  lost: LostCompany | null;
}

const storedCompany = (value: unknown): TabCompany | null => {
  if (typeof value !== 'object' || value === null) return null;
  const { companyId, name } = value as Record<string, unknown>;
  return typeof companyId === 'string' ? { companyId, name: typeof name === 'string' ? name : null } : null;
};

function readStored(): TabCompany | null {
  try {
    const stored = window.sessionStorage.getItem(storageKey);
    return stored === null ? null : storedCompany(JSON.parse(stored));
  } catch {
    // Storage refused (a privacy mode) or unreadable: the tab starts on the profile's last company.
    return null;
  }
}

function store(company: TabCompany | null): void {
  try {
    if (company === null) window.sessionStorage.removeItem(storageKey);
    else window.sessionStorage.setItem(storageKey, JSON.stringify(company));
  } catch {
    // As above: kept in memory only.
  }
}

let state: TabCompanyState = { company: typeof window === 'undefined' ? null : readStored(), lost: null };
const listeners = new Set<() => void>();

function update(next: TabCompanyState): void {
  state = next;
  store(next.company);
  for (const listener of listeners) listener();
}

/** The company this tab acts on; null before its first profile load (the server then uses the last company). */
export function tabCompanyId(): string | null {
  return state.company?.companyId ?? null;
}

/** The tab now shows this company (a switch, or the first profile load of a new tab or sign-in). */
export function setTabCompany(company: TabCompany): void {
  update({ company, lost: null });
}

/** The API answered that the user no longer belongs to the tab's company: forget it, and remember which it was. */
export function markCompanyLost(companyId: string): void {
  update({ company: null, lost: { companyId, name: state.company?.companyId === companyId ? state.company.name : null } });
}

/** A new sign-in, or a session ended: the next profile load decides the company afresh. */
export function resetTabCompany(): void {
  update({ company: null, lost: null });
}

export function lostCompany(): LostCompany | null {
  return state.lost;
}

/** For useSyncExternalStore: the state object changes only when something in it does. */
export function subscribeTabCompany(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function tabCompanySnapshot(): TabCompanyState {
  return state;
}
