/**
 * OpenTelemetry traces (issue 43 item 4): with OTEL_EXPORTER_OTLP_ENDPOINT pointing at an OTLP
 * receiver on loopback, one page view that misses the page cache and calls the API exports the
 * request's server span, its render span and the API calls' client spans, linked parent to
 * child, with their attributes; the sandbox API received the W3C traceparent of that trace; the
 * access log line names the trace; a share image is drawn in a span of its own trace on the
 * worker thread. With no endpoint, nothing of it runs: no traceparent leaves the site.
 */
import { afterEach, describe, expect, it } from 'vitest';

import { PERSON_UA } from '../helpers/browser.ts';
import {
  startOtlpReceiver,
  type OtlpReceiver,
  type ReceivedSpan,
} from '../helpers/otlp-receiver.ts';
import { perTestProcesses } from '../helpers/process-stack.ts';

const { stack } = perTestProcesses('tracing');

let receiver: OtlpReceiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

const SERVER = 2;
const CLIENT = 3;

/** Polls `read` until `done` holds of its value or 20 s pass (then the last value is returned). */
const waitFor = async <T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
): Promise<T> => {
  const deadline = Date.now() + 20_000;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
};

type TraceContextItem = { method: string; path: string; traceparent: string };
const traceContextSeen = async (apiOrigin: string) => {
  const res = await fetch(`${apiOrigin}/__sandbox/trace-context`);
  const body = (await res.json()) as { result: { items: TraceContextItem[] } };
  return body.result.items;
};

const get = async (origin: string, path: string) => {
  const res = await fetch(`${origin}${path}`, {
    headers: { 'user-agent': PERSON_UA },
    redirect: 'manual',
  });
  await res.arrayBuffer();
  return res;
};

/** The spans below `root` in its trace (children, their children …). */
const descendants = (spans: ReceivedSpan[], root: ReceivedSpan) => {
  const out: ReceivedSpan[] = [];
  const walk = (id: string) => {
    for (const s of spans)
      if (s.traceId === root.traceId && s.parentSpanId === id) {
        out.push(s);
        walk(s.spanId);
      }
  };
  walk(root.spanId);
  return out;
};

