import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { ROOT } from '../../scripts/lib/processes.ts';

/** Writes a run's figures to bench/results/<name> (the folder is not in git: made on first use). */
export const writeResults = (name: string, figures: unknown): void => {
  const folder = path.join(ROOT, 'bench/results');
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    path.join(folder, name),
    `${JSON.stringify(figures, null, 2)}\n`,
  );
};
