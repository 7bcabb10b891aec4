import type { SelectGroupOption, SelectOption } from 'naive-ui'

// naive-ui's menus carry no roles: give them the listbox semantics assistive tools expect.
export const LISTBOX_PROPS = { role: 'listbox' }

/** `node-props` for a select's options: role and selection state for assistive tools. */
export function optionProps(isSelected: (value: unknown) => boolean) {
  return (option: SelectOption | SelectGroupOption) => ({
    role: 'option',
    'aria-selected': isSelected('value' in option ? option.value : undefined),
  })
}
