import { createHash } from 'node:crypto';

import { THEME_SCRIPT } from '../theme.ts';

/** The CSP source that allows the document's theme script (and nothing else) inline. */
export const THEME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
