'use client';

import {
  Button,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
} from 'react-aria-components';

/**
 * A react-aria select over a fixed set of ids (accounts, coins, savings products) in the
 * dialogs' style; `accept` narrows the key.
 */
export const ChoiceSelect = <T extends string>({
  label,
  name,
  value,
  options,
  accept,
  onChange,
}: {
  label: string;
  name: string;
  value: T;
  options: readonly { id: T; label: string }[];
  accept: (key: unknown) => key is T;
  onChange: (next: T) => void;
}) => (
  <Select
    className="zmx-pv-select"
    name={name}
    selectedKey={value}
    onSelectionChange={(key) => {
      if (accept(key)) onChange(key);
    }}
  >
    <Label>{label}</Label>
    <Button className="zmx-pv-select-button">
      <SelectValue />
      <span aria-hidden="true">▾</span>
    </Button>
    <Popover className="zmx-pv-popover">
      <ListBox className="zmx-pv-listbox">
        {options.map((option) => (
          <ListBoxItem key={option.id} id={option.id} className="zmx-pv-option">
            {option.label}
          </ListBoxItem>
        ))}
      </ListBox>
    </Popover>
  </Select>
);
