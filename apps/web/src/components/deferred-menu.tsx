import type { Menu as MantineMenu, MenuProps } from '@mantine/core';
import { cloneElement, type ReactElement, type ReactNode, useState } from 'react';

type MenuNamespace = typeof MantineMenu;

let loadedMenu: MenuNamespace | null = null;
let loading: Promise<MenuNamespace> | null = null;

const loadMenu = (): Promise<MenuNamespace> => {
  loading ??= import('./deferred-menu-parts').then(
    ({ Menu }) => {
      loadedMenu = Menu;
      return Menu;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
};

export type DeferredMenuProps = {
  /** The button that opens the menu (it must take a ref, as Mantine's buttons do). */
  target: ReactElement<Record<string, unknown>>;
  menuProps?: Omit<MenuProps, 'children' | 'defaultOpened'>;
  /** The dropdown's content, built with the loaded `Menu` (Menu.Item, Menu.Label, Menu.Divider…). */
  children: (Menu: MenuNamespace) => ReactNode;
};

/**
 * A menu in the always-shown header whose code loads when it is first wanted: the pointer on its button or
 * the keyboard focus starts the download, a click (or Enter or Space) opens it once it is there. Until
 * then the button is a plain one announcing its menu (`aria-haspopup`). Every page inside the shell is
 * lighter by the menu code it does not open.
 */
export const DeferredMenu = ({ target, menuProps, children }: DeferredMenuProps) => {
  const [Menu, setMenu] = useState<MenuNamespace | null>(() => loadedMenu);
  const [openOnLoad, setOpenOnLoad] = useState(false);

  if (!Menu) {
    return cloneElement(target, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onPointerEnter: () => void loadMenu().catch(() => undefined),
      onFocus: () => void loadMenu().catch(() => undefined),
      onClick: () => {
        setOpenOnLoad(true);
        void loadMenu().then(
          (loaded) => setMenu(() => loaded),
          () => setOpenOnLoad(false),
        );
      },
    });
  }
  return (
    <Menu {...menuProps} defaultOpened={openOnLoad}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>{children(Menu)}</Menu.Dropdown>
    </Menu>
  );
};
