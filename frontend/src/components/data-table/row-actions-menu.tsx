import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import './row-actions-menu.css';

export interface RowAction {
  id: string;
  /** Already translated; the menu item's whole name. */
  label: string;
  onSelect: () => void;
  /** Irreversible or money-moving: drawn apart, in the danger colour, last. */
  danger?: boolean;
}

/**
 * One compact "⋯" button per row instead of a row of buttons (issue 16): the menu button pattern, its items in
 * order, the dangerous ones last. The menu is portalled out of the table and placed by the button, so a table that
 * scrolls sideways does not clip it.
 */
export function RowActionsMenu({ actions, rowLabel }: { actions: readonly RowAction[]; rowLabel: string }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<{ top: number; right: number } | null>(null);
  // The menu lives inside the page's main landmark, where the row is; fixed positioning frees it from the table's
  // clipping.
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const openMenu = () => {
    setContainer(button.current?.closest('main') ?? document.body);
    setOpen(true);
  };
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const ordered = [...actions.filter((a) => !a.danger), ...actions.filter((a) => a.danger)];

  const close = (focusButton: boolean) => {
    setOpen(false);
    setPlace(null);
    if (focusButton) button.current?.focus();
  };

  // Placed by the button: below it, or above it when the window has no room below (the last rows' menus), and
  // placed again when the page scrolls or resizes under it.
  const placeMenu = useCallback(() => {
    if (!button.current) return;
    const box = button.current.getBoundingClientRect();
    const menuHeight = menu.current?.offsetHeight ?? 0;
    const below = box.bottom + 4;
    const top = below + menuHeight > window.innerHeight && box.top - menuHeight - 4 > 0 ? box.top - menuHeight - 4 : below;
    // The page's width without its scrollbar: fixed positions are measured from there.
    setPlace({ top, right: Math.max(8, document.documentElement.clientWidth - box.right) });
  }, []);

  useLayoutEffect(() => {
    if (open) placeMenu();
  }, [open, placeMenu]);

  // Focus moves in once the menu is placed: while it is still hidden for measuring, it cannot take focus.
  const placed = place !== null;
  useEffect(() => {
    if (open && placed) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
  }, [open, placed]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('resize', placeMenu);
    window.addEventListener('scroll', placeMenu, true);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('resize', placeMenu);
      window.removeEventListener('scroll', placeMenu, true);
    };
  }, [open, placeMenu]);

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focus = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') focus(index + 1);
    else if (event.key === 'ArrowUp') focus(index - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(items.length - 1);
    else if (event.key === 'Escape') close(true);
    // The menu sits at the end of the page's main: Tab goes on from the menu's button, not from there.
    else if (event.key === 'Tab') close(true);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  if (ordered.length === 0) return null;
  return (
    <>
      <button
        ref={button}
        type="button"
        className="icon-button row-actions__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('table.rowActions', { label: rowLabel })}
        onClick={() => (open ? close(false) : openMenu())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            openMenu();
          }
        }}
      >
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" fill="currentColor">
          <circle cx="4" cy="10" r="1.75" />
          <circle cx="10" cy="10" r="1.75" />
          <circle cx="16" cy="10" r="1.75" />
        </svg>
      </button>
      {open &&
        container &&
        createPortal(
          <ul
            ref={menu}
            id={menuId}
            role="menu"
            aria-label={t('table.rowActions', { label: rowLabel })}
            className="row-actions__menu"
            style={place ? { top: place.top, right: place.right } : { visibility: 'hidden', top: 0, right: 0 }}
            onKeyDown={onMenuKey}
          >
            {ordered.map((action, index) => (
              <li key={action.id} role="none" className={action.danger && !ordered[index - 1]?.danger ? 'row-actions__divider' : undefined}>
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={action.danger ? 'row-actions__item row-actions__item--danger' : 'row-actions__item'}
                  onClick={() => {
                    close(true);
                    action.onSelect();
                  }}
                >
                  {action.label}
                </button>
              </li>
            ))}
          </ul>,
          container,
        )}
    </>
  );
}
