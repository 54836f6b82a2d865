import { loadWidgets } from './widgets-door.ts';

/**
 * For a page action the API refused with "log in first" (10008): opens the login modal and runs
 * `retry` once the person has logged in (or signed up). `onUnavailable` runs when the widgets
 * chunk cannot be fetched (the page then says so instead of doing nothing).
 */
export const loginThen = (
  retry: () => void,
  onUnavailable: () => void,
): void => {
  loadWidgets()
    .then((widgets) => widgets.openLogin('login', retry))
    .catch(onUnavailable);
};
