import { PageIntro } from '../../components/page-intro.tsx';
import type { PageProps, ValidateResult } from '../../lib/page.ts';

const KNOWN_KEYS: readonly string[] = [];

export const validate = (key: string): ValidateResult =>
  KNOWN_KEYS.includes(key)
    ? true
    : { statusCode: 404, statusMessage: 'Not Found' };

export default function Page({ routeKey }: PageProps) {
  return <PageIntro routeId="lucky-draw" keyLabel={routeKey ?? ''} />;
}