describe('tracing', () => {
  it('exports the request, render and API spans of one page view, and the API gets the traceparent', async () => {
    receiver = await startOtlpReceiver();
    const own = receiver;
    const { origin, sandbox, server } = await stack({
      OTEL_EXPORTER_OTLP_ENDPOINT: own.url,
      OTEL_BSP_SCHEDULE_DELAY: '100',
      OTEL_SERVICE_NAME: 'exchange-web-test',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=test',
    });
    let logged = '';
    server.child.stdout?.on('data', (chunk: Buffer) => {
      logged += chunk.toString();
    });

    const res = await get(origin, '/en/launchpad');
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toBeTruthy();

    // the request's server span, once the batch is exported
    const isPageSpan = (s: ReceivedSpan) =>
      s.kind === SERVER && s.attributes['url.path'] === '/en/launchpad';
    const spans = await waitFor(
      () => own.spans,
      (all) => {
        const page = all.find(isPageSpan);
        return (
          page !== undefined &&
          descendants(all, page).some((s) => s.kind === CLIENT) &&
          descendants(all, page).some((s) => s.name === 'render')
        );
      },
    );
    expect(own.contentTypes).toEqual(new Set(['application/x-protobuf']));
    const page = spans.find(isPageSpan);
    expect(page).toBeDefined();
    if (!page) return;
    expect(page.name).toBe('GET /:locale/launchpad');
    expect(page.parentSpanId).toBe('');
    expect(page.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/:locale/launchpad',
      'http.response.status_code': 200,
      'url.scheme': 'http',
      'exchange.route_id': 'launchpad',
      'exchange.locale': 'en',
      'exchange.page_cache': 'miss',
    });
    expect(page.resource).toMatchObject({
      'service.name': 'exchange-web-test',
      'deployment.environment.name': 'test',
    });
    expect(String(page.resource['exchange.build_id'])).toMatch(/^[\w-]{4,64}$/);

    // the render is the server span's child; the API calls are below it
    const render = spans.find(
      (s) => s.name === 'render' && s.parentSpanId === page.spanId,
    );
    expect(render).toBeDefined();
    if (!render) return;
    expect(render.attributes['exchange.render_kind']).toBe('document');
    const calls = descendants(spans, page).filter((s) => s.kind === CLIENT);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.parentSpanId).toBe(render.spanId);
      expect(String(call.attributes['url.full'])).toMatch(
        new RegExp(`^${sandbox.url}/`),
      );
      expect(call.attributes['http.response.status_code']).toBe(200);
    }

    // the sandbox received each call's traceparent: this trace, the client span as parent
    const received = await traceContextSeen(sandbox.url);
    const ofThisTrace = received.filter((r) =>
      r.traceparent.startsWith(`00-${page.traceId}-`),
    );
    expect(ofThisTrace.length).toBe(calls.length);
    for (const item of ofThisTrace) {
      const parent = item.traceparent.split('-')[2];
      expect(calls.map((c) => c.spanId)).toContain(parent);
      expect(item.traceparent).toMatch(/^00-[\da-f]{32}-[\da-f]{16}-01$/);
    }

    // the access log line of that request names its trace and span
    const line = await waitFor(
      () =>
        logged
          .split('\n')
          .find(
            (l) =>
              l.includes(`"requestId":"${requestId}"`) &&
              l.includes('"msg":"request"'),
          ),
      (found) => found !== undefined,
    );
    expect(line).toBeDefined();
    const fields = JSON.parse(line ?? '{}') as Record<string, unknown>;
    expect(fields.traceId).toBe(page.traceId);
    expect(fields.spanId).toBe(page.spanId);

    // a cache hit of the same page is a span of its own trace, marked as a hit
    // (the page is stored once its answer is complete: ask until it answers from the cache)
    const hit = await waitFor(
      () => get(origin, '/en/launchpad'),
      (r) => r.headers.get('x-cache') === 'HIT',
    );
    expect(hit.headers.get('x-cache')).toBe('HIT');
    const hitSpan = await waitFor(
      () =>
        own.spans.find(
          (s) => isPageSpan(s) && s.attributes['exchange.page_cache'] === 'hit',
        ),
      (found) => found !== undefined,
    );
    expect(hitSpan?.traceId).not.toBe(page.traceId);
  });

  it('draws a share image in a span on the worker thread, in the request trace', async () => {
    receiver = await startOtlpReceiver();
    const own = receiver;
    const { origin } = await stack({
      OTEL_EXPORTER_OTLP_ENDPOINT: own.url,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    const res = await get(origin, '/og/en/launchpad.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const isRequest = (s: ReceivedSpan) =>
      s.kind === SERVER && s.attributes['url.path'] === '/og/en/launchpad.png';
    const spans = await waitFor(
      () => own.spans,
      (all) =>
        all.some((s) => s.name === 'share-image draw') && all.some(isRequest),
    );
    const draw = spans.find((s) => s.name === 'share-image draw');
    const request = spans.find(isRequest);
    expect(draw).toBeDefined();
    expect(request).toBeDefined();
    if (!draw || !request) return;
    expect(draw.traceId).toBe(request.traceId);
    // its parent is a span of the request (the server span or one below it)
    expect(
      [request, ...descendants(spans, request)].map((s) => s.spanId),
    ).toContain(draw.parentSpanId);
    expect(draw.attributes['exchange.locale']).toBe('en');
    // exported by the worker thread's own SDK
    expect(draw.resource['thread.id']).toBeGreaterThan(0);
    expect(request.resource['thread.id']).toBeUndefined();
  });

  it('with no endpoint, no SDK runs: nothing is traced and no traceparent reaches the API', async () => {
    const { origin, sandbox } = await stack({});
    // every API call is recorded with its headers (a fault that only waits 0 ms)
    await fetch(`${sandbox.url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pathPrefix: '/api/', kind: 'delay', ms: 0 }),
    });
    const res = await get(origin, '/en/launchpad');
    expect(res.status).toBe(200);
    const seen = (await (
      await fetch(`${sandbox.url}/__sandbox/requests`)
    ).json()) as { result: { items: { headers: Record<string, string> }[] } };
    expect(seen.result.items.length).toBeGreaterThan(0);
    for (const request of seen.result.items)
      expect(request.headers.traceparent).toBeUndefined();
    expect(await traceContextSeen(sandbox.url)).toEqual([]);
  });
});
