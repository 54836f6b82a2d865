import type { ReactNode } from 'react';

/**
 * The bare Waku app `npm run bench` measures beside the site (bench/lib/framework-floor.ts):
 * the framework's own request and render path with next to nothing to render. Not part of
 * the site.
 */
const Layout = ({ children }: { children: ReactNode }) => (
  <main>{children}</main>
);

export default Layout;

export const getConfig = () => Promise.resolve({ render: 'static' as const });
