/**
 * deploy/kubernetes (decision 0032): every kustomization rendered (scripts/lib/kustomize.ts) and
 * every object it makes validated against the Kubernetes schemas that kubernetes-models 5.1.0 is
 * generated from (Kubernetes v1.36), with no field those schemas lack (what kubectl's strict
 * field validation refuses); then the manifests checked against the site's own configuration:
 * ports, probe paths, the grace period, the metrics port, the image's user and the capacity model.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { Hono } from 'hono';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import {
  HorizontalPodAutoscaler,
  type IHorizontalPodAutoscaler,
} from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Service } from 'kubernetes-models/v1/Service';
import { describe, expect, it } from 'vitest';

import { DEFAULT_PLAN } from '../../bench/lib/capacity.ts';
import { loadSiteConfig } from '../../src/lib/server/site-config.ts';
import { health } from '../../src/middleware/health.ts';
import {
  DEFAULT_DRAIN_MS,
  DEFAULT_SHUTDOWN_TIMEOUT_MS,
  isReadyz,
  msFromEnv,
  STOP_MARGIN_MS,
} from './drain.ts';
import { errorPages } from './edge-errors.ts';
import { KUBERNETES_EDGE, nginxConfig } from './edge.ts';
import { renderKustomization, type KubeObject } from './kustomize.ts';
import { ROOT } from './processes.ts';

const DIR = path.join(ROOT, 'deploy/kubernetes');
const CONTAINERFILE = readFileSync(
  path.join(ROOT, 'deploy/container/Containerfile'),
  'utf8',
);

/** Every folder under deploy/kubernetes with a kustomization.yaml (the base and each overlay). */
const kustomizations = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return kustomizations(full);
    return name === 'kustomization.yaml' ? [dir] : [];
  });

type Validating = { prototype: { validate: (this: unknown) => void } };
/** The schema of each kind the manifests use; any other kind fails the test. */
const MODELS: Readonly<Record<string, Validating>> = {
  'apps/v1 Deployment': Deployment,
  'autoscaling/v2 HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
  'v1 ConfigMap': ConfigMap,
  'v1 Namespace': Namespace,
  'v1 Service': Service,
};

/**
 * A copy of `value` whose every object records the fields the validator reads: a field it never
 * reads is one the schema does not have (a misspelt `readinesProbe` is valid JSON Schema for a
 * Container, and ignored by a cluster that does not validate strictly).
 */
const tracked = (value: unknown, at: string, unread: Set<string>): unknown => {
  if (Array.isArray(value))
    return value.map((item, i) => tracked(item, `${at}/${i}`, unread));
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = tracked(item, `${at}/${key}`, unread);
    unread.add(`${at}/${key}`);
  }
  return new Proxy(copy, {
    get: (target, key, receiver) => {
      if (typeof key === 'string') unread.delete(`${at}/${key}`);
      return Reflect.get(target, key, receiver) as unknown;
    },
    ownKeys: (target) => {
      for (const key of Object.keys(target)) unread.delete(`${at}/${key}`);
      return Reflect.ownKeys(target);
    },
  });
};

/** Schema errors, then fields the schema lacks; throws when either is found. */
const validate = (object: KubeObject) => {
  const model = MODELS[`${object.apiVersion} ${object.kind}`];
  if (!model)
    throw new Error(`no schema for ${object.apiVersion} ${object.kind}`);
  const unread = new Set<string>();
  model.prototype.validate.call(tracked(object, '', unread));
  if (unread.size)
    throw new Error(
      `fields the schema does not have: ${[...unread].join(', ')}`,
    );
};

const rendered = new Map(
  kustomizations(DIR).map((dir) => [
    path.relative(DIR, dir),
    renderKustomization(dir),
  ]),
);
const base = rendered.get('base') ?? [];
const find = (kind: string, name: string): KubeObject => {
  const object = base.find((o) => o.kind === kind && o.metadata.name === name);
  if (!object) throw new Error(`deploy/kubernetes/base has no ${kind} ${name}`);
  return object;
};

/** An object of the base as its kind's type: each is validated against its schema above. */
const typed = <T>(object: KubeObject): T => object as unknown as T;

