/** One heading, rendered for every request: Waku's dynamic render path and nothing of ours. */
const Launchpad = ({ locale }: { locale: string }) => (
  <h1>Launchpad {locale}</h1>
);

export default Launchpad;

export const getConfig = () => Promise.resolve({ render: 'dynamic' as const });
