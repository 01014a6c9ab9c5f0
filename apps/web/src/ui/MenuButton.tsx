import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import './menu.css';

export interface MenuItem {
  /** The item's accessible name (e.g. `Logs db`); `text` is what it shows. */
  label: string;
  text: string;
  /** Busy or not possible now: announced and skipped by a click, never taken out of the keyboard's reach. */
  unavailable?: boolean;
  onSelect: () => void;
}

interface MenuButtonProps {
  /** The button's accessible name (`More actions for <name>`). */
  label: string;
  items: readonly MenuItem[];
  disabled?: boolean;
}

/**
 * A menu button on the ARIA menu pattern: Enter, Space or ArrowDown opens it on its first item
 * (ArrowUp on the last), arrows and Home/End move, Escape closes it and focus goes back to the
 * button; Tab or a click elsewhere closes it. Choosing an item puts focus back on the button first,
 * so a dialog the item opens hands focus back there.
 */
export function MenuButton({ label, items, disabled = false }: MenuButtonProps) {
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  // The item to focus once the menu is open: its index, or null while closed.
  const [open, setOpen] = useState<number | null>(null);

  useEffect(() => {
    if (open === null) return;
    itemsOf(menuRef.current)[open]?.focus();
  }, [open]);
  useEffect(() => {
    if (open === null) return;
    const closeOnOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(null);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside);
    };
  }, [open]);

  const close = () => {
    setOpen(null);
    buttonRef.current?.focus();
  };
  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowDown' ? 0 : items.length - 1);
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const all = itemsOf(menuRef.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => {
      event.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown') moveTo(at + 1);
    else if (event.key === 'ArrowUp') moveTo(at - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(all.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') setOpen(null);
  };

  return (
    <div className="menu-button">
      <button
        ref={buttonRef}
        type="button"
        className="secondary small icon-button"
        id={`${id}-button`}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open !== null ? `${id}-menu` : undefined}
        title="More actions"
        disabled={disabled}
        onKeyDown={onButtonKey}
        onClick={() => {
          setOpen(open === null ? 0 : null);
        }}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open !== null && (
        <div
          ref={menuRef}
          role="menu"
          id={`${id}-menu`}
          aria-labelledby={`${id}-button`}
          className="menu"
          onKeyDown={onMenuKey}
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-label={item.label}
              aria-disabled={item.unavailable === true ? true : undefined}
              onClick={() => {
                if (item.unavailable === true) return;
                close();
                item.onSelect();
              }}
            >
              {item.text}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function itemsOf(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}
