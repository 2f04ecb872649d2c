import {
  cloneElement,
  createElement,
  isValidElement,
  useEffect,
  useState,
  type ComponentProps,
  type HTMLAttributes,
  type ReactElement,
  type ReactNode,
} from 'react';
import type * as RadixMenu from './menu-radix.tsx';

// Radix's dropdown (with its positioning, focus and dismissal code: ≈ 30 KB compressed with the
// primitives under it) is fetched when a learner first reaches for a menu, not with the screen that
// shows the button: the signed-in header drew its three menus' code in the task after the dashboard's
// greeting (issue 15, the dashboard's total blocking time; ADR 038). The button looks and is named the
// same meanwhile; pointing at it or focusing it starts the download, a click opens the menu when it is
// there, as the language selector's menu already did.
let radixMenu: typeof RadixMenu | undefined;
let loading: Promise<typeof RadixMenu> | undefined;

function loadRadixMenu(): Promise<typeof RadixMenu> {
  loading ??= import('./menu-radix.tsx').then(
    (module) => (radixMenu = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function preloadRadixMenu(): void {
  void loadRadixMenu().catch(() => undefined);
}

type MenuProps = Omit<RadixMenu.MenuProps, 'defaultOpen'>;

/** A dropdown menu (Radix: arrow keys, typeahead, Escape, focus return, RTL), its code loaded on first use. */
export function Menu(props: MenuProps) {
  const [radix, setRadix] = useState(() => radixMenu);
  // The learner opened this menu before its code was there: it opens as the code arrives.
  const [openOnArrival, setOpenOnArrival] = useState(false);
  const wanted = openOnArrival || props.open === true;
  useEffect(() => {
    if (radix || !wanted) return;
    let mounted = true;
    loadRadixMenu().then(
      (module) => mounted && setRadix(() => module),
      // Not fetched (offline, a deploy in between): the button stays, a next click tries again.
      () => mounted && setOpenOnArrival(false),
    );
    return () => {
      mounted = false;
    };
  }, [radix, wanted]);

  if (radix) return createElement(radix.Menu, { ...props, defaultOpen: openOnArrival });
  if (!isValidElement<HTMLAttributes<HTMLElement>>(props.trigger)) return props.trigger;
  return cloneElement(props.trigger, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    'aria-busy': wanted || undefined,
    onPointerEnter: preloadRadixMenu,
    onFocus: preloadRadixMenu,
    onClick: () => {
      if (props.open === undefined) setOpenOnArrival(true);
      props.onOpenChange?.(true);
    },
  });
}

// The items are drawn only inside an open menu, so Radix's code is there by then.
function loaded(): typeof RadixMenu {
  if (!radixMenu) throw new Error('a menu item was drawn before its menu');
  return radixMenu;
}

export function MenuItem(props: ComponentProps<typeof RadixMenu.MenuItem>): ReactElement {
  return createElement(loaded().MenuItem, props);
}

export function MenuRadioGroup(props: ComponentProps<typeof RadixMenu.MenuRadioGroup>): ReactElement {
  return createElement(loaded().MenuRadioGroup, props);
}

export function MenuRadioItem(props: ComponentProps<typeof RadixMenu.MenuRadioItem>): ReactElement {
  return createElement(loaded().MenuRadioItem, props);
}

export function MenuLabel(props: ComponentProps<typeof RadixMenu.MenuLabel>): ReactElement {
  return createElement(loaded().MenuLabel, props);
}

export function MenuSeparator(): ReactElement {
  return createElement(loaded().MenuSeparator);
}

/** A non-interactive line inside a menu (loading, error, empty). */
export function MenuNote({ children }: { children: ReactNode }) {
  return <div className="menu__note">{children}</div>;
}
