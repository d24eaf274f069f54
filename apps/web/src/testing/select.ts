import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

type User = ReturnType<typeof userEvent.setup>;

/** Opens one select and gives its list of options (every select keeps its options in the page). */
export const openOptionList = async (user: User, combobox: HTMLElement): Promise<HTMLElement> => {
  await user.click(combobox);
  const listId = await waitFor(() => {
    const id = combobox.getAttribute('aria-controls');
    if (!id) throw new Error('Closed');
    return id;
  });
  const list = document.getElementById(listId);
  if (!list) throw new Error('No list');
  return list;
};

/** Picks an option of one select, given the select or its accessible name. */
export const chooseOption = async (user: User, select: HTMLElement | string, option: string) => {
  const combobox = typeof select === 'string' ? screen.getByRole('combobox', { name: select }) : select;
  const list = await openOptionList(user, combobox);
  await user.click(within(list).getByRole('option', { name: option, hidden: true }));
};
