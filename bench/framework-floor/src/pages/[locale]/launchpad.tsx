/**
 * The framework floor's /{locale}/launchpad (issue 23): the same list as the site's page, from the
 * same sandbox data (`FLOOR_API_ORIGIN`, held 5 s like the site's server API cache), drawn with
 * the same markup — sections by state, one card per project with price, allocation, dates,
 * participants and progress — but through Waku alone: no middleware, no compression, no
 * translations (English labels, Intl formatting).
 */
type Project = {
  id: string;
  name: string;
  token: string;
  state: 'upcoming' | 'ongoing' | 'ended' | 'delisted';
  startAt: string;
  endAt: string;
  price: string;
  totalAllocation: string;
  progress: string;
  participants: number;
};

let held: { at: number; projects: Promise<Project[]> } | undefined;
const projects = (): Promise<Project[]> => {
  if (!held || Date.now() - held.at > 5000)
    held = {
      at: Date.now(),
      projects: fetch(
        `${process.env.FLOOR_API_ORIGIN ?? ''}/api/v1/launchpad/projects`,
      )
        .then((res) => res.json() as Promise<{ result: { items: Project[] } }>)
        .then((body) => body.result.items),
    };
  return held.projects;
};

const Card = ({ project, locale }: { project: Project; locale: string }) => {
  const number = new Intl.NumberFormat(locale);
  const date = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });
  return (
    <article
      className="card project-card"
      aria-labelledby={`project-${project.id}`}
    >
      <p className={`badge badge-${project.state}`}>{project.state}</p>
      <h3 id={`project-${project.id}`}>
        <a href={`/${locale}/launchpad/${encodeURIComponent(project.id)}`}>
          {project.name} <span className="muted">({project.token})</span>
        </a>
      </h3>
      <dl className="facts">
        <div>
          <dt>Price</dt>
          <dd>{`${number.format(Number(project.price))} USDT`}</dd>
        </div>
        <div>
          <dt>Total allocation</dt>
          <dd>{`${number.format(Number(project.totalAllocation))} ${project.token}`}</dd>
        </div>
        <div>
          <dt>Dates</dt>
          <dd>
            {date.formatRange(
              new Date(project.startAt),
              new Date(project.endAt),
            )}
          </dd>
        </div>
        {project.state === 'upcoming' ? null : (
          <div>
            <dt>Participants</dt>
            <dd>{number.format(project.participants)}</dd>
          </div>
        )}
      </dl>
      {project.state === 'upcoming' ? null : (
        <div
          className="progress"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Number(project.progress)}
        >
          <span
            className="progress-fill"
            style={{ width: `${project.progress}%` }}
          />
        </div>
      )}
    </article>
  );
};

const Launchpad = async ({ locale }: { locale: string }) => {
  const list = await projects();
  return (
    <>
      <h1>Launchpad</h1>
      {(['ongoing', 'upcoming', 'ended'] as const).map((state) => {
        const some = list.filter((p) => p.state === state);
        return some.length === 0 ? null : (
          <section key={state} aria-labelledby={state} className="section">
            <h2 id={state}>{state}</h2>
            <div className="card-grid">
              {some.map((p) => (
                <Card key={p.id} project={p} locale={locale} />
              ))}
            </div>
          </section>
        );
      })}
    </>
  );
};

export default Launchpad;

export const getConfig = () => Promise.resolve({ render: 'dynamic' as const });