const site = new Deployment(find('Deployment', 'exchange-web-site'));
const edge = new Deployment(find('Deployment', 'exchange-web-edge'));
const siteService = new Service(find('Service', 'exchange-web-site'));
const container = (deployment: Deployment): IContainer => {
  const first = deployment.spec?.template.spec?.containers[0];
  if (!first) throw new Error(`${deployment.metadata?.name} has no container`);
  return first;
};
const siteContainer = container(site);
const edgeContainer = container(edge);
const env = (name: string) =>
  siteContainer.env?.find((variable) => variable.name === name)?.value;
const port = (c: IContainer, name: string) =>
  c.ports?.find((p) => p.name === name)?.containerPort;

/** The Containerfile's `ENV name=value` or `ARG name=value`. */
const containerfileValue = (name: string) =>
  CONTAINERFILE.match(new RegExp(`\\b${name}=(\\S+)`))?.[1];

describe('deploy/kubernetes validates against the Kubernetes v1.36 schemas', () => {
  it('has the base and the production overlay', () => {
    expect([...rendered.keys()].sort()).toEqual([
      'base',
      path.join('overlays', 'production'),
    ]);
  });

  for (const [dir, objects] of rendered)
    it(`${dir}: every object is valid, with no field the schema lacks`, () => {
      expect(objects.length).toBeGreaterThan(0);
      for (const object of objects)
        expect(
          () => validate(object),
          `${dir}: ${object.kind} ${object.metadata.name}`,
        ).not.toThrow();
    });

  it('the strict check refuses a field the schema lacks, and a value of the wrong type', () => {
    const misspelt: KubeObject = {
      ...find('Deployment', 'exchange-web-site'),
      spec: {
        ...site.spec,
        template: {
          ...site.spec?.template,
          spec: {
            ...site.spec?.template.spec,
            containers: [{ ...siteContainer, readinesProbe: {} }],
          },
        },
      },
    };
    expect(() => validate(misspelt)).toThrow(/containers\/0\/readinesProbe/);
    const wrongType = {
      ...find('Service', 'exchange-web-site'),
      spec: { ports: [{ port: 'eighty' }] },
    };
    expect(() => validate(wrongType)).toThrow();
  });

  it('the production overlay changes the image, the namespace and the configuration', () => {
    const production = rendered.get(path.join('overlays', 'production')) ?? [];
    const deployment = production.find(
      (o) => o.kind === 'Deployment' && o.metadata.name === 'exchange-web-site',
    );
    expect(deployment?.metadata.namespace).toBe('exchange-web');
    expect(deployment && container(new Deployment(deployment)).image).toMatch(
      /^registry\.example\.com\/exchange-web:/,
    );
    const config = production.find(
      (o) => o.kind === 'ConfigMap' && o.metadata.name === 'exchange-web-site',
    );
    expect(new ConfigMap(config).data?.API_ORIGIN).toMatch(/^https:/);
  });
});

