/**
 * The cookie strings to write for a language choice (`data-cookie` from the server). When the
 * choice goes on the parent domain, a host-only cookie of the same name left from before is
 * ended first: browsers keep both, send the older one first, and the server reads the first.
 */
export const localeCookieWrites = (cookie: string): string[] => {
  const name = cookie.slice(0, Math.max(cookie.indexOf('='), 0));
  return name && /;\s*domain=/i.test(cookie)
    ? [`${name}=; Max-Age=0; Path=/`, cookie]
    : [cookie];
};
