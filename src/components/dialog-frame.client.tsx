'use client';

import { useLingui } from '@lingui/react/macro';
import {
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import {
  Button,
  Dialog,
  FieldError,
  Form,
  Heading,
  Input,
  Label,
  Modal,
  ModalOverlay,
  Text,
  TextField,
  type TextFieldProps,
} from 'react-aria-components';

import { maxInput } from '../lib/client/amount-check.ts';
import { useFocusFirstInvalid } from '../lib/client/focus.ts';

/**
 * The frame every widget dialog shares (react-aria modal: focus trapped and restored, Escape and a
 * click outside close it, the page behind is inert): the title as the dialog's name, a close
 * button, the dialog radius of spec §9. `data-dialog` names it for tests and styles.
 */
export const DialogFrame = ({
  name,
  title,
  onClose,
  children,
}: {
  name: string;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) => {
  const { t } = useLingui();
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="zmx-pv-overlay"
    >
      <Modal className="zmx-pv-modal">
        <Dialog className="zmx-pv-dialog" data-dialog={name}>
          <div className="zmx-pv-dialog-head">
            <Heading slot="title">{title}</Heading>
            <Button slot="close" className="zmx-pv-close" aria-label={t`Close`}>
              <span aria-hidden="true">×</span>
            </Button>
          </div>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
};

/** The first field takes the focus once the dialog is up (react-aria first focuses the dialog). */
const useFirstField = (): RefObject<HTMLInputElement | null> => {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => field.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  return field;
};

/**
 * What every widget form does around its own fields: `firstField` is the ref of the field that
 * takes the focus when the dialog opens; `submitting(check, send)` is the form's submit handler.
 * A press while a request is pending does nothing; `check` answers what to send, or undefined
 * when a field is invalid (it has set the errors): then the first invalid field takes the focus,
 * its error read with it. Otherwise `send` runs with `pending` true until it settles; it gets
 * `focusInvalid` for the refusals the API answers about a field.
 */
export const useDialogForm = () => {
  const [pending, setPending] = useState(false);
  const firstField = useFirstField();
  const focusFirstInvalid = useFocusFirstInvalid();
  const submitting =
    <T,>(
      check: () => T | undefined,
      send: (value: T, focusInvalid: () => void) => Promise<void>,
    ) =>
    (event: FormEvent<HTMLFormElement>): void => {
      event.preventDefault();
      const form = event.currentTarget;
      const focusInvalid = () => focusFirstInvalid(form);
      if (pending) return;
      const value = check();
      if (value === undefined) {
        focusInvalid();
        return;
      }
      setPending(true);
      void send(value, focusInvalid).finally(() => setPending(false));
    };
  return { pending, firstField, submitting };
};

/**
 * A widget form: the fields are checked by the form's code, not the browser, and each error is
 * shown beside its field and read with it (react-aria's aria validation).
 */
export const DialogForm = ({
  onSubmit,
  fieldErrors,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Each field's error by the field's name; undefined or '' for none. */
  fieldErrors: Readonly<Record<string, string | undefined>>;
  children: ReactNode;
}) => (
  <Form
    className="zmx-pv-form"
    onSubmit={onSubmit}
    validationBehavior="aria"
    validationErrors={Object.fromEntries(
      Object.entries(fieldErrors).filter((entry): entry is [string, string] =>
        Boolean(entry[1]),
      ),
    )}
  >
    {children}
  </Form>
);

/**
 * A text field of a widget form: its label, the input (`inputRef` on the one the dialog focuses
 * first), an optional hint read as its description, and its error.
 */
export const DialogField = ({
  label,
  inputRef,
  hint,
  ...field
}: Omit<TextFieldProps, 'className' | 'children'> & {
  label: string;
  inputRef?: Ref<HTMLInputElement>;
  hint?: string;
}) => (
  <TextField {...field} className="zmx-pv-field">
    <Label>{label}</Label>
    <Input ref={inputRef} />
    {hint ? (
      <Text slot="description" className="zmx-pv-field-hint">
        {hint}
      </Text>
    ) : null}
    <FieldError className="zmx-pv-field-error" />
  </TextField>
);

/**
 * The amount of a money dialog, typed in the reader's locale, with a Max button that fills in
 * `max` (the most that can be sent; the button is disabled while it is unknown).
 */
export const AmountField = ({
  label,
  inputRef,
  value,
  onChange,
  max,
}: {
  label: string;
  inputRef: Ref<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
  max: string | undefined;
}) => {
  const { t, i18n } = useLingui();
  return (
    <div className="zmx-pv-amount">
      <DialogField
        label={label}
        inputRef={inputRef}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        isRequired
        value={value}
        onChange={onChange}
      />
      <Button
        className="button zmx-pv-max"
        isDisabled={max === undefined}
        onPress={() => {
          if (max !== undefined) onChange(maxInput(max, i18n.locale));
        }}
      >
        {t({
          message: 'Max',
          comment:
            'Button beside an amount field (a narrow place): at most 6 characters',
        })}
      </Button>
    </div>
  );
};

/**
 * The end of every widget form: a status announced while the request runs, the form-level
 * error (role=alert), and the submit button (a second press while pending does nothing: the
 * forms check `pending` first).
 */
export const FormFooter = ({
  pending,
  error,
  submitLabel,
}: {
  pending: boolean;
  error: string;
  submitLabel: string;
}) => {
  const { t } = useLingui();
  return (
    <>
      <p className="visually-hidden" role="status">
        {pending ? t`Sending…` : ''}
      </p>
      <p className="zmx-pv-form-error" role="alert">
        {error}
      </p>
      <Button
        type="submit"
        className="button button-primary zmx-pv-submit"
        data-pending={pending || undefined}
      >
        {submitLabel}
      </Button>
    </>
  );
};
