'use client';

import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import {
  Button,
  Dialog,
  Heading,
  Modal,
  ModalOverlay,
} from 'react-aria-components';

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
export const useFirstField = (): RefObject<HTMLInputElement | null> => {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => field.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  return field;
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