describe("the site's Deployment agrees with the site's configuration", () => {
  const defaultPort = new URL(loadSiteConfig({}).siteOrigin).port;

  it('listens where the site and the image say, behind a Service the edge names', () => {
    expect(env('PORT')).toBe(defaultPort);
    expect(containerfileValue('PORT')).toBe(defaultPort);
    expect(port(siteContainer, 'http')).toBe(Number(env('PORT')));
    const servicePort = siteService.spec?.ports?.find((p) => p.name === 'http');
    expect(servicePort?.targetPort).toBe('http');
    expect(KUBERNETES_EDGE.upstreams).toEqual([
      `${siteService.metadata?.name}:${servicePort?.port}`,
    ]);
    expect(env('WEB_CONCURRENCY')).toBe('1');
  });

  it('probes the paths the health middleware answers, on the site port', async () => {
    const app = new Hono()
      .use(health(loadSiteConfig({})))
      .all('*', (c) => c.text('not a probe', 404));
    const { startupProbe, livenessProbe, readinessProbe } = siteContainer;
    for (const probe of [startupProbe, livenessProbe, readinessProbe]) {
      expect(probe?.httpGet?.port).toBe('http');
      const answer = await app.request(probe?.httpGet?.path ?? '');
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    }
    // liveness and start-up: the process answers, whatever the API does
    expect(startupProbe?.httpGet?.path).toBe('/healthz');
    expect(livenessProbe?.httpGet?.path).toBe('/healthz');
    expect((await app.request('/healthz')).status).toBe(200);
    // readiness: the path that answers 503 from the first moment of a drain
    expect(isReadyz(`http://site${readinessProbe?.httpGet?.path}`)).toBe(true);
  });

  it('gives a stopping pod its preStop pause, drain period and shutdown timeout', () => {
    const drainMs = msFromEnv(env('SHUTDOWN_DRAIN_MS'), DEFAULT_DRAIN_MS);
    const timeoutMs = msFromEnv(
      env('SHUTDOWN_TIMEOUT_MS'),
      DEFAULT_SHUTDOWN_TIMEOUT_MS,
    );
    const preStop = siteContainer.lifecycle?.preStop?.exec?.command;
    expect(preStop?.[0]).toBe('sleep');
    const preStopMs = Number(preStop?.[1]) * 1000;
    expect(preStopMs).toBeGreaterThan(0);
    expect(
      (site.spec?.template.spec?.terminationGracePeriodSeconds ?? 0) * 1000,
    ).toBe(preStopMs + drainMs + timeoutMs + STOP_MARGIN_MS);
    // a pod that began to drain fails its readiness checks before it stops serving
    const readiness = siteContainer.readinessProbe;
    expect(
      (readiness?.periodSeconds ?? 10) *
        (readiness?.failureThreshold ?? 3) *
        1000,
    ).toBeLessThan(drainMs);
    // no pod is taken away before its replacement is ready
    expect(site.spec?.strategy?.rollingUpdate?.maxUnavailable).toBe(0);
  });

  it('serves its metrics on their own port, on the pod address, named and annotated for scraping', () => {
    const metricsPort = Number(env('METRICS_PORT'));
    expect(port(siteContainer, 'metrics')).toBe(metricsPort);
    expect(metricsPort).not.toBe(Number(env('PORT')));
    expect(env('METRICS_HOST')).toBe('0.0.0.0');
    const annotations = site.spec?.template.metadata?.annotations;
    expect(annotations?.['prometheus.io/scrape']).toBe('true');
    expect(annotations?.['prometheus.io/port']).toBe(String(metricsPort));
    expect(annotations?.['prometheus.io/path']).toBe('/metrics');
  });

  it("runs as the image's user, without privileges, on a read-only root with /tmp writable", () => {
    const user = CONTAINERFILE.match(/^USER (\d+):(\d+)$/m);
    const pod = site.spec?.template.spec?.securityContext;
    expect(pod?.runAsNonRoot).toBe(true);
    expect(pod?.runAsUser).toBe(Number(user?.[1]));
    expect(pod?.runAsGroup).toBe(Number(user?.[2]));
    for (const c of [siteContainer, edgeContainer]) {
      expect(c.securityContext?.allowPrivilegeEscalation).toBe(false);
      expect(c.securityContext?.readOnlyRootFilesystem).toBe(true);
      expect(c.securityContext?.capabilities?.drop).toEqual(['ALL']);
    }
    expect(edge.spec?.template.spec?.securityContext?.runAsNonRoot).toBe(true);
    // the image's one writable path, where the sandbox would keep its state
    const tmp = siteContainer.volumeMounts?.find((m) => m.mountPath === '/tmp');
    const volume = site.spec?.template.spec?.volumes?.find(
      (v) => v.name === tmp?.name,
    );
    expect(volume?.emptyDir).toBeDefined();
    expect(containerfileValue('SANDBOX_DATA')).toMatch(/^\/tmp\//);
  });

  it('sizes pods and autoscaling from the capacity model', () => {
    // one process is one core in the model, planned at its utilization
    expect(siteContainer.resources?.requests?.cpu).toBe('1000m');
    const hpa = new HorizontalPodAutoscaler(
      typed<IHorizontalPodAutoscaler>(
        find('HorizontalPodAutoscaler', 'exchange-web-site'),
      ),
    );
    expect(hpa.spec.scaleTargetRef).toMatchObject({
      kind: 'Deployment',
      name: site.metadata?.name,
    });
    expect(hpa.spec.minReplicas).toBe(DEFAULT_PLAN.minProcesses);
    expect(hpa.spec.metrics?.[0]?.resource?.target.averageUtilization).toBe(
      DEFAULT_PLAN.utilization * 100,
    );
    const edgeHpa = new HorizontalPodAutoscaler(
      typed<IHorizontalPodAutoscaler>(
        find('HorizontalPodAutoscaler', 'exchange-web-edge'),
      ),
    );
    expect(edgeHpa.spec.minReplicas).toBe(DEFAULT_PLAN.minNodes);
    expect(edgeHpa.spec.metrics?.[0]?.resource?.target.averageUtilization).toBe(
      DEFAULT_PLAN.utilization * 100,
    );
    // nginx runs a worker per core the pod asks for
    expect(edgeContainer.resources?.requests?.cpu).toBe(
      `${Number(KUBERNETES_EDGE.workers) * 1000}m`,
    );
  });

  it('selects its own pods in every Service, autoscaler and disruption budget', () => {
    for (const deployment of [site, edge]) {
      const labels = deployment.spec?.template.metadata?.labels ?? {};
      const name = deployment.metadata?.name ?? '';
      expect(new Service(find('Service', name)).spec?.selector).toEqual(
        deployment.spec?.selector.matchLabels,
      );
      expect(
        new PodDisruptionBudget(find('PodDisruptionBudget', name)).spec
          ?.selector?.matchLabels,
      ).toEqual(deployment.spec?.selector.matchLabels);
      for (const [key, value] of Object.entries(
        deployment.spec?.selector.matchLabels ?? {},
      ))
        expect(labels[key]).toBe(value);
    }
  });
});

describe("the edge's Deployment carries the generated configuration", () => {
  const mountOf = (volumeName: string) =>
    edgeContainer.volumeMounts?.find((m) => m.name === volumeName)?.mountPath;
  const volumes = edge.spec?.template.spec?.volumes ?? [];
  const configMapVolume = (configMap: string) =>
    volumes.find((v) => v.configMap?.name === configMap)?.name ?? '';

  it('is nginx.conf as `npm run edge:config -- --kubernetes` writes it, where nginx reads it', () => {
    const config = new ConfigMap(find('ConfigMap', 'exchange-web-edge'));
    expect(config.data?.['nginx.conf']).toBe(nginxConfig(KUBERNETES_EDGE));
    const dir = mountOf(configMapVolume('exchange-web-edge'));
    expect(edgeContainer.args).toEqual([
      '-c',
      `${dir}/nginx.conf`,
      '-g',
      'daemon off;',
    ]);
    expect(port(edgeContainer, 'http')).toBe(Number(KUBERNETES_EDGE.listen));
    const cache = volumes.find((v) => v.emptyDir);
    expect(mountOf(cache?.name ?? '')).toBe(KUBERNETES_EDGE.dir);
  });

  it('has the 503 pages the generator writes from the catalogs, where nginx.conf names them', async () => {
    const pages = new ConfigMap(find('ConfigMap', 'exchange-web-edge-errors'));
    const expected = await errorPages();
    expect(Object.keys(pages.data ?? {}).sort()).toEqual(
      [...expected.keys()].sort(),
    );
    for (const [file, html] of expected)
      expect(pages.data?.[file], file).toBe(html);
    expect(mountOf(configMapVolume('exchange-web-edge-errors'))).toBe(
      KUBERNETES_EDGE.errorPages,
    );
  });
});

describe('the image and the repository agree', () => {
  it("builds on the `node` devDependency's version of Node", () => {
    const pkg = JSON.parse(
      readFileSync(path.join(ROOT, 'package.json'), 'utf8'),
    ) as { devDependencies: Record<string, string> };
    expect(containerfileValue('NODE_VERSION')).toBe(pkg.devDependencies.node);
  });

  it('checks its health on /healthz at the port the site listens on', () => {
    const check = CONTAINERFILE.slice(CONTAINERFILE.search(/^HEALTHCHECK /m));
    expect(check).toMatch(/^HEALTHCHECK [^\n]*\\\n\s+CMD .*\/healthz/);
    expect(check.match(/process\.env\.PORT \|\| (\d+)/)?.[1]).toBe(
      new URL(loadSiteConfig({}).siteOrigin).port,
    );
  });
});
