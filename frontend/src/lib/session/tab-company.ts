/**
 * The company this browser tab shows and acts on (DESIGN section 6). It lives in the tab's sessionStorage, which each
 * tab has of its own (a duplicated tab starts with a copy) and which outlives a reload. Every company call names it
 * (../http.ts), so a switch in one tab moves no other; the profile's last company is only what a new tab or a new
 * sign-in starts with.
 *
 * It belongs to the user who chose it: the Cognito session is shared by the browser's tabs, so another person may
 * sign in from another tab, and this tab's company is then no longer named for anyone.
 *
 * A tab whose company the user no longer belongs to keeps which one it was ("lost"), over a reload too, so that it can
 * say so and offer the user's other companies instead of showing another company's data as if it were the one the tab
 * showed.
 */
const storageKey = 'portal.tabCompany';

/** A company as the tab names it: its id, its name as the tab last showed it, and whose choice it is. */
export interface TabCompany {
  companyId: string;
  name: string | null;
  userId: string;
}

/** The tab's company that the user no longer belongs to. */
export type LostCompany = TabCompany;

interface TabCompanyState {
  company: TabCompany | null;
  lost: LostCompany | null;
}

const empty: TabCompanyState = { company: null, lost: null };

function companyOf(value: unknown): TabCompany | null {
  if (typeof value !== 'object' || value === null) return null;
  const { companyId, name, userId } = value as Record<string, unknown>;
  if (typeof companyId !== 'string' || typeof userId !== 'string') return null;
  return { companyId, userId, name: typeof name === 'string' ? name : null };
}

function readStored(): TabCompanyState {
  try {
    const stored = window.sessionStorage.getItem(storageKey);
    if (stored === null) return empty;
    const parsed = JSON.parse(stored) as Record<string, unknown>;
    return { company: companyOf(parsed.company), lost: companyOf(parsed.lost) };
  } catch {
    // Storage refused (a privacy mode) or unreadable: the tab starts on the profile's last company.
    return empty;
  }
}

function store(next: TabCompanyState): void {
  try {
    if (next.company === null && next.lost === null) window.sessionStorage.removeItem(storageKey);
    else window.sessionStorage.setItem(storageKey, JSON.stringify(next));
  } catch {
    // As above: kept in memory only.
  }
}

let state: TabCompanyState = typeof window === 'undefined' ? empty : readStored();
const listeners = new Set<() => void>();

function update(next: TabCompanyState): void {
  state = next;
  store(next);
  for (const listener of listeners) listener();
}

/**
 * The company this tab acts on for the signed-in user; null before its first profile load (the server then uses the
 * last company). A company another user chose in this tab is forgotten here, before it is ever sent.
 */
export function tabCompanyIdFor(userId: string | null): string | null {
  if (userId !== null && state.company !== null && state.company.userId !== userId) update(empty);
  return state.company?.companyId ?? null;
}

/** The company this tab acts on, whoever chose it. */
export function tabCompanyId(): string | null {
  return state.company?.companyId ?? null;
}

/** The tab now shows this company (a switch, or the first profile load of a new tab or sign-in). */
export function setTabCompany(company: TabCompany): void {
  update({ company, lost: null });
}

/**
 * The API answered that the user no longer belongs to this company: if the tab still shows it, forget it and remember
 * which it was. An answer about a company the tab has left since (a slow request, or one of several refused at once)
 * changes nothing.
 */
export function markCompanyLost(companyId: string): boolean {
  if (state.company?.companyId !== companyId) return false;
  update({ company: null, lost: state.company });
  return true;
}

/** A session ended: the next profile load decides the company afresh. */
export function resetTabCompany(): void {
  update(empty);
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
