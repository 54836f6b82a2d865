import { PageIntro } from '../../components/page-intro.tsx';
import type { PageProps } from '../../server/page-types.ts';

export default function Page(_props: PageProps) {
  return <PageIntro routeId="join-us" />;
}
