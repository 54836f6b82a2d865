import { msg } from '@lingui/core/macro';

/** The texts of the error screens (spec §2: "Page Not Found", "Internal Server Error"). */
export const ERROR_MESSAGES = {
  notFoundTitle: msg({ id: 'error.notFound.title', message: 'Page Not Found' }),
  notFoundBody: msg({
    id: 'error.notFound.body',
    message: 'The page you are looking for does not exist or has moved.',
  }),
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
  goneTitle: msg({
    id: 'error.gone.title',
    message: 'This page is no longer available',
  }),
  goneBody: msg({
    id: 'error.gone.body',
    message:
      'What you are looking for has ended or was removed and will not come back.',
  }),
  unavailableTitle: msg({
    id: 'error.unavailable.title',
    message: 'Temporarily unavailable',
  }),
  unavailableBody: msg({
    id: 'error.unavailable.body',
    message:
      'We cannot load this page right now. Please try again in a minute.',
  }),
  serverErrorTitle: msg({
    id: 'error.server.title',
    message: 'Internal Server Error',
  }),
  serverErrorBody: msg({
    id: 'error.server.body',
    message:
      'Something went wrong on our side. Our team has been told; please try again.',
  }),
  badRequestTitle: msg({
    id: 'error.badRequest.title',
    message: 'Bad Request',
  }),
  badRequestBody: msg({
    id: 'error.badRequest.body',
    message:
      'This address is not well-formed, so we cannot open it. Check the link, or start again from the home page.',
  }),
  tooLongTitle: msg({ id: 'error.tooLong.title', message: 'Address Too Long' }),
  tooLongBody: msg({
    id: 'error.tooLong.body',
    message:
      'This address is longer than we accept. Check the link, or start again from the home page.',
  }),
  statusLabel: msg({ id: 'error.status', message: 'Error {status}' }),
  backHome: msg({ id: 'error.backHome', message: 'Back to the home page' }),
  tryAgain: msg({ id: 'error.tryAgain', message: 'Try again' }),
};

export const errorTexts = (status: number) => {
  if (status === 404)
    return {
      title: ERROR_MESSAGES.notFoundTitle,
      body: ERROR_MESSAGES.notFoundBody,
    };
  if (status === 400)
    return {
      title: ERROR_MESSAGES.badRequestTitle,
      body: ERROR_MESSAGES.badRequestBody,
    };
  if (status === 414)
    return {
      title: ERROR_MESSAGES.tooLongTitle,
      body: ERROR_MESSAGES.tooLongBody,
    };
  if (status === 410)
    return { title: ERROR_MESSAGES.goneTitle, body: ERROR_MESSAGES.goneBody };
  if (status === 503)
    return {
      title: ERROR_MESSAGES.unavailableTitle,
      body: ERROR_MESSAGES.unavailableBody,
    };
  return {
    title: ERROR_MESSAGES.serverErrorTitle,
    body: ERROR_MESSAGES.serverErrorBody,
  };
};
