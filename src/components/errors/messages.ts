import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The texts of the error screens (spec §2: "Page Not Found", "Internal Server Error"). */
export const ERROR_MESSAGES = {
  notFoundPath: msg({
    id: 'error.notFound.path',
    comment:
      'Under the page-not-found heading: the address that was asked for (spec §8).',
    message: 'Page Not Found: {path}',
  }),
  notFoundSuggestion: msg({
    id: 'error.notFound.suggestion',
    comment:
      "A link on the page-not-found screen to the page of the site whose address is closest to the one asked for; {page} is that page's name in the navigation (e.g. Launchpad).",
    message: 'Did you mean {page}?',
  }),
  statusLabel: msg({ id: 'error.status', message: 'Error {status}' }),
  backHome: msg({ id: 'error.backHome', message: 'Back to the home page' }),
};

type ErrorTexts = {
  readonly title: MessageDescriptor;
  readonly body: MessageDescriptor;
};

/** Any status without texts of its own reads as a server error. */
const SERVER_ERROR: ErrorTexts = {
  title: msg({ id: 'error.server.title', message: 'Internal Server Error' }),
  body: msg({
    id: 'error.server.body',
    message:
      'Something went wrong on our side. Our team has been told; please try again.',
  }),
};

/** The heading and the explanation of each error status's screen. */
const STATUS_TEXTS: Readonly<Record<number, ErrorTexts>> = {
  400: {
    title: msg({ id: 'error.badRequest.title', message: 'Bad Request' }),
    body: msg({
      id: 'error.badRequest.body',
      message:
        'This address is not well-formed, so we cannot open it. Check the link, or start again from the home page.',
    }),
  },
  404: {
    title: msg({ id: 'error.notFound.title', message: 'Page Not Found' }),
    body: msg({
      id: 'error.notFound.body',
      message: 'The page you are looking for does not exist or has moved.',
    }),
  },
  410: {
    title: msg({
      id: 'error.gone.title',
      message: 'This page is no longer available',
    }),
    body: msg({
      id: 'error.gone.body',
      message:
        'What you are looking for has ended or was removed and will not come back.',
    }),
  },
  414: {
    title: msg({ id: 'error.tooLong.title', message: 'Address Too Long' }),
    body: msg({
      id: 'error.tooLong.body',
      message:
        'This address is longer than we accept. Check the link, or start again from the home page.',
    }),
  },
  503: {
    title: msg({
      id: 'error.unavailable.title',
      message: 'Temporarily unavailable',
    }),
    body: msg({
      id: 'error.unavailable.body',
      message:
        'We cannot load this page right now. Please try again in a minute.',
    }),
  },
};

export const errorTexts = (status: number): ErrorTexts =>
  STATUS_TEXTS[status] ?? SERVER_ERROR;
