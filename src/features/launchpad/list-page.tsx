import { PageIntro } from '../../components/page-intro.tsx';
import type { PageProps } from '../../lib/page.ts';

export default function Page(_props: PageProps) {
  return <PageIntro routeId="launchpad" />;
}
